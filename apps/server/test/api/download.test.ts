import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../../src/db/schema/index.js';
import { makeJpeg } from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { LICENCE_API, USER_API, ORDER_PATHS, pathUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** A company that bought `n` materials by wallet; their originals are in storage. */
async function buyMaterials(n: number) {
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 1_000_000);
  const mats = await createMaterials(t, n);
  for (const m of mats) await t.app.deps.storage.put(m.originalKey, await makeJpeg(320, 240), 'image/jpeg');
  const order = await placeOrder(t, buyer, Object.fromEntries(mats.map((m) => [m.sid, 2])));
  const paid = await payByWallet(t, buyer, order.sid);
  expect(paid.code).toBe(0);
  return { buyer, mats, order };
}

describe('downloads of purchased materials', () => {
  it('gives a signed link (≤ 5 minutes) that serves the original, and counts the download', async () => {
    const { buyer, mats } = await buyMaterials(1);
    const m = mats[0]!;
    const res = await injectApi(t, LICENCE_API.materialDownload, { params: { id: m.sid }, token: buyer.token });
    expect(res.code).toBe(0);
    const ttl = Date.parse(res.data.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300_000);
    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    // The licence's marked copy of the original (docs/decisions/0049): same size and format, other bytes.
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const tampered = await t.app.inject({ method: 'GET', url: res.data.url.replace(/exp=\d+/, 'exp=9999999999') });
    expect(tampered.statusCode).toBe(403);

    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    expect(me.data.user.downloadCount).toBe(1);
    const rows = await t.database.db.select().from(downloads).where(eq(downloads.userSid, buyer.sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ materialSid: m.sid, kind: 'licence' });
  });

  it('order download: every material of the order, or one; only for a paid order of the company', async () => {
    const { buyer, mats, order } = await buyMaterials(2);
    const all = await injectApi(t, LICENCE_API.orderDownload, { params: { id: order.sid }, token: buyer.token });
    expect(all.data.files.map((f) => f.material).sort()).toEqual(mats.map((m) => m.sid).sort());
    expect(all.data.url).toBe(all.data.files[0]!.url);
    const one = await injectApi(t, LICENCE_API.orderDownload, {
      params: { id: order.sid },
      query: { material: mats[1]!.sid },
      token: buyer.token,
    });
    expect(one.data.files.map((f) => f.material)).toEqual([mats[1]!.sid]);

    const [other] = await createMaterials(t, 1);
    const unpaid = await placeOrder(t, buyer, { [other!.sid]: 3 });
    const refused = await injectApi(t, LICENCE_API.orderDownload, { params: { id: unpaid.sid }, token: buyer.token });
    expect(refused.code).toBe(4030);
    expect(refused.status).toBe(403);
  });

  it('sub-accounts of the company share the licences; the purchased list shows them with counts', async () => {
    const { buyer, mats } = await buyMaterials(2);
    const sub = await createSubAccount(t, buyer.sid);
    const res = await injectApi(t, LICENCE_API.materialDownload, { params: { id: mats[0]!.sid }, token: sub.token });
    expect(res.code).toBe(0);
    for (const account of [buyer, sub]) {
      const list = await injectApi(t, LICENCE_API.purchased, { token: account.token });
      expect(list.data.total).toBe(2);
      const item = list.data.materials.find((x) => x.sid === mats[0]!.sid)!;
      expect(item).toMatchObject({ spec: 2, downloadCount: 1 });
      expect(item.buyTime).not.toBeNull();
      expect(item.certificateUrl).toBe(
        pathUrl(ORDER_PATHS.certificate, { id: item.orderSid, materialSid: mats[0]!.sid }),
      );
    }
  });

  it('another account gets 403 for a material and 404 for an order, and nothing is counted', async () => {
    const { mats, order } = await buyMaterials(1);
    const stranger = await createBuyer(t);
    const material = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: mats[0]!.sid },
      token: stranger.token,
    });
    expect(material.status).toBe(403);
    expect(material.code).toBe(4030);
    expect(material.message).toMatch(/[\u4e00-\u9fa5]/);
    const foreign = await injectApi(t, LICENCE_API.orderDownload, { params: { id: order.sid }, token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.code).toBe(4001);
    expect(await t.database.db.select().from(downloads).where(eq(downloads.userSid, stranger.sid))).toHaveLength(0);
    const list = await injectApi(t, LICENCE_API.purchased, { token: stranger.token });
    expect(list.data).toEqual({ total: 0, totalCapped: false, nextCursor: null, materials: [] });
    const unknown = await injectApi(t, LICENCE_API.materialDownload, {
      params: { id: 'nosuchmaterial1' },
      token: stranger.token,
    });
    expect(unknown.status).toBe(404);
    expect((await injectApi(t, LICENCE_API.materialDownload, { params: { id: mats[0]!.sid } })).code).toBe(1000);
  });
});
