import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Config } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import type { TokenService } from '../../src/lib/tokens.js';
import type { ApiResult, TestApp } from './test-app.js';

/**
 * Real server processes (`src/main.ts` through tsx, as a deployment runs `dist/main.js`) for the
 * tests about several servers on one database, and a TestApp that talks to one of them over
 * HTTP so the usual helpers (buyers, wallets, orders, operators) work against it.
 */

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port */
  base: string;
  /** What the process wrote so far (for failure messages). */
  output(): string;
  /** SIGTERM and wait for the exit; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** SIGKILLs whatever a failed test left running (call from afterAll). */
export function killServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Starts `src/main.ts` with exactly `env` (plus PATH and HOME) and waits until /healthz answers.
 * Readiness is not awaited: some tests are about a server that is not ready.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      // A busy test machine must not shed the test's requests.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
      PORT: String(port),
    },
    stdio: 'pipe',
  });
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    base,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Polls `check` until it returns something other than undefined/false; every state a test
 * waits for is awaited this way, never a fixed time.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 45_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A TestApp whose calls go over HTTP to a running server, on the database that server uses:
 * enough for the helpers, which write rows through `database`, sign tokens through
 * `app.deps.tokens` (the servers' JWT_SECRET) and call the API through `call`.
 */
export function remoteTestApp(base: string, database: Database, tokens: TokenService): TestApp {
  return {
    app: { deps: { tokens } } as unknown as FastifyInstance,
    database,
    config: {} as Config,
    async call<T>(options: InjectOptions & { token?: string }): Promise<ApiResult<T>> {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(options.headers ?? {})) headers[name] = String(value);
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | Buffer | undefined;
      const payload = options.payload;
      if (Buffer.isBuffer(payload) || typeof payload === 'string') body = payload;
      else if (payload !== undefined) {
        body = JSON.stringify(payload);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${base}${String(options.url)}`, {
        method: options.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const raw = await res.text();
      let parsed: { code?: number; message?: string; data?: T } = {};
      try {
        parsed = JSON.parse(raw) as typeof parsed;
      } catch {
        // not JSON: read `raw`
      }
      return {
        status: res.status,
        code: parsed.code ?? -1,
        message: parsed.message ?? '',
        data: parsed.data as T,
        headers: Object.fromEntries(res.headers.entries()),
        raw,
      };
    },
    async close() {
      // The caller owns the process and the database.
    },
  };
}
