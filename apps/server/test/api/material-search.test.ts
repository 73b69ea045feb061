import {
  MAX_RANDOM_SEED,
  MAX_RESULT_WINDOW,
  type TMaterial,
  type TSearchMaterialsResponse,
  COMMON_API,
  MATERIAL_API,
} from '@gemstock/contract';
import { and, eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchTokens, materials, searchLogs } from '../../src/db/schema/index.js';
import { refreshHotKeywords } from '../../src/modules/search/hot-keywords.js';
import { CatalogSearch } from '../../src/modules/search/search.service.js';
import { SearchSample } from '../../src/modules/search/search-sample.js';
import { parseSearchFilter, RING_STARTS, ringStartOf } from '../../src/modules/search/search-query.js';
import { searchTokensFor } from '../../src/modules/search/search-tokens.js';
import { createBuyer, daysAgo, insertMaterial, materialValues } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

type Search = TSearchMaterialsResponse;

function search(t: TestApp, query: Record<string, string | number>, token?: string) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.call<Search>({
    method: 'GET',
    url: `${MATERIAL_API.search.path}${qs ? `?${qs}` : ''}`,
    ...(token ? { token } : {}),
  });
}

const sids = (ms: TMaterial[]) => ms.map((m) => m.sid);

/** The random order the API promises: the shuffle ring walked from the seed's start, wrapping. */
function expectedRingOrder(rows: { sid: string; seq: number; shuffleKey: number }[], seed: number): string[] {
  const ring = [...rows].sort((a, b) => a.shuffleKey - b.shuffleKey || a.seq - b.seq);
  const start = ring.findIndex((r) => r.shuffleKey >= ringStartOf(seed));
  const at = start === -1 ? 0 : start;
  return [...ring.slice(at), ...ring.slice(0, at)].map((r) => r.sid);
}

