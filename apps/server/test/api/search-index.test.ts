import {
  type Facet,
  type FacetValue,
  facetValues,
  MaterialFormat,
  Orientation,
  Period,
  SortOption,
} from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../src/db/schema/index.js';
import { CatalogIndex } from '../../src/modules/search/catalog-index.js';
import { type ChosenColour, parseSearchFilter, type SearchFilter } from '../../src/modules/search/search-query.js';
import { CatalogSearch } from '../../src/modules/search/search.service.js';
import { searchTokensFor } from '../../src/modules/search/search-tokens.js';
import { materialValues } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { seededRandom } from '../helpers/random.js';

/**
 * The search index held in memory (catalog-index.ts, docs/decisions/0053) answers exactly what the
 * database answers: the same materials, in the same order, with the same totals and facet counts.
 */

// Keywords whose bigrams meet across keywords (钻石 + 石项链 hold 钻石项's bigrams without the word).
const KEYWORDS = [
  '钻石',
  '石项链',
  '项链',
  '钻石项链',
  '黄金',
  '金戒指',
  '戒指',
  '玫瑰金',
  '18K金',
  '925银',
  'Gold',
  'ＧＯＬＤ ring',
  '耳钉',
  '手链',
  '婚礼',
  '简约',
];
const CELLS = ['~c:1.2.3', '~c:1.2.4', '~c:5.5.5', '~c:7.11.15', '~c:9.9.9', '~c:2.2.2'];
/** Lab colours the palettes are drawn near (the filters' colour is l 50, a 0, b 0). */
const PALETTE_BASES = [
  [50, 0, 0],
  [52, 1, -1],
  [70, 20, 30],
];
const DAY_MS = 86_400_000;
const SIZES = [
  [3000, 4000],
  [4000, 3000],
  [3000, 3000],
  [1080, 1200],
  [1920, 1080],
  [1080, 1920],
];

function colour(cells: string[]): ChosenColour {
  return { hex: cells.join('-'), lab: { l: 50, a: 0, b: 0 }, cells };
}

async function seedCatalogue(t: TestApp, count: number): Promise<void> {
  const random = seededRandom(20_261_129);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const now = Date.now();
  // A few instants shared by many materials: equal creation times are ordered by seq.
  const shared = [now - 3 * DAY_MS, now - 40 * DAY_MS, now - 200 * DAY_MS];
  const rows: (typeof materials.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 1) {
    const keywords = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(KEYWORDS)))];
    const [width, height] = pick(SIZES);
    const hidden = random();
    const createdAt = new Date(random() < 0.2 ? pick(shared) : now - Math.floor(random() * 400 * DAY_MS));
    const facet = (f: Facet) => (random() < 0.3 ? null : pick(facetValues(f).slice(0, 3)));
    rows.push(
      materialValues({
        keywords,
        format: random() < 0.3 ? 'video' : 'image',
        width: width!,
        height: height!,
        createdAt,
        likeCount: Math.floor(random() * 6),
        metal: facet('metal'),
        gem: facet('gem'),
        piece: facet('piece'),
        scene: facet('scene'),
        colorCells: [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(CELLS)))],
        // Colours a few thousandths apart: a colour page's closest-first order tells palettes
        // compared to the hundredth (as the index holds them) from palettes compared whole.
        palette: Array.from({ length: Math.floor(random() * 3) }, () => {
          const [l, a, b] = pick(PALETTE_BASES);
          return { l: l! + random() / 100, a: a! + random() / 100, b: b! + random() / 100, share: 0.3 };
        }),
        disabled: hidden < 0.05,
        ...(hidden > 0.95 ? { reviewState: 'pending' } : {}),
        ...(hidden > 0.93 && hidden <= 0.95 ? { status: 'processing' } : {}),
      }),
    );
  }
  for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(materials).values(rows.slice(i, i + 500));
}

