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
  /** This process's own CPU: the load generator's, for the benches that run autocannon in it. */
  loadGeneratorMs: number;
  /** The whole machine's CPU time since boot, all cores, and the part of it spent idle (ms). */
  machineMs: number;
  machineIdleMs: number;
}

/** /proc/stat's first line: every core's user, nice, system, idle, iowait, irq, softirq, steal. */
function machineCpuMs(): { totalMs: number; idleMs: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return { totalMs: toMs(fields.reduce((a, b) => a + b, 0)), idleMs: toMs(fields[3]! + fields[4]!) };
}

/** The PostgreSQL backends serving the bench server: every other connection to this database. */
export const SERVER_BACKENDS_SQL =
  'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/**
 * The CPU of the server processes (summed), of the backends `listBackendPids` names (run
 * SERVER_BACKENDS_SQL), of this process and of the whole machine.
 */
export async function snapshotCpu(
  serverPids: readonly number[],
  listBackendPids: () => Promise<number[]>,
): Promise<CpuSnapshot> {
  const backendMs = new Map<number, number>();
  for (const pid of await listBackendPids()) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) backendMs.set(pid, ms);
  }
  let serverMs = 0;
  for (const pid of serverPids) serverMs += processCpuMs(pid) ?? 0;
  const own = process.cpuUsage();
  const machine = machineCpuMs();
  return {
    serverMs,
    backendMs,
    loadGeneratorMs: (own.user + own.system) / 1000,
    machineMs: machine.totalMs,
    machineIdleMs: machine.idleMs,
  };
}

/** CPU per request between two snapshots, in ms; a backend that connected in between counts from zero. */
export function cpuPer(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuPerRequest {
  let databaseMs = 0;
  for (const [pid, ms] of after.backendMs) databaseMs += ms - (before.backendMs.get(pid) ?? 0);
  const per = (ms: number) => Math.round((ms / Math.max(1, requests)) * 100) / 100;
  const machineMs = after.machineMs - before.machineMs;
  return {
    serverMs: per(after.serverMs - before.serverMs),
    databaseMs: per(databaseMs),
    loadGeneratorMs: per(after.loadGeneratorMs - before.loadGeneratorMs),
    idleShare: machineMs > 0 ? Math.round(((after.machineIdleMs - before.machineIdleMs) / machineMs) * 100) / 100 : 0,
  };
}

/**
 * Where the machine's cores went per request: the server, its PostgreSQL backends, the load
 * generator; and the share of all cores left idle. When the idle share is near zero a request's
 * latency is its wait for a core, and less CPU anywhere (the load generator's too) shortens it.
 */
export interface CpuPerRequest {
  serverMs: number;
  databaseMs: number;
  loadGeneratorMs: number;
  idleShare: number;
}