describe('GET /api/material — matching, filters and sorts', () => {
  let t: TestApp;
  const f: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const fixtures: Record<string, Parameters<typeof insertMaterial>[1]> = {
      ring: { keywords: ['黄金', '戒指', '简约'], width: 3000, height: 4000, createdAt: daysAgo(2), likeCount: 5 },
      necklace: { keywords: ['钻石项链', '奢华'], width: 4000, height: 3000, createdAt: daysAgo(20), likeCount: 50 },
      split: { keywords: ['钻石', '项链'], width: 3000, height: 3000, createdAt: daysAgo(100), likeCount: 10 },
      rose: {
        keywords: ['玫瑰金', '手链'],
        format: 'video',
        width: 1920,
        height: 1080,
        durationMs: 12_500,
        aspectRatio: '16:9',
        resolution: '1920x1080',
        createdAt: daysAgo(200),
        likeCount: 0,
      },
      silver: {
        keywords: ['925银', '耳钉'],
        format: 'video',
        width: 1080,
        height: 1920,
        createdAt: daysAgo(400),
        likeCount: 3,
      },
      gold18: { keywords: ['18K金钻石项链'], width: 1080, height: 1350, createdAt: daysAgo(1), likeCount: 100 },
      hidden: { keywords: ['戒指盒', '黄金'], disabled: true, createdAt: daysAgo(1), likeCount: 1000 },
      couple: { keywords: ['对戒', '婚礼'], width: 1080, height: 1200, createdAt: daysAgo(5), likeCount: 7 },
      diamondRing: { keywords: ['钻石戒指'], width: 2000, height: 2000, createdAt: daysAgo(3), likeCount: 8 },
    };
    for (const [name, values] of Object.entries(fixtures)) f[name] = (await insertMaterial(t, values)).sid;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a one-character term matches it inside any keyword: 金', async () => {
    const res = await search(t, { keyword: '金', sort: '-created' });
    expect(res.code).toBe(0);
    expect(sids(res.data.materials)).toEqual([f.gold18, f.ring, f.rose]);
    expect(res.data.total).toBe(3);
    expect(res.data.totalCapped).toBe(false);
  });

  it('a two-character term: 戒指 (not 对戒, not the disabled 戒指盒)', async () => {
    const res = await search(t, { keyword: '戒指', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.ring, f.diamondRing]);
  });

  it("a compound word is split into the catalogue's keywords: 钻石项链 finds 钻石 + 项链 as well as 钻石项链", async () => {
    const res = await search(t, { keyword: '钻石项链', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.gold18, f.necklace, f.split]);
  });

  it('a short form of the trade is matched by its full words: 钻戒 finds 钻石戒指', async () => {
    const res = await search(t, { keyword: '钻戒', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.diamondRing]);
  });

  it('split into keywords of any length when nothing longer spells it: 金戒指 is 金 + 戒指', async () => {
    const res = await search(t, { keyword: '金戒指', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.ring]);
  });

  it('a keyword that splits only with a one-character piece stays whole: 玫瑰金 is not 玫瑰 + 金', async () => {
    const res = await search(t, { keyword: '玫瑰金', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.rose]);
  });

  it('a word no keywords spell must occur inside one keyword: K金钻 finds 18K金钻石项链 only', async () => {
    const res = await search(t, { keyword: 'K金钻', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.gold18]);
  });

  it('the search log keeps the word as typed, not its pieces', async () => {
    await search(t, { keyword: '钻石项链' });
    await vi.waitFor(
      async () => {
        const logged = await t.database.db
          .select({ keyword: searchLogs.keyword })
          .from(searchLogs)
          .where(eq(searchLogs.keyword, '钻石项链'));
        expect(logged.length).toBeGreaterThan(0);
      },
      { timeout: 3000, interval: 50 },
    );
  });

  it('every whitespace-separated term must match (in any keyword): 钻石 项链', async () => {
    const res = await search(t, { keyword: ' 钻石　 项链 ', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.gold18, f.necklace, f.split]);
  });

  it('folds case and width: K金 and １８ｋ金 find 18K金钻石项链', async () => {
    expect(sids((await search(t, { keyword: 'K金', sort: '-created' })).data.materials)).toEqual([f.gold18]);
    expect(sids((await search(t, { keyword: '１８ｋ金', sort: '-created' })).data.materials)).toEqual([f.gold18]);
  });

  it('no match gives an empty page, not an error', async () => {
    const res = await search(t, { keyword: '翡翠手镯' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 0, totalCapped: false, materials: [] });
  });

  it('disabled materials never appear, with or without a keyword', async () => {
    const all = await search(t, { sort: '-likes' });
    expect(sids(all.data.materials)).not.toContain(f.hidden);
    expect(all.data.total).toBe(8);
    const gold = await search(t, { keyword: '黄金' });
    expect(sids(gold.data.materials)).toEqual([f.ring]);
  });

  it('format filter', async () => {
    const res = await search(t, { format: 'video', sort: '-created' });
    expect(sids(res.data.materials)).toEqual([f.rose, f.silver]);
    expect(res.data.materials[0]!.extra).toEqual({ duration: 12.5, aspect_ratio: '16:9', resolution: '1920x1080' });
  });

  it('orientation filter with the documented tolerance (≤0.85 portrait, ≥1.15 landscape)', async () => {
    const portrait = await search(t, { orientation: 'PORTRAIT', sort: '-created' });
    // 3:4, 4:5 (0.8) and a 9:16 video
    expect(sids(portrait.data.materials)).toEqual([f.gold18, f.ring, f.silver]);
    const landscape = await search(t, { orientation: 'LANDSCAPE', sort: '-created' });
    // 4:3 and a 16:9 video
    expect(sids(landscape.data.materials)).toEqual([f.necklace, f.rose]);
    const square = await search(t, { orientation: 'SQUARE', sort: '-created' });
    // 1:1 and 1080×1200 (0.9)
    expect(sids(square.data.materials)).toEqual([f.diamondRing, f.couple, f.split]);
  });

  it('period filter: created within the week / month', async () => {
    const week = await search(t, { period: 'WEEK', sort: '-created' });
    expect(sids(week.data.materials)).toEqual([f.gold18, f.ring, f.diamondRing, f.couple]);
    const month = await search(t, { period: 'MONTH', sort: '-created' });
    expect(sids(month.data.materials)).toContain(f.necklace);
    expect(month.data.total).toBe(5);
  });

  it('filters combine with a keyword', async () => {
    const res = await search(t, { keyword: '钻石', orientation: 'PORTRAIT', period: 'WEEK' });
    expect(sids(res.data.materials)).toEqual([f.gold18]);
  });

  it('sorts by most liked, ties broken consistently', async () => {
    const res = await search(t, { sort: '-likes' });
    expect(res.data.materials.map((m) => m.likeCount)).toEqual([100, 50, 10, 8, 7, 5, 3, 0]);
    expect(res.data.seed).toBeNull();
  });

  it('random is the default sort and returns the seed it used; the same seed gives the same order', async () => {
    const first = await search(t, {});
    expect(first.data.seed).toEqual(expect.any(Number));
    expect(first.data.materials).toHaveLength(8);
    const again = await search(t, { seed: first.data.seed! });
    expect(sids(again.data.materials)).toEqual(sids(first.data.materials));
  });

  it('marks the signed-in buyer’s likes', async () => {
    const buyer = await createBuyer(t);
    await injectApi(t, MATERIAL_API.like, { params: { id: f.ring! }, token: buyer.token });
    const res = await search(t, { keyword: '金', sort: '-created' }, buyer.token);
    expect(res.data.materials.map((m) => [m.sid, m.liked])).toEqual([
      [f.gold18, false],
      [f.ring, true],
      [f.rose, false],
    ]);
    const anonymous = await search(t, { keyword: '金', sort: '-created' });
    expect(anonymous.data.materials.every((m) => !m.liked)).toBe(true);
  });

  it('logs every keyword search (normalized, with the buyer and the result count) for hot keywords', async () => {
    const buyer = await createBuyer(t);
    await search(t, { keyword: '  钻石   戒指 ' }, buyer.token);
    await search(t, { keyword: '翡翠 手链' });
    await search(t, { sort: '-created' }); // no keyword: nothing to log
    await vi.waitFor(
      async () => {
        const rows = await t.database.db
          .select()
          .from(searchLogs)
          .where(sql`${searchLogs.keyword} in ('钻石 戒指', '翡翠 手链')`);
        expect(rows.map((r) => [r.keyword, r.userSid, r.resultCount]).sort()).toEqual(
          [
            ['钻石 戒指', buyer.sid, 1],
            ['翡翠 手链', null, 0],
          ].sort(),
        );
      },
      { timeout: 3000, interval: 50 },
    );
    // Searched by more people than anything else (and finding something), it leads the hot
    // keywords once the background pass has run.
    for (const token of [(await createBuyer(t)).token, (await createBuyer(t)).token, (await createBuyer(t)).token])
      await search(t, { keyword: '钻石 戒指' }, token);
    await vi.waitFor(
      async () => {
        await refreshHotKeywords(t.app.deps);
        const hot = await injectApi(t, COMMON_API.hotKeywords);
        expect(hot.data.keywords[0]).toBe('钻石 戒指');
      },
      { timeout: 3000, interval: 50 },
    );
  });

  it('returns prices in cents, media as public URLs and never an original key', async () => {
    const res = await search(t, { keyword: '钻石戒指' });
    const m = res.data.materials[0]!;
    // 2000 px long side: too small for the extended licence (2160), so standard is first.
    expect(m.authType).toEqual([2, 3, 4]);
    expect(m.price).toBe(29_800);
    expect(m.thumbUrl).toMatch(/^\/media\/materials\/.+\/thumb-/);
    expect(res.raw).not.toContain('private/');
  });

  it.each([
    ['page=-1', { page: -1 }],
    ['page=0', { page: 0 }],
    ['page=abc', { page: 'abc' }],
    ['page=1.5', { page: 1.5 }],
    ['page_size=1000', { page_size: 1000 }],
    ['page_size=0', { page_size: 0 }],
    ['sort=bogus', { sort: 'bogus' }],
    ['orientation=x', { orientation: 'x' }],
    ['period=DAY', { period: 'DAY' }],
    ['format=gif', { format: 'gif' }],
    ['seed=-5', { seed: -5 }],
    ['seed too large', { seed: MAX_RANDOM_SEED + 1 }],
    ['keyword too long', { keyword: '金'.repeat(51) }],
    ['too many terms', { keyword: '金 银 钻 玉 珠 链' }],
    ['beyond the result window', { page: MAX_RESULT_WINDOW / 30 + 1, page_size: 30 }],
  ])('refuses %s with 1001 and a Chinese message', async (_name, query) => {
    const res = await search(t, query);
    expect(res.status).toBe(400);
    expect(res.code).toBe(1001);
    expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers keyword + filter probes from the match-tokens GIN index', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // A handful of rows would be read whole; turning sequential scans off shows the index is usable.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return tx.execute(
        sql`EXPLAIN SELECT 1 FROM ${materials} WHERE ${matchTokens(materials)} @> ARRAY['金', '~f:video']::text[] AND ${matchTokens(materials)} && ARRAY['~d:20000']::text[]`,
      );
    });
    expect(JSON.stringify(plan)).toContain('materials_match_day_tokens_gin');
  });

  it('treats blank filters as absent', async () => {
    const res = await search(t, { keyword: '  ', format: '', orientation: '', period: '', sort: '-created' });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(8);
  });
});

