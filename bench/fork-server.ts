import { build } from 'esbuild';
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const SERVER_PACKAGE = join(HERE, '..', 'apps', 'server', 'package.json');

/**
 * Bundles bench-server.ts as the production build bundles the server (apps/server/build.mjs:
 * one ESM file, registry packages loaded from node_modules), so the bench measures the code
 * production runs and its memory: run from source through tsx, the process also holds the
 * loader, every module's source and its map (about 45 MB more resident memory).
 */
async function bundleBenchServer(): Promise<string> {
  const pkg = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')) as { dependencies: Record<string, string> };
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@gemstock/'));
  // Beside the server's own build, whose code finds its migrations by walking up to apps/server.
  const outfile = join(dirname(SERVER_PACKAGE), 'dist', 'bench', 'bench-server.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: [join(HERE, 'bench-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}

const indexLoaded = new WeakMap<ChildProcess, Promise<string>>();

/**
 * Starts the bench server (bench-server.ts, bundled as production is) in its own process, so
 * the load generator never shares its event loop, and resolves with its address once it
 * listens. With BENCH_CPU_PROF=1 the server runs from its sources (through tsx, so the profile
 * names source files) and writes a V8 CPU profile to bench/results/profiles/ when it stops (open
 * it in Chrome DevTools or summarise it with bench/profile-summary.ts).
 */
export async function forkBenchServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const execArgv: string[] = [];
  let entry: string;
  if (process.env.BENCH_CPU_PROF === '1') {
    const dir = join(HERE, 'results', 'profiles');
    mkdirSync(dir, { recursive: true });
    // A profile is read by source file (profile-summary.ts): run from the sources through tsx.
    execArgv.push('--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`);
    entry = join(HERE, 'bench-server.ts');
  } else {
    entry = await bundleBenchServer();
  }
  const child = fork(entry, [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Listened for from the start: a small catalogue's index may load before the caller asks.
  indexLoaded.set(
    child,
    new Promise<string>((resolve) => {
      const onMessage = (message: { type?: string; state?: string }) => {
        if (message?.type !== 'search-index') return;
        child.off('message', onMessage);
        resolve(message.state ?? 'ready');
      };
      child.on('message', onMessage);
      child.once('exit', () => resolve('exited'));
    }),
  );
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { address: string }).address));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, base };
}

/**
 * BENCH_SERVERS (1 unless set) server processes on one PostgreSQL, listening on one port: the
 * kernel spreads connections among them (SO_REUSEPORT) as a balancer spreads them among
 * servers, and each holds its own search index, as production's servers do (docs/operations.md,
 * "Scaling"). Resolves once all listen.
 */
export async function forkBenchServers(
  env: Record<string, string>,
  count = Number(process.env.BENCH_SERVERS ?? 1),
): Promise<{ children: ChildProcess[]; base: string }> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`BENCH_SERVERS must be a whole number ≥ 1, got ${count}`);
  const first = await forkBenchServer(env);
  const port = new URL(first.base).port;
  const children = [first.child];
  for (let i = 1; i < count; i += 1) children.push((await forkBenchServer({ ...env, BENCH_PORT: port })).child);
  return { children, base: first.base };
}

/**
 * Waits while the bench servers load their search index (SEARCH_INDEX=memory, the default): the
 * load takes a core for half a minute at a million materials, and whatever is measured meanwhile
 * measures the load. Each server tells over IPC (health cannot be asked of one process when
 * several share a port). Resolves with the first one's state ('ready', or 'off' for the database
 * path).
 */
export async function untilSearchIndexesReady(children: readonly ChildProcess[]): Promise<string> {
  const states = await Promise.all(children.map((child) => indexLoaded.get(child) ?? Promise.resolve('off')));
  return states[0] ?? 'off';
}

/** How many statements the bench servers have sent PostgreSQL so far, together. */
export async function statementsSentByAll(children: readonly ChildProcess[]): Promise<number> {
  let total = 0;
  for (const child of children) total += await statementsSentBy(child);
  return total;
}

/** How many statements the bench server has sent PostgreSQL so far (bench-server.ts counts them). */
export function statementsSentBy(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; count?: number }) => {
      if (message?.type !== 'statements') return;
      child.off('message', onMessage);
      resolve(message.count ?? 0);
    };
    child.on('message', onMessage);
    if (!child.send({ type: 'statements?' })) reject(new Error('bench server gone'));
  });
}
