import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Starts the bench server (bench-server.ts) in its own process, so the load generator never
 * shares its event loop, and resolves with its address once it listens. With BENCH_CPU_PROF=1 the server writes a V8 CPU profile to bench/results/profiles/
 * when it stops (open it in Chrome DevTools or summarise it with bench/profile-summary.ts).
 */
export async function forkBenchServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF === '1') {
    const dir = join(HERE, 'results', 'profiles');
    mkdirSync(dir, { recursive: true });
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
  }
  const child = fork(join(HERE, 'bench-server.ts'), [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, base };
}
