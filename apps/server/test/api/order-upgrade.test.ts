import {
  LICENCE_API,
  ORDER_API,
  ORDER_PATHS,
  orderPath,
  type TOrder,
  ADMIN_ORDER_API,
  PAYMENT_API,
  endpointUrl,
} from '@gemstock/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, materials, orders } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  createSubAccount,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { operatorToken } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

/**
 * 升级授权 (docs/decisions/0016): a company that holds a licence of a material buys a wider one
 * for the difference of the current prices, through an ordinary material order; once paid, the
 * company holds the wider licence under a new certificate and the old one is superseded.
 */

let t: TestApp;
let ops: string;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await operatorToken(t);
});
afterAll(async () => t.close());

/** A company buyer holding `spec` of a fresh material (paid by transfer, confirmed). */
async function holder(spec: number, values: Parameters<typeof createMaterials>[2] = {}, buyer?: TestBuyer) {
  const owner = buyer ?? (await createCompanyBuyer(t));
  const [m] = await createMaterials(t, 1, values);
  const order = await placeOrder(t, owner, { [m!.sid]: spec });
  await payByTransfer(owner, order.sid);
  const [licence] = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
  return { buyer: owner, material: m!, licence: licence! };
}

async function payByTransfer(buyer: TestBuyer, orderSid: string, code: string | null = null) {
  const started = await t.call({
    method: 'POST',
    url: endpointUrl(ORDER_API.startTransfer, { params: { id: orderSid } }),
    token: buyer.token,
    payload: { code, referer: null },
  });
  expect(started.code).toBe(0);
  const confirmed = await t.call<{ order: TOrder }>({
    method: 'POST',
    url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: orderSid } }),
    token: ops,
    payload: await arrivalOfPrice(t, orderSid, '已核对到账', `BK-${orderSid}`),
  });
  expect(confirmed.code).toBe(0);
  return confirmed.data.order;
}

const place = (buyer: TestBuyer, material: string, spec: number) =>
  injectApi(t, ORDER_API.placeUpgrade, { token: buyer.token, body: { material, spec: spec as 1 | 2 | 3 | 4 } });

const preview = (buyer: TestBuyer, material: string, spec: number, extra: { code?: string; pay_way?: 'WALLET' } = {}) =>
  injectApi(t, ORDER_API.placeUpgradePreview, {
    token: buyer.token,
    body: { material, spec: spec as 1 | 2 | 3 | 4, code: extra.code ?? null, pay_way: extra.pay_way ?? null },
  });

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  let text = '';
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
  }
  return text;
}

async function upgradeOrders(ownerSid: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.ownerSid, ownerSid), eq(orders.orderType, 'material')));
  return row!.n;
}

async function licenceRows(ownerSid: string, materialSid: string) {
  return t.database.db
    .select()
    .from(licences)
    .where(and(eq(licences.ownerSid, ownerSid), eq(licences.materialSid, materialSid)))
    .orderBy(licences.createdAt);
}