function filters(): [string, SearchFilter][] {
  const f = (label: string, input: Parameters<typeof parseSearchFilter>[0]): [string, SearchFilter] => [
    label,
    parseSearchFilter(input),
  ];
  const [metal0, metal1] = facetValues('metal');
  const [gem0] = facetValues('gem');
  const [piece0, piece1] = facetValues('piece');
  const [scene0] = facetValues('scene');
  return [
    f('everything', {}),
    f('one character', { keyword: '金' }),
    f('two characters', { keyword: '戒指' }),
    f('a long word confirmed on the keywords', { keyword: '钻石项' }),
    f('a long word', { keyword: '钻石项链' }),
    f('two words', { keyword: '钻石 项链' }),
    f('folded case and width', { keyword: 'gold' }),
    f('a word spanning a space never matches', { keyword: 'dr' }),
    f('nothing has it', { keyword: '铂金' }),
    f('format', { format: MaterialFormat.VIDEO }),
    f('keyword and format', { keyword: '金', format: MaterialFormat.IMAGE }),
    f('portrait', { orientation: Orientation.PORTRAIT }),
    f('landscape', { orientation: Orientation.LANDSCAPE }),
    f('square with a keyword', { keyword: '链', orientation: Orientation.SQUARE }),
    f('week', { period: Period.WEEK }),
    f('month with a keyword', { keyword: '钻石', period: Period.MONTH }),
    f('half a year', { period: Period.HALF }),
    f('a metal', { facets: { metal: [metal0!] } }),
    f('two metals', { facets: { metal: [metal0!, metal1!] } }),
    f('facets together', { facets: { metal: [metal0!], gem: [gem0!] } }),
    f('pieces and a scene with a keyword', {
      keyword: '金',
      facets: { piece: [piece0!, piece1!], scene: [scene0!] },
    }),
    f('a colour', { color: colour([CELLS[0]!]) }),
    f('a colour of several cells', { color: colour([CELLS[1]!, CELLS[2]!, CELLS[3]!]) }),
    f('a colour with a keyword', { keyword: '链', color: colour([CELLS[0]!, CELLS[4]!]) }),
    f('a colour no material has', { color: colour(['~c:0.0.0']) }),
    f('everything at once', {
      keyword: '金',
      format: MaterialFormat.IMAGE,
      orientation: Orientation.PORTRAIT,
      period: Period.YEAR,
      facets: { metal: [metal0!, metal1!] },
      color: colour([CELLS[0]!, CELLS[1]!, CELLS[2]!]),
    }),
  ];
}

const SORTS = [SortOption.NEWEST, SortOption.MOST_LIKED, SortOption.RANDOM];