describe('GET /api/material — a visitor’s answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 12; i += 1) await insertMaterial(t, { keywords: ['玛瑙', `手串${i}`] });
  });
  afterAll(async () => t.close());

  const ask = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${MATERIAL_API.search.path}?${query}`, headers });

  it('is the same for every visitor handed the same seed, sent as each one accepts it', async () => {
    const plain = await ask('keyword=玛瑙&page_size=10');
    const seed = (JSON.parse(plain.body) as { data: Search }).data.seed!;
    // The server hands out one seed per starting point of the random order.
    expect(seed).toBeGreaterThanOrEqual(0);
    expect(seed).toBeLessThan(RING_STARTS);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await ask(`keyword=玛瑙&page_size=10&seed=${seed}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await ask(`keyword=玛瑙&page_size=10&seed=${seed}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const refused = await ask(`keyword=玛瑙&page_size=10&seed=${seed}`, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('keeps a seed of the visitor’s own, with the order of its starting point', async () => {
    const own = RING_STARTS * 1_000 + 3;
    const ownAnswer = JSON.parse((await ask(`keyword=玛瑙&page_size=10&seed=${own}`)).body) as { data: Search };
    const given = JSON.parse((await ask('keyword=玛瑙&page_size=10&seed=3')).body) as { data: Search };
    expect(ownAnswer.data.seed).toBe(own);
    expect(given.data.seed).toBe(3);
    expect(sids(ownAnswer.data.materials)).toEqual(sids(given.data.materials));
  });

  it('sorted by newest, is one answer for every visitor', async () => {
    const a = await ask('keyword=玛瑙&sort=-created&page_size=10', { 'accept-encoding': 'br' });
    const b = await ask('keyword=玛瑙&sort=-created&page_size=10', { 'accept-encoding': 'br' });
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect((JSON.parse(brotliDecompressSync(a.rawPayload).toString()) as { data: Search }).data.seed).toBeNull();
  });
});

describe('GET /api/material — stable random paging', () => {
  let t: TestApp;
  let rows: { sid: string; seq: number; shuffleKey: number }[];

  beforeAll(async () => {
    t = await buildTestApp();
    for (let i = 0; i < 75; i += 1) await insertMaterial(t, { keywords: ['珍珠', `款式${i}`] });
    await insertMaterial(t, { keywords: ['珍珠'], disabled: true });
    rows = await t.database.db
      .select({ sid: materials.sid, seq: materials.seq, shuffleKey: sql<number>`${materials.shuffleKey}` })
      .from(materials)
      .where(eq(materials.disabled, false));
  });
  afterAll(async () => {
    await t.close();
  });

  async function walk(seed: number, pageSize: number): Promise<string[]> {
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(75 / pageSize) + 1; page += 1) {
      const res = await search(t, { keyword: '珍珠', seed, page, page_size: pageSize });
      expect(res.data.seed).toBe(seed);
      seen.push(...sids(res.data.materials));
    }
    return seen;
  }

  it('pages with one seed cover every match exactly once, in the ring order of that seed', async () => {
    for (const seed of [0, 12_345, 1_000_000_000, MAX_RANDOM_SEED]) {
      const seen = await walk(seed, 10);
      expect(seen).toHaveLength(75);
      expect(new Set(seen).size).toBe(75);
      expect(seen).toEqual(expectedRingOrder(rows, seed));
    }
  });

  it('gives the same order again, and at another page size', async () => {
    expect(await walk(777, 10)).toEqual(await walk(777, 10));
    expect(await walk(777, 7)).toEqual(await walk(777, 10));
  });

  it('different seeds start in different places', async () => {
    const a = await search(t, { keyword: '珍珠', seed: 1, page_size: 10 });
    const b = await search(t, { keyword: '珍珠', seed: 1_500_000_000, page_size: 10 });
    expect(sids(a.data.materials)).not.toEqual(sids(b.data.materials));
  });
});

describe('GET /api/material — more matches than the result window', () => {
  let t: TestApp;
  const COUNT = MAX_RESULT_WINDOW + 150;

  beforeAll(async () => {
    t = await buildTestApp();
    const base = materialValues({ keywords: ['瓷器'] });
    // One statement: generate_series makes the rows, with the tokenizer's own tokens.
    await t.database.db.execute(sql`
      INSERT INTO materials (sid, format, keywords, search_tokens, width, height, auth_types, original_key,
        original_mime, original_bytes, like_count, created_at, review_state)
      SELECT 'bulk' || lpad(g::text, 8, '0'), 'image', ARRAY['瓷器'],
        ARRAY[${sql.join(
          searchTokensFor(['瓷器']).map((x) => sql`${x}`),
          sql`, `,
        )}]::text[],
        3000, 4000, ARRAY[1,2,3,4]::smallint[], ${base.originalKey}, 'image/jpeg', 1024,
        (g * 7919) % 1000, now() - g * interval '1 minute', 'listed'
      FROM generate_series(1, ${COUNT}) AS g`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('caps the total and says so', async () => {
    const res = await search(t, { keyword: '瓷器', sort: '-created' });
    expect(res.data.total).toBe(MAX_RESULT_WINDOW);
    expect(res.data.totalCapped).toBe(true);
    expect(res.data.materials).toHaveLength(30);
  });

  it('newest-first pages follow the database order, including a deep page', async () => {
    const ordered = await t.database.db
      .select({ sid: materials.sid })
      .from(materials)
      .where(and(eq(materials.disabled, false)))
      .orderBy(sql`${materials.createdAt} desc, ${materials.seq} desc`)
      .limit(6030);
    const deep = await search(t, { keyword: '瓷器', sort: '-created', page: 200, page_size: 30 });
    expect(sids(deep.data.materials)).toEqual(ordered.slice(5970, 6000).map((r) => r.sid));
    const second = await search(t, { keyword: '瓷器', sort: '-created', page: 2, page_size: 30 });
    expect(sids(second.data.materials)).toEqual(ordered.slice(30, 60).map((r) => r.sid));
  });

  it('most-liked pages never repeat a material', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page += 1) {
      seen.push(...sids((await search(t, { keyword: '瓷器', sort: '-likes', page, page_size: 60 })).data.materials));
    }
    expect(new Set(seen).size).toBe(300);
  });

  it('random pages follow the ring of the seed, wrapping past its top', async () => {
    const all = await t.database.db
      .select({ sid: materials.sid, seq: materials.seq, shuffleKey: sql<number>`${materials.shuffleKey}` })
      .from(materials);
    // A seed near the top of the ring leaves few matches before the wrap.
    for (const seed of [42, MAX_RANDOM_SEED - 1_000_000]) {
      const expected = expectedRingOrder(all, seed);
      const seen: string[] = [];
      for (let page = 1; page <= 4; page += 1) {
        seen.push(...sids((await search(t, { keyword: '瓷器', seed, page, page_size: 60 })).data.materials));
      }
      expect(seen).toEqual(expected.slice(0, 240));
    }
  });

  it('the sample, read in chunks, holds every row of a catalogue smaller than it: its estimates are exact', async () => {
    const sample = new SearchSample(t.database.db);
    const now = new Date();
    // COUNT rows, more than one chunk of the sample's reading, every one of them on sale.
    expect(await sample.estimateMatches(parseSearchFilter({ keyword: '瓷器' }), now)).toBe(COUNT);
    expect(await sample.estimateMatches(parseSearchFilter({ keyword: '瓷' }), now)).toBe(COUNT);
    expect(await sample.estimateMatches(parseSearchFilter({ keyword: '玉器' }), now)).toBe(0);
  });

  it('refuses to page past the window', async () => {
    const last = await search(t, { keyword: '瓷器', sort: '-likes', page: MAX_RESULT_WINDOW / 50, page_size: 50 });
    expect(last.code).toBe(0);
    expect(last.data.materials).toHaveLength(50);
    const beyond = await search(t, { keyword: '瓷器', page: MAX_RESULT_WINDOW / 50 + 1, page_size: 50 });
    expect(beyond.code).toBe(1001);
  });
});

describe('CatalogSearch windows: large result sets paged by keyset walks', () => {
  let t: TestApp;
  let search: CatalogSearch;
  const COUNT = 700;

  beforeAll(async () => {
    t = await buildTestApp();
    const base = materialValues({ keywords: ['玛瑙'] });
    await t.database.db.execute(sql`
      INSERT INTO materials (sid, format, keywords, search_tokens, width, height, auth_types, original_key,
        original_mime, original_bytes, like_count, disabled, created_at, review_state)
      SELECT 'agate' || lpad(g::text, 6, '0'), 'image', ARRAY['玛瑙'],
        ARRAY[${sql.join(
          searchTokensFor(['玛瑙']).map((x) => sql`${x}`),
          sql`, `,
        )}]::text[],
        3000, 4000, ARRAY[1,2,3,4]::smallint[], ${base.originalKey}, 'image/jpeg', 1024,
        (g * 7919) % 50, g % 97 = 0, now() - (g % 300) * interval '1 hour', 'listed'
      FROM generate_series(1, ${COUNT}) AS g`);
    // Any set above 100 matches is "large" here, so pages come from walks, not from memory.
    search = new CatalogSearch(t.database.db, { completeLimit: 100 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function visible() {
    return t.database.db
      .select({
        sid: materials.sid,
        seq: materials.seq,
        likeCount: materials.likeCount,
        createdAt: materials.createdAt,
        shuffleKey: sql<number>`${materials.shuffleKey}`,
      })
      .from(materials)
      .where(eq(materials.disabled, false));
  }

  async function pages(sort: '-created' | '-likes' | 'random', seed: number, pageSize: number, count: number) {
    const filter = parseSearchFilter({ keyword: '玛瑙' });
    const seqs: number[] = [];
    for (let page = 1; page <= count; page += 1) {
      const result = await search.findPage({ filter, sort, seed, page, pageSize, now: new Date() });
      expect(result.totalCapped).toBe(true);
      seqs.push(...result.seqs);
    }
    return seqs;
  }

  it('pages newest first exactly like ORDER BY created_at DESC, seq DESC', async () => {
    const rows = (await visible()).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.seq - a.seq);
    expect(await pages('-created', 0, 25, 12)).toEqual(rows.slice(0, 300).map((r) => r.seq));
  });

  it('pages most liked first with ties broken by sequence, never repeating', async () => {
    const rows = (await visible()).sort((a, b) => b.likeCount - a.likeCount || b.seq - a.seq);
    expect(await pages('-likes', 0, 30, 10)).toEqual(rows.slice(0, 300).map((r) => r.seq));
  });

  it('walks the ring from the seed’s start and wraps around past the top', async () => {
    const rows = await visible();
    for (const seed of [3, 15]) {
      const expected = expectedRingOrder(rows, seed).map((sid) => rows.find((r) => r.sid === sid)!.seq);
      // Every visible match once, across the wrap of the ring.
      expect(await pages('random', seed, 50, Math.ceil(expected.length / 50) + 1)).toEqual(expected);
    }
  });
});