describe('upgrading a new-media licence to standard', () => {
  it('previews and places an order for the difference only', async () => {
    const { buyer, material, licence } = await holder(3);
    const price = await preview(buyer, material.sid, 2);
    expect(price.code).toBe(0);
    expect(price.data).toEqual({ price_origin: 10_000, discount_member: 0, discount_coupon: 0, price: 10_000 });

    const placed = await place(buyer, material.sid, 2);
    expect(placed.code).toBe(0);
    expect(placed.data.order).toMatchObject({
      orderType: 'material',
      status: 'CREATED',
      spec: 2,
      upgradeFrom: 3,
      priceOrigin: 10_000,
      finalPrice: 10_000,
      materials: [{ sid: material.sid, spec: 2, unitPrice: 10_000 }],
    });
    expect(placed.data.order.name).toContain('新媒体授权 → 标准授权');
    const row = await orderRow(t, placed.data.order.sid);
    expect(row).toMatchObject({
      upgradesLicenceSid: licence.sid,
      upgradeMaterialSid: material.sid,
      upgradeFromSpec: 3,
    });
    // The order reads the same in the records; an ordinary order carries no upgradeFrom.
    const detail = await injectApi(t, ORDER_API.detail, { token: buyer.token, params: { id: row.sid } });
    expect(detail.data.order.upgradeFrom).toBe(3);
    const [other] = await createMaterials(t, 1);
    expect((await placeOrder(t, buyer, { [other!.sid]: 2 })).upgradeFrom).toBeUndefined();
  });

  it('once paid: the company holds standard under a new certificate; the old one is superseded', async () => {
    const { buyer, material, licence } = await holder(3);
    const placed = await place(buyer, material.sid, 2);
    const paid = await payByTransfer(buyer, placed.data.order.sid);
    expect(paid).toMatchObject({ status: 'PAYED', finalPrice: 10_000 });

    const rows = await licenceRows(buyer.sid, material.sid);
    expect(rows).toHaveLength(2);
    const [old, current] = rows;
    expect(old).toMatchObject({ sid: licence.sid, spec: 3, supersededByCertNo: current!.certNo });
    expect(old!.supersededAt).not.toBeNull();
    expect(current).toMatchObject({ spec: 2, orderSid: placed.data.order.sid, supersededByCertNo: null });

    // The purchased list shows the current licence only.
    const purchased = await injectApi(t, LICENCE_API.purchased, {
      token: buyer.token,
      query: { page: 1, page_size: 20 },
    });
    const mine = purchased.data.materials.filter((m) => m.sid === material.sid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ spec: 2, certNo: current!.certNo, ownedSpecs: [2] });
    expect(purchased.data.total).toBe(1);

    // The public verify page: the old certificate names its successor; the new one is valid.
    const oldPage = await t.app.inject({ method: 'GET', url: `/verify/certificate/${old!.certNo}` });
    expect(oldPage.statusCode).toBe(200);
    expect(oldPage.body).toContain('已因授权升级被取代');
    expect(oldPage.body).toContain(current!.certNo);
    expect(oldPage.body).not.toContain('✔ 证书有效');
    // The old certificate's PDF says the same; both orders' certificates stay downloadable.
    const oldPdf = await t.app.inject({
      method: 'GET',
      url: orderPath(ORDER_PATHS.certificate, old!.orderSid, material.sid),
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(oldPdf.statusCode).toBe(200);
    expect(await pdfText(oldPdf.rawPayload)).toContain('已因授权升级被取代');
    const newPdf = await t.app.inject({
      method: 'GET',
      url: orderPath(ORDER_PATHS.certificate, current!.orderSid, material.sid),
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(newPdf.statusCode).toBe(200);
    const newPage = await t.app.inject({ method: 'GET', url: `/verify/certificate/${current!.certNo}` });
    expect(newPage.body).toContain('✔ 证书有效');
    expect(newPage.body).toContain('标准授权');

    // Standard is now held: the same upgrade again is refused, extended is the next step.
    const again = await place(buyer, material.sid, 2);
    expect(again).toMatchObject({ status: 400, code: 4131 });
    expect((await preview(buyer, material.sid, 1)).data.price_origin).toBe(10_000);
  });

  it('the VIP discount and a coupon apply to the difference, on the ordinary rails (wallet)', async () => {
    const { buyer, material } = await holder(3);
    await fundWallet(t, buyer.sid, 69_900);
    const coupon = await createCoupon(t, { type: 1, amount: 50 });
    const vip = await preview(buyer, material.sid, 1, { pay_way: 'WALLET', code: coupon.code });
    // 398 − 198 = 200 yuan; VIP pays 1% (200 yuan → 2 yuan), then ¥0.50 off.
    expect(vip.data).toEqual({ price_origin: 20_000, discount_member: 19_800, discount_coupon: 50, price: 150 });
    const placed = await place(buyer, material.sid, 1);
    const paid = await payByWallet(t, buyer, placed.data.order.sid, { code: coupon.code });
    expect(paid.code).toBe(0);
    expect(paid.data.order).toMatchObject({ status: 'PAYED', payWay: 'WALLET', finalPrice: 150 });
    expect((await walletBooks(t, buyer.sid)).spends).toBe(150);
    const rows = await licenceRows(buyer.sid, material.sid);
    expect(rows.map((r) => [r.spec, r.supersededByCertNo !== null])).toEqual([
      [3, true],
      [1, false],
    ]);
  });

  it('a difference of zero (special prices) is completed without payment', async () => {
    const { buyer, material } = await holder(3, { keywords: ['钻戒'], specialPricesCents: { '2': 15_000 } });
    const price = await preview(buyer, material.sid, 2);
    expect(price.data.price).toBe(0);
    const placed = await place(buyer, material.sid, 2);
    const done = await payByWallet(t, buyer, placed.data.order.sid);
    expect(done.code).toBe(0);
    expect(done.data.order).toMatchObject({ status: 'PAYED', payWay: 'FREE', finalPrice: 0 });
    expect((await licenceRows(buyer.sid, material.sid)).filter((r) => r.supersededByCertNo === null)).toHaveLength(1);
  });

  it('a sub-account upgrades its company licence; the main account pays from its wallet', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const { material } = await holder(3, {}, main);
    await fundWallet(t, main.sid, 69_900);
    const placed = await place(sub, material.sid, 2);
    expect(placed.code).toBe(0);
    // The main account cannot open a second upgrade of the same material meanwhile.
    const mainTry = await place(main, material.sid, 2);
    expect(mainTry).toMatchObject({ status: 409, code: 4134 });
    const paid = await payByWallet(t, main, placed.data.order.sid);
    expect(paid.code).toBe(0);
    const rows = await licenceRows(main.sid, material.sid);
    expect(rows.find((r) => r.supersededByCertNo === null)).toMatchObject({ spec: 2, buyerSid: sub.sid });
  });
});

describe('the ordinary rails', () => {
  it("a sub-account's wallet payment of an upgrade asks the main account's approval first", async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const { material, licence } = await holder(3, {}, main);
    await fundWallet(t, main.sid, 69_900);
    const placed = await place(sub, material.sid, 2);
    const asked = await payByWallet(t, sub, placed.data.order.sid);
    expect(asked.code).toBe(4012);
    expect(await licenceRows(main.sid, material.sid)).toEqual([licence]);
    const approved = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.audit, { params: { id: placed.data.order.sid } }),
      token: main.token,
      payload: { approved: true, message: '同意升级' },
    });
    expect(approved.code).toBe(0);
    const paid = await payByWallet(t, sub, placed.data.order.sid);
    expect(paid.code).toBe(0);
    // VIP wallet price of the 100-yuan difference: 1 yuan.
    expect(paid.data.order).toMatchObject({ status: 'PAYED', finalPrice: 100 });
    expect((await walletBooks(t, main.sid)).spends).toBe(100);
  });

  it('online (WeChat through the sandbox): the gateway is asked for the difference, settlement supersedes', async () => {
    const { buyer, material, licence } = await holder(3);
    const placed = await place(buyer, material.sid, 2);
    const started = await t.call<{ link: string; amount: number }>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: placed.data.order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect(started.code).toBe(0);
    expect(started.data.amount).toBe(10_000);
    const paid = await t.call<{ outcome: string }>({
      method: 'POST',
      url: new URL(started.data.link).pathname,
      payload: { result: 'SUCCESS' },
    });
    expect(paid.data.outcome).toBe('settled');
    const rows = await licenceRows(buyer.sid, material.sid);
    expect(rows.find((r) => r.sid === licence.sid)!.supersededByCertNo).toBe(
      rows.find((r) => r.orderSid === placed.data.order.sid)!.certNo,
    );
  });

  it('settling twice (a repeated transfer confirmation) issues one certificate and supersedes once', async () => {
    const { buyer, material } = await holder(3);
    const placed = await place(buyer, material.sid, 1);
    await payByTransfer(buyer, placed.data.order.sid);
    const rows = await licenceRows(buyer.sid, material.sid);
    const again = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: placed.data.order.sid } }),
      token: ops,
      payload: await arrivalOfPrice(t, placed.data.order.sid, '重复确认', `BK-${placed.data.order.sid}`),
    });
    expect(again.code).toBe(0);
    expect(await licenceRows(buyer.sid, material.sid)).toEqual(rows);
    expect(rows.map((r) => r.supersededByCertNo)).toEqual([rows[1]!.certNo, null]);
  });

  it('paying is refused (4056) when the company meanwhile bought the target at full price', async () => {
    const { buyer, material } = await holder(3);
    const upgrade = await place(buyer, material.sid, 2);
    const full = await placeOrder(t, buyer, { [material.sid]: 1 });
    await payByTransfer(buyer, full.sid);
    const started = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: upgrade.data.order.sid } }),
      token: buyer.token,
      payload: {},
    });
    expect(started).toMatchObject({ status: 409, code: 4056 });
  });
});

