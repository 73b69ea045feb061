import type { TLikeResponse } from '@gemstock/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialLikes, materials } from '../../src/db/schema/index.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { MATERIAL_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

describe('likes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const like = (sid: string, buyer?: TestBuyer) =>
    t.call<TLikeResponse>({
      method: 'POST',
      url: endpointUrl(MATERIAL_API.like, { params: { id: sid } }),
      ...(buyer ? { token: buyer.token } : {}),
    });
  const unlike = (sid: string, buyer?: TestBuyer) =>
    t.call<TLikeResponse>({
      method: 'DELETE',
      url: endpointUrl(MATERIAL_API.unlike, { params: { id: sid } }),
      ...(buyer ? { token: buyer.token } : {}),
    });

  async function stored(sid: string) {
    const [m] = await t.database.db
      .select({ likeCount: materials.likeCount })
      .from(materials)
      .where(eq(materials.sid, sid));
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(materialLikes)
      .where(eq(materialLikes.materialSid, sid));
    return { likeCount: m!.likeCount, rows: rows!.n };
  }

  it('needs a signed-in buyer (1000, no toast)', async () => {
    const m = await insertMaterial(t, { keywords: ['戒指'] });
    for (const res of [await like(m.sid), await unlike(m.sid), await injectApi(t, MATERIAL_API.userLikes)]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe(1000);
    }
  });

  it('is idempotent: liking twice is one like, unliking twice is none', async () => {
    const m = await insertMaterial(t, { keywords: ['戒指'] });
    const buyer = await createBuyer(t);
    expect((await like(m.sid, buyer)).data).toEqual({ liked: true, likeCount: 1 });
    expect((await like(m.sid, buyer)).data).toEqual({ liked: true, likeCount: 1 });
    expect(await stored(m.sid)).toEqual({ likeCount: 1, rows: 1 });
    expect((await unlike(m.sid, buyer)).data).toEqual({ liked: false, likeCount: 0 });
    expect((await unlike(m.sid, buyer)).data).toEqual({ liked: false, likeCount: 0 });
    expect(await stored(m.sid)).toEqual({ likeCount: 0, rows: 0 });
  });

  it('answers 404 for an unknown material, and for liking a disabled one', async () => {
    const buyer = await createBuyer(t);
    expect((await like('nosuchmaterial000', buyer)).code).toBe(3001);
    expect((await unlike('nosuchmaterial000', buyer)).code).toBe(3001);
    const hidden = await insertMaterial(t, { keywords: ['戒指'], disabled: true });
    expect((await like(hidden.sid, buyer)).code).toBe(3001);
  });

  it('counts 20 concurrent likes from 20 buyers exactly', async () => {
    const m = await insertMaterial(t, { keywords: ['项链'] });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createBuyer(t)));
    const results = await Promise.all(buyers.map((b) => like(m.sid, b)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(await stored(m.sid)).toEqual({ likeCount: 20, rows: 20 });
    // The same 20 again, concurrently: nothing changes.
    await Promise.all(buyers.map((b) => like(m.sid, b)));
    expect(await stored(m.sid)).toEqual({ likeCount: 20, rows: 20 });
    await Promise.all(buyers.slice(0, 5).map((b) => unlike(m.sid, b)));
    expect(await stored(m.sid)).toEqual({ likeCount: 15, rows: 15 });
  });

  it('keeps the count equal to the like rows under one buyer’s concurrent likes and unlikes', async () => {
    const m = await insertMaterial(t, { keywords: ['耳环'] });
    const buyer = await createBuyer(t);
    for (let round = 0; round < 5; round += 1) {
      const calls = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? like(m.sid, buyer) : unlike(m.sid, buyer)));
      const results = await Promise.all(calls);
      expect(results.every((r) => r.code === 0 && r.data.likeCount >= 0 && r.data.likeCount <= 1)).toBe(true);
      const now = await stored(m.sid);
      expect(now.likeCount).toBe(now.rows);
      expect([0, 1]).toContain(now.rows);
    }
  });

  it('lists a buyer’s likes, newest like first, paged, without disabled materials', async () => {
    const buyer = await createBuyer(t);
    const other = await createBuyer(t);
    const a = await insertMaterial(t, { keywords: ['珍珠'] });
    const b = await insertMaterial(t, { keywords: ['翡翠'] });
    const c = await insertMaterial(t, { keywords: ['黄金'] });
    for (const m of [a, b, c]) await like(m.sid, buyer);
    await like(a.sid, other);
    const res = await injectApi(t, MATERIAL_API.userLikes, { token: buyer.token });
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(3);
    expect(res.data.materials.map((m) => m.sid)).toEqual([c.sid, b.sid, a.sid]);
    expect(res.data.materials.every((m) => m.liked)).toBe(true);

    const page2 = await injectApi(t, MATERIAL_API.userLikes, {
      query: { page: '2', page_size: '2' },
      token: buyer.token,
    });
    expect(page2.data.materials.map((m) => m.sid)).toEqual([a.sid]);

    await t.database.db.update(materials).set({ disabled: true }).where(eq(materials.sid, b.sid));
    const after = await injectApi(t, MATERIAL_API.userLikes, { token: buyer.token });
    expect(after.data.total).toBe(2);
    expect(after.data.materials.map((m) => m.sid)).toEqual([c.sid, a.sid]);

    // Unliking a material that has since been disabled still works, so the like can be removed.
    expect((await unlike(b.sid, buyer)).data.liked).toBe(false);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(materialLikes)
      .where(and(eq(materialLikes.userSid, buyer.sid), eq(materialLikes.materialSid, b.sid)));
    expect(left!.n).toBe(0);
  });
});
