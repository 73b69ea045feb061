/**
 * Presenting a result page's 30 materials (docs/decisions/0053, "The page's materials held"), in
 * process on the bench catalogue (read only): the index's load and memory with its material store,
 * then per page of random materials the database path (materialsBySeq: the json_agg read and the
 * mapper, then the response schema check and the encoding, as searchMaterials did) against the
 * store (heldMaterials and the same mapper, then the encoding), with this process's CPU and the
 * CPU of the PostgreSQL backend that answered (one connection, /proc). Runs on a tree without the
 * store too (the database path alone), for a before and after.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/gemstock_bench \
 *     node --expose-gc --import tsx bench/search-present.ts
 */
import { ZMaterial } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { connectPostgres } from '../apps/server/src/db/client.js';
import { rowsOf } from '../apps/server/src/db/sql.js';
import { publicUrlOfStorage } from '../apps/server/src/media/public-url.js';
import { LocalDiskStorage } from '../apps/server/src/media/storage.js';
import * as catalog from '../apps/server/src/modules/catalog/catalog.service.js';
import { CatalogIndex } from '../apps/server/src/modules/search/catalog-index.js';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gemstock_bench';
const PAGES = Number(process.env.BENCH_PAGES ?? 2_000);
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const gc = (globalThis as { gc?: () => void }).gc;