describe('an open upgrade order', () => {
  it('the same request again hands out the same order; 10 at once make one order', async () => {
    const { buyer, material } = await holder(3);
    const before = await upgradeOrders(buyer.sid);
    const results = await Promise.all(Array.from({ length: 10 }, () => place(buyer, material.sid, 2)));
    expect(results.map((r) => r.code)).toEqual(Array(10).fill(0));
    expect(new Set(results.map((r) => r.data.order.sid)).size).toBe(1);
    expect(await upgradeOrders(buyer.sid)).toBe(before + 1);
  });

  it('10 concurrent requests for different targets: one order, the others refused with 4134', async () => {
    const { buyer, material } = await holder(3);
    const before = await upgradeOrders(buyer.sid);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => place(buyer, material.sid, i % 2 ? 1 : 2)));
    const ok = results.filter((r) => r.code === 0);
    expect(new Set(ok.map((r) => r.data.order.sid)).size).toBe(1);
    for (const r of results.filter((x) => x.code !== 0)) {
      expect(r).toMatchObject({ status: 409, code: 4134 });
      expect(r.message).toContain('待支付的授权升级订单');
    }
    expect(await upgradeOrders(buyer.sid)).toBe(before + 1);
  });

  it('cancelling it frees the material for another upgrade; the licence is unchanged', async () => {
    const { buyer, material, licence } = await holder(3);
    const first = await place(buyer, material.sid, 2);
    const cancelled = await injectApi(t, ORDER_API.cancel, {
      token: buyer.token,
      params: { id: first.data.order.sid },
    });
    expect(cancelled.code).toBe(0);
    const second = await place(buyer, material.sid, 1);
    expect(second.code).toBe(0);
    expect(second.data.order.sid).not.toBe(first.data.order.sid);
    expect(second.data.order.finalPrice).toBe(20_000);
    expect(await licenceRows(buyer.sid, material.sid)).toEqual([licence]);
  });

  it('an ordinary order of the same material and price is never handed the upgrade order', async () => {
    const { buyer, material } = await holder(3);
    const upgrade = await place(buyer, material.sid, 2);
    const other = await createCompanyBuyer(t);
    const ordinary = await placeOrder(t, other, { [material.sid]: 2 });
    expect(ordinary.sid).not.toBe(upgrade.data.order.sid);
    expect(ordinary.finalPrice).toBe(29_800);
  });
});

