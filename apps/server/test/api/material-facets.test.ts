import {
  endpointUrl,
  ErrorCode,
  type Facet,
  FACETS,
  facetValues,
  MATERIAL_API,
  type TSearchFacetsResponse,
  type TSearchMaterialsResponse,
} from '@gemstock/contract';
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerVisibleSql, materials } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/db/sql.js';
import { CatalogSearch } from '../../src/modules/search/search.service.js';
import { parseSearchFilter } from '../../src/modules/search/search-query.js';
import { daysAgo, insertMaterial } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { seededRandom } from '../helpers/random.js';

type Selection = Partial<Record<Facet, string[]>>;

/** The count the API must give, straight from the table: visible materials per value of one facet. */
async function directCounts(t: TestApp, facet: Facet, selection: Selection, keyword?: string) {
  const conditions: SQL[] = [buyerVisibleSql()];
  for (const other of FACETS) {
    const values = selection[other];
    if (other !== facet && values && values.length > 0) conditions.push(inArray(materials[other], values));
  }
  if (keyword)
    conditions.push(sql`EXISTS (SELECT 1 FROM unnest(${materials.keywords}) k WHERE strpos(k, ${keyword}) > 0)`);
  const result = await t.database.db.execute(
    sql`SELECT ${materials[facet]} AS value, count(*)::int AS n FROM ${materials} WHERE ${and(...conditions)} GROUP BY 1`,
  );
  const byValue = new Map(rowsOf<{ value: string | null; n: number }>(result).map((r) => [r.value, Number(r.n)]));
  return (facetValues(facet) as string[]).map((value) => ({ value, count: byValue.get(value) ?? 0 }));
}

function facetQuery(selection: Selection, keyword?: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (keyword) query.keyword = keyword;
  for (const facet of FACETS) if (selection[facet]?.length) query[facet] = selection[facet].join(',');
  return query;
}

