import { sql } from 'drizzle-orm';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { listMatchKeys, probeMatches } from '../apps/server/src/modules/catalog/catalog.repository.js';
import { parseSearchFilter, ringStartOf } from '../apps/server/src/modules/catalog/search-query.js';
const d = connectPostgres('postgres://postgres@127.0.0.1:5432/gemstock_bench', 2);
import { migrateDatabase } from '../apps/server/src/db/client.js';
await migrateDatabase(d);
await d.db.execute(sql`analyze materials`);
const cases: [string, Record<string, string>, string][] = [
  ['和田玉', { format: 'video' }, 'random'], ['戒指', { orientation: 'LANDSCAPE' }, '-likes'], ['金', {}, 'random'],
  ['钻石项链', {}, '-created'], ['模特佩戴', { period: 'MONTH' }, 'random'], ['18K金', { orientation: 'SQUARE' }, '-likes'],
  ['花', { format: 'image', orientation: 'PORTRAIT' }, 'random'], ['翡翠 金', {}, '-likes'], ['婚礼', { period: 'YEAR' }, 'random'],
  ['古法金 项链', { format: 'video' }, 'random'],
];
for (const [kw, f, sort] of cases) {
  const filter = parseSearchFilter({ keyword: kw, ...(f as object) });
  const now = new Date();
  let t0 = performance.now();
  const probe = await probeMatches(d.db, filter, now, 10000);
  const tp = performance.now() - t0;
  let tw = 0;
  if (!probe.matches) {
    t0 = performance.now();
    await listMatchKeys(d.db, filter, now, sort === 'random' ? { sort: 'random', ringStart: ringStartOf(7), lap: 0, after: null } : { sort: sort as '-likes', after: null }, 60);
    tw = performance.now() - t0;
  }
  console.log(kw, JSON.stringify(f), sort, 'count', probe.count, 'probe ms', tp.toFixed(0), 'walk ms', tw.toFixed(0));
}
await d.close();
