import { ADMIN_DESIGN_API, DESIGN_API, ORDER_API, PayWay, PAYMENT_API } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  fundWallet,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Paying a quote (a `dashboard` order) by every pay way: a designer's quoted labour costs what
 * was quoted. The VIP's member price and coupons meant for every order do not apply; only a
 * coupon whose scope names quotes does (docs/decisions/0023).
 */

let t: TestApp;
let ops: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
});
afterAll(async () => t.close());

const QUOTE_CENTS = 128_000;

/** A VIP company (funded wallet) with a super-customization quoted at ¥1,280: the quote's order sid. */
async function vipWithQuote(): Promise<{ buyer: TestBuyer; orderSid: string }> {
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 500_000);
  const material = await insertMaterial(t, { keywords: ['项链'] });
  const asked = await injectApi(t, DESIGN_API.requestQuote, {
    token: buyer.token,
    body: { tier: 'super', material: material.sid, brief: '为新品项链做一组节日主题海报，三张，红金配色' },
  });
  expect(asked.code).toBe(0);
  const priced = await injectApi(t, ADMIN_DESIGN_API.price, {
    token: ops.token,
    params: { id: asked.data.sid },
    body: { price: QUOTE_CENTS, lead_days: 5 },
  });
  expect(priced.code).toBe(0);
  return { buyer, orderSid: priced.data.orderSid! };
}

const payPreview = (buyer: TestBuyer, orderSid: string, payWay: PayWay | null, code: string | null = null) =>
  injectApi(t, ORDER_API.payPreview, {
    token: buyer.token,
    params: { id: orderSid },
    body: { code, referer: null, pay_way: payWay },
  });

describe('a quote costs what was quoted', () => {
  it('gives a VIP paying by wallet no member price on a quote, and charges the wallet the quote', async () => {
    const { buyer, orderSid } = await vipWithQuote();
    for (const payWay of [PayWay.WALLET, PayWay.WECHAT, PayWay.ALIPAY, PayWay.TRANSFER, null]) {
      const preview = await payPreview(buyer, orderSid, payWay);
      expect(preview.data).toEqual({
        price_origin: QUOTE_CENTS,
        discount_member: 0,
        discount_coupon: 0,
        price: QUOTE_CENTS,
      });
    }
    const before = await walletBooks(t, buyer.sid);
    const paid = await payByWallet(t, buyer, orderSid);
    expect(paid.code).toBe(0);
    expect(paid.data.order).toMatchObject({ payWay: PayWay.WALLET, membetDiscount: 0, finalPrice: QUOTE_CENTS });
    const after = await walletBooks(t, buyer.sid);
    expect(before.lots - after.lots).toBe(QUOTE_CENTS);
    expect(after.spends - before.spends).toBe(QUOTE_CENTS);
  });

  it('refuses an all-orders coupon on a quote on every pay way, and changes nothing', async () => {
    const { buyer, orderSid } = await vipWithQuote();
    const survey = await createCoupon(t, { type: 1, amount: 2_000, ownerSid: buyer.sid });
    for (const payWay of [PayWay.WALLET, PayWay.WECHAT, PayWay.TRANSFER]) {
      expect((await payPreview(buyer, orderSid, payWay, survey.code)).code).toBe(4024);
    }
    const online = await injectApi(t, PAYMENT_API.wechat, {
      params: { id: orderSid },
      body: { code: survey.code, referer: null },
      token: buyer.token,
    });
    expect(online.code).toBe(4024);
    const transfer = await injectApi(t, ORDER_API.startTransfer, {
      token: buyer.token,
      params: { id: orderSid },
      body: { code: survey.code, referer: null },
    });
    expect(transfer.code).toBe(4024);
    const before = await walletBooks(t, buyer.sid);
    expect((await payByWallet(t, buyer, orderSid, { code: survey.code })).code).toBe(4024);
    expect(await walletBooks(t, buyer.sid)).toEqual(before);

    // Online, the gateway is asked for the quote in full.
    const started = await injectApi(t, PAYMENT_API.wechat, {
      params: { id: orderSid },
      body: { code: null, referer: null },
      token: buyer.token,
    });
    expect(started.code).toBe(0);
    expect(started.data.amount).toBe(QUOTE_CENTS);
  });

  it('takes a coupon an operator scoped to quotes, and still no member price', async () => {
    const { buyer, orderSid } = await vipWithQuote();
    const forQuotes = await createCoupon(t, { type: 1, amount: 10_000, scope: ['dashboard'] });
    const preview = await payPreview(buyer, orderSid, PayWay.WALLET, forQuotes.code);
    expect(preview.data).toEqual({
      price_origin: QUOTE_CENTS,
      discount_member: 0,
      discount_coupon: 10_000,
      price: QUOTE_CENTS - 10_000,
    });
  });

  it('keeps the member price and coupons on catalogue orders', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const coupon = await createCoupon(t, { type: 1, amount: 100 });
    const preview = await payPreview(buyer, order.sid, PayWay.WALLET, coupon.code);
    expect(preview.data).toEqual({ price_origin: 29_800, discount_member: 29_502, discount_coupon: 100, price: 198 });
  });
});