describe('GET /api/material/facets and the facet filters of GET /api/material', () => {
  let t: TestApp;
  const rows: { sid: string; visible: boolean; keywords: string[]; facets: Record<Facet, string | null> }[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const random = seededRandom(45);
    const pick = <V>(values: readonly V[]) => values[Math.floor(random() * values.length)]!;
    for (let i = 0; i < 80; i += 1) {
      const facets = Object.fromEntries(
        FACETS.map((f) => [f, random() < 0.15 ? null : pick(facetValues(f) as string[])]),
      ) as Record<Facet, string | null>;
      const keywords = [pick(['钻石', '黄金', '珍珠']), pick(['戒指', '项链', '耳钉'])];
      const disabled = random() < 0.1;
      const pending = !disabled && random() < 0.1;
      const row = await insertMaterial(t, {
        keywords,
        ...facets,
        disabled,
        ...(pending ? { reviewState: 'pending' } : {}),
        createdAt: daysAgo(i),
      });
      rows.push({ sid: row.sid, visible: !disabled && !pending, keywords, facets });
    }
    // The panel's own example, certain to be there: three on sale, one disabled.
    for (const disabled of [false, false, false, true]) {
      const facets = { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' };
      const keywords = ['钻石', '戒指'];
      const row = await insertMaterial(t, { keywords, ...facets, disabled });
      rows.push({ sid: row.sid, visible: !disabled, keywords, facets });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const cases: [string, Selection, string?][] = [
    ['the whole catalogue', {}],
    ['one value of one facet', { metal: ['platinum'] }],
    ['several values, several facets', { metal: ['platinum', 'gold'], gem: ['diamond', 'pearl'], scene: ['worn'] }],
    [
      'a keyword and all four facets',
      { metal: ['platinum'], gem: ['diamond'], piece: ['ring'], scene: ['worn'] },
      '钻石',
    ],
  ];

  it.each(cases)('counts equal a direct count of the table: %s', async (_name, selection, keyword) => {
    const res = await injectApi(t, MATERIAL_API.facets, { query: facetQuery(selection, keyword) });
    expect(res.code).toBe(0);
    const data = res.data as TSearchFacetsResponse;
    expect(data.approximate).toBe(false);
    for (const facet of FACETS) expect(data[facet], facet).toEqual(await directCounts(t, facet, selection, keyword));
  });

  it('filters: any value within a facet, every facet across, only what buyers may see', async () => {
    const selection: Selection = {
      metal: ['platinum', 'gold', 'silver'],
      gem: ['diamond', 'pearl'],
      piece: ['ring', 'necklace'],
    };
    const res = await injectApi(t, MATERIAL_API.search, { query: { ...facetQuery(selection), page_size: 50 } });
    const data = res.data as TSearchMaterialsResponse;
    const expected = rows
      .filter((r) => r.visible)
      .filter((r) => FACETS.every((f) => !selection[f] || (r.facets[f] !== null && selection[f].includes(r.facets[f]))))
      .map((r) => r.sid);
    expect(expected.length).toBeGreaterThan(0);
    expect(data.total).toBe(expected.length);
    expect(data.materials.map((m) => m.sid).sort()).toEqual([...expected].sort());
    for (const m of data.materials) {
      expect(['platinum', 'gold', 'silver']).toContain(m.facets?.metal);
      expect(['diamond', 'pearl']).toContain(m.facets?.gem);
    }
  });

  it('the four-facet search of the filter panel: 铂金 + 钻石 + 戒指 + 佩戴', async () => {
    const selection: Selection = { metal: ['platinum'], gem: ['diamond'], piece: ['ring'], scene: ['worn'] };
    const [found, counts] = await Promise.all([
      injectApi(t, MATERIAL_API.search, { query: { ...facetQuery(selection), page_size: 50 } }),
      injectApi(t, MATERIAL_API.facets, { query: facetQuery(selection) }),
    ]);
    const total = (found.data as TSearchMaterialsResponse).total;
    expect(total).toBe(
      rows.filter(
        (r) =>
          r.visible &&
          r.facets.metal === 'platinum' &&
          r.facets.gem === 'diamond' &&
          r.facets.piece === 'ring' &&
          r.facets.scene === 'worn',
      ).length,
    );
    expect(total).toBeGreaterThanOrEqual(3);
    const platinum = (counts.data as TSearchFacetsResponse).metal.find((c) => c.value === 'platinum')!.count;
    // The count shown beside 铂金 is what choosing it (with the others) finds.
    expect(platinum).toBe(total);
  });

  it('a detail carries its facets', async () => {
    const row = rows.find((r) => r.visible && r.facets.metal !== null)!;
    const res = await injectApi(t, MATERIAL_API.detail, { params: { id: row.sid } });
    expect(res.data?.facets).toEqual(row.facets);
  });

  it.each([
    ['metal', 'titanium', ErrorCode.FACET_METAL_UNKNOWN, '金属'],
    ['gem', 'diamond,opal', ErrorCode.FACET_GEM_UNKNOWN, '宝石'],
    ['piece', 'tiara', ErrorCode.FACET_PIECE_UNKNOWN, '款式'],
    ['scene', '佩戴', ErrorCode.FACET_SCENE_UNKNOWN, '场景'],
  ] as const)('an unknown %s is refused by name, on search and on counts', async (facet, raw, spec, label) => {
    for (const endpoint of [MATERIAL_API.search, MATERIAL_API.facets]) {
      const res = await t.call({ method: 'GET', url: endpointUrl(endpoint, { query: { [facet]: raw } }) });
      expect(res.status).toBe(spec.http);
      expect(res.code).toBe(spec.code);
      expect(res.message).toContain(label);
      expect(res.message).toContain(raw.split(',').pop());
    }
  });

  it('refuses more values than a facet has', async () => {
    const raw = 'a,b,c,d,e,f,g,h';
    const res = await t.call({ method: 'GET', url: endpointUrl(MATERIAL_API.facets, { query: { metal: raw } }) });
    expect(res.code).toBe(ErrorCode.FACET_TOO_MANY_VALUES.code);
  });

  it('blank and repeated values are not a filter', async () => {
    const res = await injectApi(t, MATERIAL_API.facets, { query: { metal: ' , platinum,platinum', gem: '' } });
    expect(res.code).toBe(0);
    expect((res.data as TSearchFacetsResponse).gem).toEqual(await directCounts(t, 'gem', { metal: ['platinum'] }));
  });

  it('a match set larger than is read whole is estimated from the sample, marked approximate', async () => {
    // The sample holds the whole of this small catalogue, so the estimate is exact here.
    const search = new CatalogSearch(t.database.db, { completeLimit: 5 });
    const filter = parseSearchFilter({ facets: { metal: ['platinum'] } });
    const found = await search.facetCounts(filter, new Date());
    expect(found.approximate).toBe(true);
    expect(found.counts.gem).toEqual(await directCounts(t, 'gem', { metal: ['platinum'] }));
    expect(found.counts.metal).toEqual(await directCounts(t, 'metal', { metal: ['platinum'] }));
  });

  it('counts of a search judged larger than is read for them come from the sample alone, no match set read', async () => {
    let reads = 0;
    // A match set is read in a transaction (probeMatches); the sample is not.
    const db = new Proxy(t.database.db, {
      get(target, prop) {
        if (prop === 'transaction') reads += 1;
        return Reflect.get(target, prop, target) as unknown;
      },
    });
    // Small enough to read whole for its pages, too large to read for its counts.
    const search = new CatalogSearch(db, { completeLimit: 1_000, exactCountLimit: 5 });
    const found = await search.facetCounts(parseSearchFilter({}), new Date());
    expect(found.approximate).toBe(true);
    expect(reads).toBe(0);
    // The sample holds the whole of this small catalogue, so the estimate is exact here.
    expect(found.counts.metal).toEqual(await directCounts(t, 'metal', {}));
    expect(found.counts.scene).toEqual(await directCounts(t, 'scene', {}));
  });
});
