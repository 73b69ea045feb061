import { ORDER_API, OrderType, PayWay, type TOrder } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demands } from '../../src/db/schema/index.js';
import { insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createSubAccount,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * POST /api/order/place/custom and its preview: a company holding 高级定制授权 of a material has
 * the custom design of that material paid by it, once (docs/decisions/0023).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const customBody = (material: string) => ({
  material,
  source: null,
  product_key: null,
  logo_key: null,
  detail: { title: '新品上市' },
});

const previewCustom = (buyer: TestBuyer, material: string, payWay: PayWay | null = PayWay.WALLET) =>
  injectApi(t, ORDER_API.placeCustomPreview, {
    token: buyer.token,
    body: { material, code: null, pay_way: payWay, product_key: null, logo_key: null },
  });

const placeCustom = (buyer: TestBuyer, material: string) =>
  injectApi(t, ORDER_API.placeCustom, { token: buyer.token, body: customBody(material) });

/** A company that bought 高级定制授权 (type 4) of a new material, paid in full online-priced by wallet. */
async function companyHoldingPremium(): Promise<{ buyer: TestBuyer; material: string }> {
  const buyer = await createCompanyBuyer(t);
  const material = await insertMaterial(t, { keywords: ['定制', '钻戒'] });
  await fundWallet(t, buyer.sid, 100_000);
  const licenceOrder = await placeOrder(t, buyer, { [material.sid]: 4 });
  const paid = await payByWallet(t, buyer, licenceOrder.sid);
  expect(paid.code).toBe(0);
  return { buyer, material: material.sid };
}

describe('a held 高级定制授权 pays for the custom design of its material', () => {
  it('shows the credit in the preview and completes the custom order for ¥0 more, once', async () => {
    const { buyer, material } = await companyHoldingPremium();
    const before = await walletBooks(t, buyer.sid);

    for (const payWay of [PayWay.WALLET, PayWay.WECHAT, null]) {
      const preview = await previewCustom(buyer, material, payWay);
      expect(preview.code).toBe(0);
      expect(preview.data).toEqual({
        price_origin: 49_800,
        discount_credit: 49_800,
        discount_member: 0,
        discount_coupon: 0,
        price: 0,
      });
    }

    const placed = await placeCustom(buyer, material);
    expect(placed.code).toBe(0);
    expect(placed.data.order).toMatchObject({ orderType: OrderType.CUSTOM, priceOrigin: 49_800, finalPrice: 0 });
    const done = await payByWallet(t, buyer, placed.data.order.sid);
    expect(done.code).toBe(0);
    expect(done.data.order).toMatchObject({ status: 'PAYED', payWay: PayWay.FREE, finalPrice: 0 });
    const [demand] = await t.database.db.select().from(demands).where(eq(demands.orderSid, placed.data.order.sid));
    expect(demand!.status).toBe('SUBMITTED');
    // Nothing left the wallet, and the order's books add up: origin − credit − member − coupon = price.
    expect(await walletBooks(t, buyer.sid)).toEqual(before);
    const row = await orderRow(t, placed.data.order.sid);
    expect(row.priceOriginCents - row.discountCreditCents - row.discountMemberCents - row.discountCouponCents).toBe(
      row.priceCents,
    );

    // The credit is spent: a second custom design of the material is a new service, at its price.
    const again = await previewCustom(buyer, material, PayWay.WECHAT);
    expect(again.data).toEqual({ price_origin: 49_800, discount_member: 0, discount_coupon: 0, price: 49_800 });
    const second = await placeCustom(buyer, material);
    expect(second.data.order.finalPrice).toBe(49_800);
  });

  it('pays only for the material it was bought for, and counts for every account of the company', async () => {
    const { buyer, material } = await companyHoldingPremium();
    const other = await insertMaterial(t, { keywords: ['吊坠'] });
    expect((await previewCustom(buyer, other.sid, PayWay.WECHAT)).data.price).toBe(49_800);

    const sub = await createSubAccount(t, buyer.sid);
    const placed = await placeCustom(sub, material);
    expect(placed.data.order.finalPrice).toBe(0);
    // A ¥0 order spends nothing of the company: no approval is asked.
    const done = await payByWallet(t, sub, placed.data.order.sid);
    expect(done.code).toBe(0);
    expect(done.data.order.payWay).toBe(PayWay.FREE);
  });

  it('lets only one of two custom orders placed at once use the credit', async () => {
    const { buyer, material } = await companyHoldingPremium();
    const results = await Promise.all([placeCustom(buyer, material), placeCustom(buyer, material)]);
    const placed = results.filter((r) => r.code === 0).map((r) => r.data.order as TOrder);
    expect(placed.filter((o) => o.finalPrice === 0)).toHaveLength(1);
    // The other is refused rather than sold again: the credit is held by the first.
    expect(results.filter((r) => r.code === 4057)).toHaveLength(2 - placed.length);
    expect(placed.every((o) => o.finalPrice === 0)).toBe(true);

    // While the free order is unpaid, another placement is refused with its reason.
    const third = await placeCustom(buyer, material);
    expect(third.code).toBe(4057);
    expect((await previewCustom(buyer, material)).code).toBe(4057);

    // Cancelling the open order frees the credit for the next one.
    const cancelled = await injectApi(t, ORDER_API.cancel, { token: buyer.token, params: { id: placed[0]!.sid } });
    expect(cancelled.code).toBe(0);
    const next = await placeCustom(buyer, material);
    expect(next.code).toBe(0);
    expect(next.data.order.finalPrice).toBe(0);
  });

  it('lets two companies each use their own credit at once', async () => {
    const a = await companyHoldingPremium();
    const b = await companyHoldingPremium();
    const [ra, rb] = await Promise.all([placeCustom(a.buyer, a.material), placeCustom(b.buyer, b.material)]);
    expect([ra.data.order.finalPrice, rb.data.order.finalPrice]).toEqual([0, 0]);
  });
});
