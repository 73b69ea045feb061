import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMON_API } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = 3933;

function get(path: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A GET whose connection is reported once open, so a test can wait until a request reached the server's machine. */
function getOnItsOwnConnection(path: string, agent: Agent): { status: Promise<number>; connected: Promise<void> } {
  let connected!: () => void;
  const open = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const status = new Promise<number>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('socket', (socket) => socket.once('connect', connected));
    req.on('error', reject);
    req.end();
  });
  return { status, connected: open };
}

/**
 * Connections the kernel has completed for the server's listening socket that the server has not
 * accepted yet: the rx queue of its LISTEN line in /proc/net/tcp. A connection still there when
 * the listener closes is reset, whatever the server does.
 */
function unacceptedConnections(): number {
  const port = `:${PORT.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1]?.endsWith(port) && fields[3] === '0A') return parseInt(fields[4]!.split(':')[1]!, 16);
  }
  return 0;
}

async function waitUntilListening(agent: Agent): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await get('/healthz', agent)) === 200) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/** A real server process (PGlite), stopped with SIGTERM while requests are in flight. */
describe('SIGTERM under load', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-shutdown-'));
  let child: ChildProcess;
  let exited: Promise<number | null>;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });

  beforeAll(async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_PRETTY: 'false',
        LOG_LEVEL: 'warn',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        MEDIA_WORKER: 'false',
        // Long enough for a starved process (a busy CI machine) to answer readiness while draining.
        SHUTDOWN_DRAIN_SECONDS: '3',
        SHUTDOWN_TIMEOUT_SECONDS: '10',
        WEB_DIST: '/nonexistent',
      },
      stdio: 'ignore',
    });
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    await waitUntilListening(agent);
  }, 90_000);
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('drains (readiness 503), finishes every request that started before it, then exits 0', async () => {
    // One connection per request, so every request is on the wire before the signal.
    const load = new Agent({ keepAlive: false, maxSockets: Infinity });
    const inFlight = Array.from({ length: 200 }, (_, i) =>
      getOnItsOwnConnection(i % 2 === 0 ? COMMON_API.keywords.path : COMMON_API.hotKeywords.path, load),
    );
    // The signal arrives while those requests are being served: each one's connection open and
    // taken by the server (a busy machine can leave connections waiting in the kernel's queue for
    // longer than the drain, and those are reset when the listener closes; they never started).
    await Promise.all(inFlight.map((r) => r.connected));
    for (let i = 0; i < 200 && unacceptedConnections() > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill('SIGTERM');
    // Readiness turns 503 as soon as the signal is handled, within the drain; asked until then
    // rather than once after a fixed wait, which a busy machine can outrun.
    let readyWhileDraining = await get('/readyz', load);
    for (let i = 0; i < 40 && readyWhileDraining !== 503; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      readyWhileDraining = await get('/readyz', load);
    }
    const statuses = await Promise.all(inFlight.map((r) => r.status));
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(readyWhileDraining).toBe(503);
    expect(await exited).toBe(0);
  }, 60_000);
});