describe('the search index answers what the database answers', () => {
  let t: TestApp;
  let index: CatalogIndex;
  let fromIndex: CatalogSearch;
  /** The database path reading whole match sets: exact totals and facet counts. */
  let whole: CatalogSearch;
  /** The database path walking the sort indexes: the SQL orders. */
  let walk: CatalogSearch;
  const now = new Date();

  beforeAll(async () => {
    t = await buildTestApp();
    await seedCatalogue(t, 2_500);
    // A small sort limit, so that both ways of answering (collect and sort, walk an order) are
    // used, and small blocks, so that walks skip counted blocks.
    index = new CatalogIndex(t.database.db, { chunk: 700, sortLimit: 300, walkBlock: 64, pollMs: 60_000 });
    await index.start();
    fromIndex = new CatalogSearch(t.database.db, { index });
    whole = new CatalogSearch(t.database.db, { exactCountLimit: 50_000 });
    walk = new CatalogSearch(t.database.db, { completeLimit: 1 });
  }, 120_000);
  afterAll(async () => {
    await index.stop();
    await t.close();
  });

  it('loads every material', () => {
    expect(index.status()).toMatchObject({ state: 'ready', rows: 2_500 });
  });

  it.each(filters())('%s: the same materials in every order and page, and the same total', async (_, filter) => {
    for (const sort of SORTS) {
      for (const seed of sort === SortOption.RANDOM ? [3, 12] : [0]) {
        // a jump first, counting the blocks on its way, then pages that skip them
        for (const page of [4, 1, 9]) {
          const request = { filter, sort, seed, page, pageSize: 25, now };
          const found = await fromIndex.findPage(request);
          const exact = await whole.findPage(request);
          const walked = await walk.findPage(request);
          expect(found.seqs, `${sort} seed ${seed} page ${page}`).toEqual(exact.seqs);
          expect(found.seqs, `${sort} seed ${seed} page ${page} (walk)`).toEqual(walked.seqs);
          expect(found.total).toBe(exact.total);
          expect(found.totalCapped).toBe(false);
        }
      }
    }
  });

  it.each(filters())('%s: the same facet counts, exact', async (_, filter) => {
    const found = await fromIndex.facetCounts(filter, now);
    const exact = await whole.facetCounts(filter, now);
    expect(exact.approximate).toBe(false);
    expect(found).toEqual(exact);
  });

  it('a walked filter paged to its end from several starts, past the ring’s end and round again, gives the same materials', async () => {
    // Half a year's materials with 金: candidates above the sort limit, matches sparse among them.
    const filter = parseSearchFilter({ keyword: '金', period: Period.HALF });
    for (const seed of [5, 9, 14]) {
      // Small pages, the first ones and the last ones: the last come from the part of the
      // start's block before the start, after the ring's end.
      const request = { filter, sort: SortOption.RANDOM, seed, pageSize: 2, now };
      const first = await whole.findPage({ ...request, page: 1 });
      expect(first.total).toBeGreaterThan(30);
      const last = Math.ceil(first.total / 2);
      for (const page of [1, 2, ...Array.from({ length: 15 }, (_, i) => last - 14 + i)]) {
        const found = await fromIndex.findPage({ ...request, page });
        expect(found.seqs, `seed ${seed} page ${page}`).toEqual((await whole.findPage({ ...request, page })).seqs);
      }
    }
  });

  it('a result larger than the window counts to one more and says so', async () => {
    const small = new CatalogIndex(t.database.db, { pollMs: 60_000 });
    await small.start();
    try {
      const everything = parseSearchFilter({});
      const page = small.page({ filter: everything, sort: SortOption.NEWEST, ringStart: 0, offset: 0, size: 10, now });
      expect(page.total).toBeGreaterThan(2_000);
      expect(page.totalCapped).toBe(false);
    } finally {
      await small.stop();
    }
  });
});

