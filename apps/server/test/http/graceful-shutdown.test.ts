import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
        SHUTDOWN_DRAIN_SECONDS: '1',
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
      get(i % 2 === 0 ? COMMON_API.keywords.path : COMMON_API.hotKeywords.path, load),
    );
    // The signal arrives while those requests are being served.
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGTERM');
    // Readiness turns 503 as soon as the signal is handled, within the one-second drain; asked
    // until then rather than once after a fixed wait, which a busy machine can outrun.
    let readyWhileDraining = await get('/readyz', load);
    for (let i = 0; i < 16 && readyWhileDraining !== 503; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      readyWhileDraining = await get('/readyz', load);
    }
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(readyWhileDraining).toBe(503);
    expect(await exited).toBe(0);
  }, 60_000);
});