// One connection for the index and the reads: its backend's CPU is the database's share.
const database = connectPostgres(url, 1);
const backend = Number(rowsOf<{ pid: number }>(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
const ticks = () => {
  const fields = readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
const TICK_MS = 10;

gc?.();
const before = process.memoryUsage();
const index = new CatalogIndex(database.db, { pollMs: 3_600_000 });
const started = Date.now();
await index.start();
const loadMs = Date.now() - started;
gc?.();
const after = process.memoryUsage();
const rows = index.status().rows;
const withStore = index as unknown as {
  heldMaterials?: (seqs: number[]) => unknown[] | null;
  storeBytes?: () => number;
};
const storeBytes = withStore.storeBytes?.() ?? 0;
console.log(
  `loaded ${rows} materials in ${(loadMs / 1000).toFixed(1)} s (load ${load()}); RSS ${mb(after.rss)} MB ` +
    `(+${mb(after.rss - before.rss)} MB), heap +${mb(after.heapUsed - before.heapUsed)} MB, ` +
    `array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB; index arrays ${mb(index.arrayBytes())} MB` +
    (storeBytes
      ? `, of which the material store's ${mb(storeBytes)} MB (${(storeBytes / rows).toFixed(1)} bytes a material)`
      : ''),
);

const deps = {
  db: database.db,
  publicUrlOf: publicUrlOfStorage(new LocalDiskStorage(mkdtempSync(join(tmpdir(), 'bench-present-')))),
} as unknown as catalog.CatalogDeps;
const present = (catalog as { presentHeld?: (d: catalog.CatalogDeps, r: unknown[], now: Date) => unknown[] })
  .presentHeld;
const ZMaterialList = z.array(ZMaterial);
const pageOf = () => Array.from({ length: 30 }, () => 1 + Math.floor(Math.random() * rows));
const now = new Date();

async function time(label: string, run: (page: number[]) => Promise<unknown> | unknown): Promise<void> {
  const pages = Array.from({ length: PAGES }, pageOf);
  for (const page of pages.slice(0, 200)) await run(page);
  gc?.();
  const cpu0 = process.cpuUsage();
  const pg0 = ticks();
  const t0 = performance.now();
  const each: number[] = [];
  for (const page of pages) {
    const t = performance.now();
    await run(page);
    each.push(performance.now() - t);
  }
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pgMs = (ticks() - pg0) * TICK_MS;
  each.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} p50 ${each[PAGES >> 1]!.toFixed(3)} ms, mean ${(wall / PAGES).toFixed(3)} ms; ` +
      `CPU a page: this process ${((cpu.user + cpu.system) / 1000 / PAGES).toFixed(3)} ms, ` +
      `PostgreSQL ${(pgMs / PAGES).toFixed(3)} ms`,
  );
}

for (let round = 0; round < 2; round += 1) {
  console.log(`round ${round + 1} (load ${load()})`);
  await time('database: read + map + schema check + JSON', async (page) =>
    JSON.stringify(ZMaterialList.parse(await catalog.materialsBySeq(deps, page, null, now))),
  );
  if (withStore.heldMaterials && present) {
    const held = (page: number[]) => withStore.heldMaterials!(page)!;
    await time('store: held + map + JSON', (page) => JSON.stringify(present(deps, held(page), now)));
    await time('store: held + map', (page) => present(deps, held(page), now));
    await time('store: held rows only', (page) => held(page));
  }
  const presented = await Promise.all(
    Array.from({ length: 200 }, () => catalog.materialsBySeq(deps, pageOf(), null, now)),
  );
  let i = 0;
  await time('the schema check alone (30 materials)', () => ZMaterialList.parse(presented[i++ % presented.length]));
  await time('JSON.stringify alone (30 materials)', () => JSON.stringify(presented[i++ % presented.length]));
}
gc?.();
console.log(`RSS after the presenting rounds ${mb(process.memoryUsage().rss)} MB`);

/* ------------------------------------------------------------------ pages through searchMaterials */

// BENCH_SEARCHES searches of the kinds the HTTP bench asks (keywords, facets, sorts, a seed a
// visitor, pages 1–50; nothing cached beyond what searchMaterials caches), 8 at a time, through
// searchMaterials with the page cache, as a server makes them: this process's CPU a search and its
// RSS after, for a before and after of the memory a server gains serving searches.
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 20_000);
if (SEARCHES > 0) {
  const { searchMaterials, createPageCache, createFacetCache } =
    await import('../apps/server/src/modules/search/material-search.js');
  const { CatalogSearch } = await import('../apps/server/src/modules/search/search.service.js');
  const { KeywordVocabulary } = await import('../apps/server/src/modules/search/keyword-vocabulary.js');
  const { listDistinctKeywords } = await import('../apps/server/src/modules/search/search.repository.js');
  const { facetValues, SortOption } = await import('@gemstock/contract');
  const KEYWORDS = [
    '黄金',
    '白底',
    '简约',
    '钻石',
    '戒指',
    '项链',
    '珍珠',
    '耳环',
    '翡翠',
    '手镯',
    '吊坠',
    '金',
    '银',
    '玫瑰金',
  ];
  const SORTS = [SortOption.RANDOM, SortOption.NEWEST, SortOption.MOST_LIKED];
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;
  const searchDeps = {
    search: new CatalogSearch(database.db, { index }),
    vocabulary: new KeywordVocabulary(() => listDistinctKeywords(database.db)),
    searchLog: { record: () => undefined, flush: async () => undefined },
    pages: createPageCache(),
    facetCounts: createFacetCache(),
    materials: {
      bySeq: (seqs: number[], at: Date) => catalog.materialsBySeq(deps, seqs, null, at),
      presentHeld: (held: unknown[], at: Date) => present!(deps, held, at),
      forBuyer: async () => [],
    },
  } as unknown as Parameters<typeof searchMaterials>[0];
  const one = () => {
    const r = Math.random();
    const input = {
      ...(r < 0.7 ? { keyword: pick(KEYWORDS) } : {}),
      ...(r > 0.6 ? { metal: pick(facetValues('metal').slice(0, 6)) } : {}),
      sort: pick(SORTS),
      seed: Math.floor(Math.random() * 1_000_000),
      page: 1 + Math.floor(Math.random() * 50),
      page_size: 30,
    };
    return searchMaterials(searchDeps, input, null);
  };
  for (let i = 0; i < 200; i += 1) await one();
  gc?.();
  const rss0 = process.memoryUsage().rss;
  const cpu0 = process.cpuUsage();
  const pg0 = ticks();
  const t0 = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (done < SEARCHES) {
        done += 1;
        await one();
      }
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const peak = process.memoryUsage().rss;
  gc?.();
  console.log(
    `${SEARCHES} searches through searchMaterials (load ${load()}): ${(wall / SEARCHES).toFixed(3)} ms each; CPU a ` +
      `search: this process ${((cpu.user + cpu.system) / 1000 / SEARCHES).toFixed(3)} ms, PostgreSQL ` +
      `${(((ticks() - pg0) * TICK_MS) / SEARCHES).toFixed(3)} ms; RSS ${mb(rss0)} → ${mb(peak)} MB ` +
      `(${mb(process.memoryUsage().rss)} MB after a GC)`,
  );
}
await index.stop();
await database.close();
