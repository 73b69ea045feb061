import { LIST_COUNT_CAP, MATERIAL_API } from '@gemstock/contract';
import { type SQL, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialLikes, materials } from '../../src/db/schema/index.js';
import { countLikedMaterialsQuery, listLikedMaterialsQuery } from '../../src/modules/catalog/likes.repository.js';
import { createBuyer, materialValues, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { microsAfter, planOf, walkByCursor } from '../helpers/list-paging.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * 我的喜欢 costs one page however many materials a buyer liked: it goes on by cursor after the last
 * like shown, so nothing is skipped or shown twice while likes arrive, and counts up to 1,000.
 */
describe('GET /api/user/like: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** `n` new materials liked by the buyer, in one statement each; each like's time given or now(). */
  async function addLikes(
    buyer: TestBuyer,
    n: number,
    options: { likedAt?: (i: number) => SQL | Date; disabled?: boolean } = {},
  ): Promise<string[]> {
    const made = Array.from({ length: n }, () =>
      materialValues({ keywords: ['戒指'], disabled: options.disabled ?? false }),
    );
    await t.database.db.insert(materials).values(made);
    await t.database.db.insert(materialLikes).values(
      made.map((m, i) => ({
        userSid: buyer.sid,
        materialSid: m.sid!,
        ...(options.likedAt ? { createdAt: options.likedAt(i) } : {}),
      })),
    );
    return made.map((m) => m.sid!);
  }

  /** The buyer's visible likes as the database orders them, newest first. */
  async function expectedOrder(buyer: TestBuyer): Promise<string[]> {
    const rows = await t.database.db
      .select({ sid: materialLikes.materialSid })
      .from(materialLikes)
      .innerJoin(materials, eq(materials.sid, materialLikes.materialSid))
      .where(sql`${materialLikes.userSid} = ${buyer.sid} and not ${materials.disabled}`)
      .orderBy(sql`${materialLikes.createdAt} desc, ${materialLikes.materialSid} desc`);
    return rows.map((r) => r.sid);
  }

  const page = (buyer: TestBuyer) => async (cursor: string | undefined) => {
    const res = await injectApi(t, MATERIAL_API.userLikes, {
      token: buyer.token,
      query: { page: 1, page_size: 4, ...(cursor ? { cursor } : {}) },
    });
    expect(res.code).toBe(0);
    return { items: res.data.materials.map((m) => m.sid), nextCursor: res.data.nextCursor };
  };

  it('goes on after the last like shown: likes between pages skip or repeat nothing', async () => {
    const buyer = await createBuyer(t);
    // Liked in one statement (one time), a microsecond apart, days apart; some of them taken off sale.
    await addLikes(buyer, 5, { likedAt: () => sql`now() - interval '1 hour'` });
    await addLikes(buyer, 5, { likedAt: (i) => microsAfter('2026-01-01 00:00:00.000100+00', i) });
    await addLikes(buyer, 3, { likedAt: (i) => new Date(Date.UTC(2025, 0, 1 + i)), disabled: true });
    await addLikes(buyer, 6, { likedAt: (i) => new Date(Date.UTC(2025, 0, 1 + i)) });
    const before = await expectedOrder(buyer);
    expect(before).toHaveLength(16);

    const seen = await walkByCursor(page(buyer), () => addLikes(buyer, 2));
    expect(seen).toEqual(before);
  });

  it('leaves out a material taken off sale after the page before was shown', async () => {
    const buyer = await createBuyer(t);
    await addLikes(buyer, 6, { likedAt: (i) => new Date(Date.UTC(2025, 3, 1 + i)) });
    const order = await expectedOrder(buyer);
    const first = await page(buyer)(undefined);
    expect(first.items).toEqual(order.slice(0, 4));
    await t.database.db
      .update(materials)
      .set({ disabled: true })
      .where(inArray(materials.sid, [order[4]!]));
    const rest = await page(buyer)(first.nextCursor!);
    expect(rest.items).toEqual(order.slice(5));
    expect(rest.nextCursor).toBeNull();
  });

  it(`counts up to ${LIST_COUNT_CAP} likes and says when there are more; pages still jump by number`, async () => {
    const buyer = await createBuyer(t);
    await addLikes(buyer, LIST_COUNT_CAP, { likedAt: (i) => microsAfter('2025-06-01 00:00:00+00', i) });
    await addLikes(buyer, 2, { disabled: true });
    const exactly = await injectApi(t, MATERIAL_API.userLikes, {
      token: buyer.token,
      query: { page: 3, page_size: 10 },
    });
    expect([exactly.data.total, exactly.data.totalCapped]).toEqual([LIST_COUNT_CAP, false]);
    expect(exactly.data.materials.map((m) => m.sid)).toEqual((await expectedOrder(buyer)).slice(20, 30));
    await addLikes(buyer, 1);
    const more = await injectApi(t, MATERIAL_API.userLikes, { token: buyer.token, query: { page: 1, page_size: 10 } });
    expect([more.data.total, more.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
  });

  it('refuses a cursor it did not make, in Chinese', async () => {
    const buyer = await createBuyer(t);
    const res = await injectApi(t, MATERIAL_API.userLikes, { query: { cursor: 'bm9wZQ' }, token: buyer.token });
    expect([res.status, res.code]).toEqual([400, 1001]);
    expect(res.message).toContain('分页位置不正确');
  });

  it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of its index, never sorted', async () => {
    const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
    for (const p of [
      { offset: 990, limit: 11 },
      { offset: 0, limit: 11, after },
    ]) {
      const plan = await planOf(t.database.db, (tx) => listLikedMaterialsQuery(tx, 'user', p));
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/material_likes_user_created_idx/);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'counts the likes from their index, asking only the index of materials taken off sale',
    async () => {
      const plan = await planOf(t.database.db, (tx) => countLikedMaterialsQuery(tx, 'user').limit(1001));
      expect(plan).toMatch(/material_likes_user_created_idx/);
      expect(plan).toMatch(/materials_disabled_idx/);
      expect(plan).not.toMatch(/materials_pkey/);
    },
  );
});
