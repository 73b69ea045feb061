import { readFileSync } from 'node:fs';

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

/** The PostgreSQL backends serving the bench server: every other connection to this database. */
export const SERVER_BACKENDS_SQL =
  'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/** The server's CPU and that of the backends `listBackendPids` names (run SERVER_BACKENDS_SQL). */
export async function snapshotCpu(serverPid: number, listBackendPids: () => Promise<number[]>): Promise<CpuSnapshot> {
  const backendMs = new Map<number, number>();
  for (const pid of await listBackendPids()) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) backendMs.set(pid, ms);
  }
  return { serverMs: processCpuMs(serverPid) ?? 0, backendMs };
}

/** CPU per request between two snapshots, in ms; a backend that connected in between counts from zero. */
export function cpuPer(
  before: CpuSnapshot,
  after: CpuSnapshot,
  requests: number,
): { serverMs: number; databaseMs: number } {
  let databaseMs = 0;
  for (const [pid, ms] of after.backendMs) databaseMs += ms - (before.backendMs.get(pid) ?? 0);
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  return { serverMs: per(after.serverMs - before.serverMs), databaseMs: per(databaseMs) };
}
