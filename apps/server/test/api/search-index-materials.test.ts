import { facetValues, type Facet, LICENCE_TYPES, qualifyingLicenceTypes, ZMaterial } from '@gemstock/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { materials } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { CatalogIndex } from '../../src/modules/search/catalog-index.js';
import { searchTokensFor } from '../../src/modules/search/search-tokens.js';
import { materialValues } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { seededRandom } from '../helpers/random.js';

/**
 * A result page's materials presented from the search index's store (material-store.ts,
 * docs/decisions/0053) are exactly what the database path answers (materialsBySeq): the same
 * objects, the same JSON text, for any list of seqs, at any time, and after edits read through
 * the index's feed.
 */

const KEYWORDS = [
  '钻石',
  '项链',
  '黄金',
  '金戒指',
  '玫瑰金',
  '18K金',
  '925银',
  'Gold',
  'ＧＯＬＤ ring',
  '耳钉',
  '婚礼',
  '简约',
];
const DAY_MS = 86_400_000;
const ZMaterialList = z.array(ZMaterial);

type Random = () => number;

/** One generated material: every column a wire material shows, in its odd forms too. */
function generated(random: Random, now: number): typeof materials.$inferInsert {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const chance = (p: number) => random() < p;
  const video = chance(0.3);
  const format = video ? 'video' : 'image';
  const [width, height] = pick([
    [3000, 4000],
    [1920, 1080],
    [1080, 1080],
    [800, 600],
    [70_000, 1_000],
  ] as const);
  // A few sids that are not 16 characters (older or hand-made rows).
  const sid = chance(0.05) ? newSid(pick([8, 20])) : newSid();
  const hex = () => Array.from({ length: 16 }, () => pick([...'0123456789abcdef'])).join('');
  const key = (area: string, role: string, ext: string) => {
    const odd = random();
    if (odd < 0.04) return `legacy/${role}.${ext}`;
    if (odd < 0.06) return `${area}/materials/${sid}/${role}-${hex().toUpperCase()}.${ext}`;
    if (odd < 0.08) return `${area}/materials/${newSid()}/${role}-${hex()}.${ext}`;
    if (odd < 0.1) return `${area}/materials/${sid}/${role}-${hex()}`;
    return `${area}/materials/${sid}/${role}-${hex()}.${ext}`;
  };
  const facet = (f: Facet) => (chance(0.3) ? null : pick(facetValues(f)));
  const freeKind = random();
  const free =
    freeKind < 0.1
      ? { freeFrom: new Date(now - 10 * DAY_MS), freeUntil: new Date(now - 5 * DAY_MS) }
      : freeKind < 0.2
        ? { freeFrom: new Date(now - 2 * DAY_MS), freeUntil: new Date(now + 2 * DAY_MS) }
        : freeKind < 0.3
          ? { freeFrom: new Date(now + 3 * DAY_MS), freeUntil: new Date(now + 9 * DAY_MS) }
          : freeKind < 0.33
            ? { freeFrom: new Date(now - DAY_MS), freeUntil: null }
            : {};
  const types = qualifyingLicenceTypes(width, height, video ? 'video' : 'image');
  const authTypes = chance(0.2) ? [...types.slice(0, 1), 99] : chance(0.1) ? [] : types;
  const prices = (): Record<string, number> => {
    const out: Record<string, number> = {};
    for (const type of [...LICENCE_TYPES, 99]) if (chance(0.3)) out[String(type)] = pick([0, 1_990, 39_800, -5]);
    return out;
  };
  const keywords = Array.from({ length: Math.floor(random() * 14) }, () => pick(KEYWORDS));
  return materialValues({
    sid,
    format,
    width,
    height,
    keywords,
    searchTokens: searchTokensFor(keywords),
    authTypes,
    thumbKey: chance(0.05) ? null : key('public', 'thumb', 'webp'),
    thumbSmallKey: chance(0.5) ? null : key('public', 'thumb-small', 'webp'),
    coverKey: chance(0.05) ? null : key('public', 'cover', 'webp'),
    watermarkKey: chance(0.05) ? null : key('public', 'watermark', pick(['jpg', 'webp'])),
    previewKey: video && chance(0.9) ? key('public', 'preview', 'mp4') : null,
    // 'rgb(…)' is refused by the response schema: such a page is left to the database path.
    placeholderColor: chance(0.01) ? 'rgb(1,2,3)' : pick([null, '#d4af37', '#000000', '#0a0b0c', '#ABCDEF']),
    durationMs: video && chance(0.8) ? Math.floor(random() * 120_000) : null,
    aspectRatio: video && chance(0.8) ? pick(['16:9', '9:16', '1:1']) : null,
    resolution: video && chance(0.8) ? pick(['3840x2160', '1920x1080']) : null,
    likeCount: Math.floor(random() * 1_000),
    remark: chance(0.2) ? pick(['独家', '', '限时 "特价"\n第二行']) : null,
    pricesCents: chance(0.4) ? prices() : {},
    specialPricesCents: chance(0.3) ? prices() : {},
    customPriceCents: chance(0.15) ? pick([0, 9_900, 12_345_678_901]) : null,
    metal: chance(0.05) ? 'no-longer-in-the-vocabulary' : facet('metal'),
    gem: facet('gem'),
    piece: facet('piece'),
    scene: facet('scene'),
    createdAt: new Date(now - Math.floor(random() * 400 * DAY_MS)),
    ...free,
    ...(chance(0.05) ? { disabled: true } : {}),
    ...(chance(0.03) ? { reviewState: 'pending' } : {}),
  });
}

