import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.js';

/*
 * CPU time spent by the bench server and by the PostgreSQL backends serving it, read from
 * /proc. On a shared two-core machine latency moves with whatever else runs, while the CPU a
 * request costs barely does: comparing two versions by CPU per request needs no quiet machine.
 */

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** user + system CPU of a process in ms, or undefined once it has gone. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export interface CpuSnapshot {
  serverMs: number;
  backendMs: Map<number, number>;
}

/** The server's CPU and that of every other backend connected to this database (the server's pool). */
export async function snapshotCpu(database: Database, serverPid: number): Promise<CpuSnapshot> {
  const result = await database.db.execute(
    sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  const backendMs = new Map<number, number>();
  for (const { pid } of (result as unknown as { rows: { pid: number }[] }).rows) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) backendMs.set(pid, ms);
  }
  return { serverMs: processCpuMs(serverPid) ?? 0, backendMs };
}

/** CPU spent between two snapshots; a backend that connected in between counts from zero. */
export function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): { serverMs: number; databaseMs: number } {
  let databaseMs = 0;
  for (const [pid, ms] of after.backendMs) databaseMs += ms - (before.backendMs.get(pid) ?? 0);
  return { serverMs: after.serverMs - before.serverMs, databaseMs };
}
