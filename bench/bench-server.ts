/**
 * The real server for the benches, in its own process so that the load generator never shares
 * its event loop: buildApp on PostgreSQL (BENCH_DATABASE_URL), listening on a random loopback
 * port, logger off. Everything else comes from the environment the parent passes (the notify
 * bench configures the real WeChat Pay adapter with its test keys there). The parent learns
 * the address over IPC and stops the process with SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { PeriodicTask } from '../apps/server/src/jobs/periodic-task.js';
import { LocalDiskStorage } from '../apps/server/src/media/storage.js';
import { foldMaterialSales, SALES_FOLD_INTERVAL_MS } from '../apps/server/src/modules/catalog/index.js';
import { DevOutboxSender } from '../apps/server/src/notify/dev-outbox.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('run by bench/fork-server.ts');

const dataDir = mkdtempSync(join(tmpdir(), 'gemstock-bench-'));
const config = loadConfig(
  {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'https://bench.example.com',
  },
  { webDist: '/nonexistent' },
);
// Every statement the server sends PostgreSQL is a round trip: the parent asks how many were sent
// ({ type: 'statements?' }), so a bench can state statements per request, a figure that does not
// move with the machine's load as latency and CPU do.
let statementsSent = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statementsSent += 1;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'statements?') process.send!({ type: 'statements', count: statementsSent });
});

const database = connectPostgres(databaseUrl, config.databasePoolSize);
const app = await buildApp({
  config,
  db: database.db,
  messages: new DevOutboxSender(database.db),
  storage: new LocalDiskStorage(join(dataDir, 'media')),
  logger: false,
});
// BENCH_PORT: the port of a first server, shared by several server processes (bench/fork-server.ts,
// BENCH_SERVERS): the kernel spreads the connections among them (SO_REUSEPORT), as a balancer
// spreads them among servers.
// Fastify hands its options to net.Server.listen, whose `reusePort` (Node 22.12) its types lack.
const listenOptions: { host: string; port: number; reusePort: boolean } = {
  host: '127.0.0.1',
  port: Number(process.env.BENCH_PORT ?? 0),
  reusePort: true,
};
const address = await app.listen(listenOptions);
// The sales counts are added as server.ts adds them, so their cost is measured with the sales.
const salesFold = new PeriodicTask('sales count fold', () => foldMaterialSales(app.deps.db), SALES_FOLD_INTERVAL_MS, {
  error: (data, message) => process.stderr.write(`${message}: ${JSON.stringify(data)}\n`),
});
salesFold.start();
process.send({ address, pid: process.pid });

// The search index held in memory, as server.ts starts it: /api/health says when it is ready.
if (config.searchIndex === 'memory') {
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  const before = process.memoryUsage();
  void app.services.search.startIndex().then(() => {
    const after = process.memoryUsage();
    const status = app.services.search.indexStatus();
    process.stderr.write(
      `  search index: ${status.rows} materials loaded in ${((status.loadMs ?? 0) / 1000).toFixed(1)} s; ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap used ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, ` +
        `array buffers ${mb(before.arrayBuffers)} → ${mb(after.arrayBuffers)} MB (load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})\n`,
    );
    process.send!({ type: 'search-index', state: status.state });
  });
} else {
  process.send({ type: 'search-index', state: 'off' });
}

async function stop() {
  // What the resident memory is made of when the run ends (the benches read the RSS from /proc).
  const memory = process.memoryUsage();
  const heap = getHeapStatistics();
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  process.stderr.write(
    `  server memory at the end: RSS ${mib(memory.rss)} MiB = JavaScript heap ${mib(heap.total_heap_size)} MiB ` +
      `(${mib(heap.used_heap_size)} used) + array buffers ${mib(memory.arrayBuffers)} MiB + the rest ` +
      `${mib(memory.rss - heap.total_heap_size - memory.arrayBuffers)} MiB (code, native, allocator)\n`,
  );
  await salesFold.stop();
  await app.services.search.stopIndex();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('disconnect', () => void stop());