describe('a result page presented from the index answers what the database answers', () => {
  let t: TestApp;
  let index: CatalogIndex;
  let seqs: number[];
  const random = seededRandom(20_261_129);
  const started = Date.now();
  const times = [new Date(started), new Date(started - 7 * DAY_MS), new Date(started + 5 * DAY_MS)];

  const fromDatabase = (list: number[], now: Date) => t.app.services.catalog.materialsBySeq(list, null, now);
  const fromIndex = (list: number[], now: Date) => {
    const held = index.heldMaterials(list);
    expect(held, 'every seq is held').not.toBeNull();
    return t.app.services.catalog.presentHeld(held!, now);
  };
  let compared = 0;
  let leftToDatabase = 0;
  /**
   * The same objects as the database path, the same JSON text, and what its response schema check
   * makes of them; or, when the index declines the list, a list the schema refuses.
   */
  const expectSame = async (list: number[], now: Date, label: string) => {
    const expected = await fromDatabase(list, now);
    const held = index.heldMaterials(list);
    if (held === null) {
      leftToDatabase += 1;
      expect(() => ZMaterialList.parse(expected), label).toThrow();
      return null;
    }
    compared += 1;
    const found = t.app.services.catalog.presentHeld(held, now);
    expect(found, label).toEqual(expected);
    expect(JSON.stringify(found), label).toBe(JSON.stringify(expected));
    expect(JSON.stringify(found), label).toBe(JSON.stringify(ZMaterialList.parse(expected)));
    return found;
  };
  /** Seqs of materials the index presents alone. */
  const presentable = () => seqs.filter((s) => index.heldMaterials([s]) !== null);
  const randomLists = (count: number) =>
    Array.from({ length: count }, () =>
      Array.from({ length: 1 + Math.floor(random() * 40) }, () => seqs[Math.floor(random() * seqs.length)]!),
    );
  const poll = async () => {
    index.refreshNow();
    await index.settled();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const rows = Array.from({ length: 800 }, () => generated(random, started));
    for (let i = 0; i < rows.length; i += 200) await t.database.db.insert(materials).values(rows.slice(i, i + 200));
    // Timestamps to the microsecond: the wire shows milliseconds, as the database path reads them.
    await t.database.db.execute(sql`
      UPDATE ${materials} SET created_at = created_at + interval '987 microseconds',
        free_from = free_from + interval '1 microsecond', free_until = free_until + interval '999 microseconds'
      WHERE seq % 3 = 0`);
    seqs = (await t.database.db.select({ seq: materials.seq }).from(materials)).map((r) => r.seq);
    index = new CatalogIndex(t.database.db, { chunk: 97, pollMs: 60_000 });
    await index.start();
  }, 120_000);
  afterAll(async () => {
    await index.stop();
    await t.close();
  });

  it('holds every material', () => {
    expect(index.status()).toMatchObject({ state: 'ready', rows: 800 });
  });

  it('every material, one at a time and all at once, at three times (free before, during and after)', async () => {
    const shown = presentable();
    expect(shown.length).toBeLessThan(seqs.length);
    for (const now of times) {
      const all = (await expectSame(shown, now, `all at ${now.toISOString()}`))!;
      // Those off sale are left out, as the database path leaves them out.
      expect(all.length).toBeLessThan(shown.length);
      expect(all.length).toBeGreaterThan(seqs.length * 0.8);
      for (const seq of seqs) await expectSame([seq], now, `seq ${seq}`);
    }
    // A refused colour on sale: the database path's check fails that page, as before.
    expect(leftToDatabase).toBeGreaterThan(0);
  }, 120_000);

  it('random lists of seqs, repeats and all, in their order', async () => {
    compared = 0;
    for (const list of randomLists(150)) await expectSame(list, times[Math.floor(random() * 3)]!, list.join(','));
    expect(compared).toBeGreaterThan(75);
  }, 60_000);

  it('the generated catalogue has what it should exercise', async () => {
    const all = fromIndex(presentable(), times[0]!);
    expect(all.some((m) => m.extra !== null && m.extra.duration !== null)).toBe(true);
    expect(all.some((m) => m.remark !== null)).toBe(true);
    expect(all.some((m) => Object.keys(m.specialPrice).length > 0)).toBe(true);
    expect(all.some((m) => m.free)).toBe(true);
    expect(all.some((m) => !m.free && m.freeFrom !== undefined)).toBe(true);
    expect(all.some((m) => m.thumbUrl === null)).toBe(true);
    expect(all.some((m) => m.keywords.length >= 10)).toBe(true);
    expect(all.some((m) => typeof m.price === 'object')).toBe(true);
    expect(all.some((m) => m.customPrice !== null)).toBe(true);
    expect(all.some((m) => m.facets?.metal)).toBe(true);
  });

  it('a seq the index does not hold: null, the caller reads the database', () => {
    expect(index.heldMaterials([seqs[0]!, 999_999_999])).toBeNull();
    const loading = new CatalogIndex(t.database.db, { pollMs: 60_000 });
    expect(loading.heldMaterials([seqs[0]!])).toBeNull();
  });

  it('after edits read through the feed: prices, keywords, free periods, keys, a disabled material, a new one', async () => {
    const edited = seqs.slice(0, 40);
    const bySeq = (seq: number) => eq(materials.seq, seq);
    const db = t.database.db;
    await db.update(materials).set({ disabled: true }).where(bySeq(edited[0]!));
    await db
      .update(materials)
      .set({ pricesCents: { '1': 77_700 }, specialPricesCents: { '2': 5_500 }, customPriceCents: 4_200 })
      .where(bySeq(edited[1]!));
    await db
      .update(materials)
      .set({ keywords: ['新词', '钻石'], searchTokens: searchTokensFor(['新词', '钻石']) })
      .where(bySeq(edited[2]!));
    await db
      .update(materials)
      .set({ freeFrom: new Date(started - DAY_MS), freeUntil: new Date(started + DAY_MS) })
      .where(bySeq(edited[3]!));
    await db.update(materials).set({ freeFrom: null, freeUntil: null }).where(bySeq(edited[4]!));
    await db
      .update(materials)
      .set({ remark: '改过', placeholderColor: '#123456', thumbKey: 'odd/key', coverKey: null })
      .where(bySeq(edited[5]!));
    await db
      .update(materials)
      .set({ pricesCents: {}, specialPricesCents: {}, customPriceCents: null, remark: null, placeholderColor: null })
      .where(inArray(materials.seq, edited.slice(6, 20)));
    await db
      .update(materials)
      .set({ reviewState: 'listed', disabled: false })
      .where(inArray(materials.seq, edited.slice(20, 40)));
    const [added] = await db.insert(materials).values(generated(random, started)).returning({ seq: materials.seq });
    const before = fromIndex([edited[0]!], times[0]!);
    await poll();
    const after = [...edited, added!.seq];
    for (const now of times) await expectSame(after, now, `edited at ${now.toISOString()}`);
    expect(before).toHaveLength(1);
    expect(fromIndex([edited[0]!], times[0]!)).toEqual([]);
    const [priced] = fromIndex([edited[1]!], times[0]!);
    expect(priced).toMatchObject({ specialPrice: { '2': 5_500 }, customPrice: 4_200 });
    expect(fromIndex([edited[2]!], times[0]!)[0]!.keywords).toEqual(['新词', '钻石']);
    expect(fromIndex([edited[3]!], times[0]!)[0]!.free).toBe(true);
    seqs = [...seqs, added!.seq];
    compared = 0;
    for (const list of randomLists(40)) await expectSame(list, times[0]!, list.join(','));
    expect(compared).toBeGreaterThan(20);
  }, 60_000);
});
