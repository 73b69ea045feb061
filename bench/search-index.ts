/**
 * The search index held in memory (apps/server/src/modules/search/catalog-index.ts) on the bench
 * catalogue (`npm run bench:search` seeds it): load time and memory, then how long one uncached
 * answer takes for filters of every size, once collected and sorted (sort limit above every
 * candidate count) and once by walking the sort's order (sort limit 0). The crossing point is
 * SORT_LIMIT (docs/decisions/0053).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/gemstock_bench npx tsx bench/search-index.ts
 */
import { facetValues, MaterialFormat, SortOption } from '@gemstock/contract';
import { loadavg } from 'node:os';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { CatalogIndex } from '../apps/server/src/modules/search/catalog-index.js';
import { parseSearchFilter, ringStartOf, type SearchFilter } from '../apps/server/src/modules/search/search-query.js';
import { cellsNearColour, labOfHex } from '../apps/server/src/media/colour-palette.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench';
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const database = connectPostgres(url, 2);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
const indexes = [0, Number.MAX_SAFE_INTEGER].map(
  (sortLimit) => new CatalogIndex(database.db, { sortLimit, pollMs: 3_600_000 }),
);
const started = Date.now();
await indexes[0]!.start();
const loadMs = Date.now() - started;
gc?.();
const after = process.memoryUsage();
const status = indexes[0]!.status();
console.log(
  `loaded ${status.rows} materials in ${(loadMs / 1000).toFixed(1)} s (load ${load()}); ` +
    `RSS +${mb(after.rss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB, ` +
    `array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB (typed arrays ${mb(indexes[0]!.arrayBytes())} MB); ` +
    `${Math.round((after.rss - before.rss) / status.rows)} bytes of RSS a material`,
);
await indexes[1]!.start();

const gold = labOfHex('d4af37')!;
const colour = { hex: 'd4af37', lab: gold, cells: cellsNearColour(gold) };
const cases: [string, SearchFilter][] = [
  ['everything', parseSearchFilter({})],
  ['金 (common)', parseSearchFilter({ keyword: '金' })],
  ['戒指', parseSearchFilter({ keyword: '戒指' })],
  ['钻石 项链', parseSearchFilter({ keyword: '钻石 项链' })],
  ['和田玉 (long word)', parseSearchFilter({ keyword: '和田玉' })],
  ['翡翠 video', parseSearchFilter({ keyword: '翡翠', format: MaterialFormat.VIDEO })],
  ['colour d4af37', parseSearchFilter({ color: colour })],
  ['colour + 戒指', parseSearchFilter({ keyword: '戒指', color: colour })],
  [
    'two facets',
    parseSearchFilter({ facets: { metal: [facetValues('metal')[0]!], piece: [facetValues('piece')[0]!] } }),
  ],
  [
    'facets + keyword',
    parseSearchFilter({
      keyword: '钻石',
      facets: { metal: [facetValues('metal')[0]!], gem: [facetValues('gem')[0]!] },
    }),
  ],
];
const now = new Date();
console.log(
  'filter'.padEnd(22),
  'sort'.padEnd(8),
  'total'.padStart(7),
  'collect+sort ms'.padStart(16),
  'walk ms'.padStart(9),
);
for (const [label, filter] of cases) {
  for (const sort of [SortOption.NEWEST, SortOption.MOST_LIKED, SortOption.RANDOM]) {
    const times: number[] = [];
    let total = 0;
    for (const index of [indexes[1]!, indexes[0]!]) {
      let best = Infinity;
      // Each run a different seed or a fresh filter object: the result cache is keyed by both.
      for (let run = 0; run < 3; run += 1) {
        const t0 = performance.now();
        const page = index.page({
          filter: { ...filter, terms: [...filter.terms, `#${run}-${Math.random()}`] },
          sort,
          ringStart: ringStartOf(run * 5),
          offset: 0,
          size: 30,
          now,
        });
        best = Math.min(best, performance.now() - t0);
        total = page.total;
      }
      times.push(best);
    }
    console.log(
      label.padEnd(22),
      sort.padEnd(8),
      String(total).padStart(7),
      times[0]!.toFixed(1).padStart(16),
      times[1]!.toFixed(1).padStart(9),
    );
  }
}
const facetStart = performance.now();
indexes[0]!.facetCounts(parseSearchFilter({}), now);
console.log(`facet counts of the whole catalogue: ${(performance.now() - facetStart).toFixed(1)} ms (load ${load()})`);
for (const index of indexes) await index.stop();
await database.close();