describe('refused upgrades change nothing', () => {
  async function expectRefused(buyer: TestBuyer, material: string, spec: number, status: number, code: number) {
    const before = await upgradeOrders(buyer.sid);
    const licencesBefore = await licenceRows(buyer.sid, material);
    const res = await place(buyer, material, spec);
    expect(res).toMatchObject({ status, code });
    expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    const previewed = await preview(buyer, material, spec);
    expect(previewed).toMatchObject({ status, code });
    expect(await upgradeOrders(buyer.sid)).toBe(before);
    expect(await licenceRows(buyer.sid, material)).toEqual(licencesBefore);
    return res;
  }

  it('a material the company does not hold (4130)', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const res = await expectRefused(buyer, m!.sid, 2, 409, 4130);
    expect(res.message).toBe('您的公司尚未购买该素材的授权，请先购买后再升级');
    // Another company's licence is not this company's.
    const { material } = await holder(3);
    await expectRefused(buyer, material.sid, 2, 409, 4130);
  });

  it('a lower or equal licence (4131)', async () => {
    const { buyer, material } = await holder(2);
    const equal = await expectRefused(buyer, material.sid, 2, 400, 4131);
    expect(equal.message).toContain('已持有该素材的标准授权');
    await expectRefused(buyer, material.sid, 3, 400, 4131);
  });

  it("a licence the material's resolution does not allow (4132)", async () => {
    // Long side 1600 px: standard and new-media, not extended (≥ 2160 px).
    const { buyer, material } = await holder(3, { keywords: ['钻戒'], width: 1200, height: 1600 });
    const res = await expectRefused(buyer, material.sid, 1, 400, 4132);
    expect(res.message).toBe('该素材的分辨率不支持扩展授权，无法升级');
  });

  it('premium custom as the target or the source (4133)', async () => {
    const { buyer, material } = await holder(3);
    await expectRefused(buyer, material.sid, 4, 400, 4133);
    const premium = await holder(4);
    await expectRefused(premium.buyer, premium.material.sid, 1, 400, 4133);
  });

  it('a material that does not exist (3001) or was withdrawn (4007)', async () => {
    const buyer = await createCompanyBuyer(t);
    expect(await place(buyer, newSid(), 2)).toMatchObject({ status: 404, code: 3001 });
    const { buyer: owner, material } = await holder(3);
    await t.database.db.update(materials).set({ disabled: true }).where(eq(materials.sid, material.sid));
    await expectRefused(owner, material.sid, 2, 409, 4007);
  });

  it('the database holds at most one unpaid upgrade order per company and material', async () => {
    const { buyer, material } = await holder(3);
    const placed = await place(buyer, material.sid, 2);
    const row = await orderRow(t, placed.data.order.sid);
    const copy = { ...row, sid: `${row.sid.slice(0, 15)}Z`, orderNo: `${row.orderNo}9`, settlementKey: null };
    await expect(t.database.db.insert(orders).values(copy)).rejects.toThrow();
    // Once it is no longer open, another may be placed.
    await t.database.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.sid, row.sid));
    await t.database.db.insert(orders).values(copy);
  });

  it('bad input: an unknown licence type, no material, no token', async () => {
    const buyer = await createCompanyBuyer(t);
    const bad = await t.call({
      method: 'POST',
      url: ORDER_API.placeUpgrade.path,
      token: buyer.token,
      payload: { material: 'x', spec: 9 },
    });
    expect(bad).toMatchObject({ status: 400, code: 1001 });
    const anonymous = await t.call({ method: 'POST', url: ORDER_API.placeUpgrade.path, payload: {} });
    expect(anonymous.code).toBe(1000);
  });
});
