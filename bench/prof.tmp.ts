import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { LocalDiskStorage } from '../apps/server/src/media/storage.js';
import { DevOutboxSender } from '../apps/server/src/notify/dev-outbox.js';
const url = 'postgres://postgres@127.0.0.1:5432/gemstock_bench_small';
const database = connectPostgres(url, 10);
const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/tmp/gs-prof' }, { webDist: '/nonexistent' });
const app = await buildApp({ config, db: database.db, messages: new DevOutboxSender(database.db), storage: new LocalDiskStorage('/tmp/gs-prof/media'), logger: false });
await app.ready();
const urls = ['/api/material?keyword=戒指&sort=-created&page=3', '/api/material?keyword=金&sort=random&seed=5&page=7', '/api/material?keyword=钻石项链&page=2&seed=9', '/api/health'];
for (const u of urls) {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: encodeURI(u) });
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const N = 300;
  for (let i = 0; i < N; i++) { const r = await app.inject({ method: 'GET', url: encodeURI(u) }); if (r.statusCode !== 200) throw new Error(r.body); }
  const c = process.cpuUsage(c0); const wall = performance.now() - t0;
  console.log(u, 'cpu µs/req', Math.round((c.user + c.system) / N), 'wall ms/req', (wall / N).toFixed(2));
}
await app.close(); await database.close();