describe('the search index follows the catalogue', () => {
  let t: TestApp;
  let index: CatalogIndex;
  let search: CatalogSearch;
  const now = () => new Date();
  /** The seqs on the first page (50) of a search, as a buyer would get them. */
  const firstPage = async (filter: Parameters<typeof parseSearchFilter>[0], sort: SortOption = SortOption.NEWEST) =>
    (await search.findPage({ filter: parseSearchFilter(filter), sort, seed: 0, page: 1, pageSize: 50, now: now() }))
      .seqs;
  const newest = (keyword: string) => firstPage({ keyword });
  /** One read of the rows written since the last (what the timer does every second). */
  const poll = async () => {
    index.refreshNow();
    await index.settled();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    await t.database.db
      .insert(materials)
      .values([
        materialValues({ keywords: ['黄金', '戒指'], createdAt: new Date(Date.now() - 5 * DAY_MS), likeCount: 1 }),
        materialValues({ keywords: ['黄金', '项链'], createdAt: new Date(Date.now() - 4 * DAY_MS), likeCount: 2 }),
      ]);
    index = new CatalogIndex(t.database.db, { pollMs: 60_000, likedLagMs: 0 });
    search = new CatalogSearch(t.database.db, { index });
    await index.start();
  });
  afterAll(async () => {
    await index.stop();
    await t.close();
  });

  const seqOf = async (sid: string) =>
    (await t.database.db.select({ seq: materials.seq }).from(materials).where(eq(materials.sid, sid)))[0]!.seq;

  it('a material added shows after one read', async () => {
    const [row] = await t.database.db
      .insert(materials)
      .values(materialValues({ keywords: ['黄金', '手镯'] }))
      .returning();
    expect(await newest('黄金')).not.toContain(row!.seq);
    await poll();
    expect((await newest('黄金'))[0]).toBe(row!.seq);
    expect(await newest('手镯')).toEqual([row!.seq]);
  });

  it('keywords edited, disabled, rejected in review: each shows after one read', async () => {
    const [row] = await t.database.db
      .insert(materials)
      .values(materialValues({ keywords: ['白金'] }))
      .returning();
    await poll();
    expect(await newest('白金')).toEqual([row!.seq]);
    const edit = async (values: Partial<typeof materials.$inferInsert>) => {
      await t.database.db.update(materials).set(values).where(eq(materials.sid, row!.sid));
      await poll();
    };
    await edit({ keywords: ['铂金', '耳环'], searchTokens: searchTokensFor(['铂金', '耳环']) });
    expect(await newest('白金')).toEqual([]);
    expect(await newest('铂金')).toEqual([row!.seq]);
    await edit({ disabled: true });
    expect(await newest('铂金')).toEqual([]);
    await edit({ disabled: false });
    expect(await newest('铂金')).toEqual([row!.seq]);
    await edit({ reviewState: 'rejected' });
    expect(await newest('铂金')).toEqual([]);
  });

  it('a facet set, changed and cleared: the facet search follows after one read', async () => {
    const [row] = await t.database.db
      .insert(materials)
      .values(materialValues({ keywords: ['吊坠'] }))
      .returning();
    await poll();
    const byMetal = (metal: FacetValue<'metal'>) => firstPage({ keyword: '吊坠', facets: { metal: [metal] } });
    const setMetal = async (metal: string | null) => {
      await t.database.db.update(materials).set({ metal }).where(eq(materials.sid, row!.sid));
      await poll();
    };
    expect(await byMetal('platinum')).toEqual([]);
    await setMetal('platinum');
    expect(await byMetal('platinum')).toEqual([row!.seq]);
    await setMetal('gold');
    expect(await byMetal('platinum')).toEqual([]);
    expect(await byMetal('gold')).toEqual([row!.seq]);
    await setMetal(null);
    expect(await byMetal('gold')).toEqual([]);
  });

  it('a like moves the material in the most-liked order after one read', async () => {
    const liked = () => firstPage({ keyword: '黄金' }, SortOption.MOST_LIKED);
    const before = await liked();
    const last = before[before.length - 1]!;
    await t.database.db
      .update(materials)
      .set({ likeCount: sql`${materials.likeCount} + 100` })
      .where(eq(materials.seq, last));
    await poll();
    expect((await liked())[0]).toBe(last);
  });

  it('while it loads, searches are answered by the database', async () => {
    const loading = new CatalogIndex(t.database.db, { pollMs: 60_000, chunk: 1 });
    const early = new CatalogSearch(t.database.db, { index: loading });
    const started = loading.start();
    expect(loading.status().state).toBe('loading');
    expect(loading.ready).toBe(false);
    const seqs = await early.findPage({
      filter: parseSearchFilter({ keyword: '黄金' }),
      sort: SortOption.NEWEST,
      seed: 0,
      page: 1,
      pageSize: 50,
      now: now(),
    });
    expect(seqs.seqs).toEqual(await newest('黄金'));
    await started;
    expect(loading.ready).toBe(true);
    await loading.stop();
  });

  it.runIf(process.env.DATABASE_URL)(
    'a transaction that commits after a read that began while it ran is still picked up',
    async () => {
      const writer = new pg.Client({ connectionString: t.database.postgres!.connectionString });
      await writer.connect();
      try {
        const values = materialValues({ keywords: ['晚到'] });
        await writer.query('BEGIN');
        await writer.query(
          `INSERT INTO materials (sid, format, width, height, keywords, search_tokens, auth_types, original_key,
             original_mime, original_bytes, thumb_key, cover_key, watermark_key, review_state)
           VALUES ($1, 'image', 3000, 4000, $2, $3, $4, 'k', 'image/jpeg', 1, 't', 'c', 'w', 'listed')`,
          [values.sid, ['晚到'], searchTokensFor(['晚到']), values.authTypes],
        );
        // A read while the writer's transaction runs: it sees nothing of it.
        await poll();
        expect(await newest('晚到')).toEqual([]);
        await writer.query('COMMIT');
        // The next read starts from an xmin no later than the writer's id, so it finds the row.
        await poll();
        expect(await newest('晚到')).toEqual([await seqOf(values.sid)]);
      } finally {
        await writer.end();
      }
    },
  );
});
