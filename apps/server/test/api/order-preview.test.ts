import type { TPricePreview, TTransferResponse } from '@gemstock/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMaterial } from '../helpers/factories.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ORDER_API, PAYMENT_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const preview = (token: string, payload: Record<string, unknown>) =>
  t.call<TPricePreview>({ method: 'POST', url: endpointUrl(ORDER_API.placeMaterialPreview), token, payload });

describe('price previews', () => {
  it('shows the member discount only for a VIP paying by wallet', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const body = { materials: { [m!.sid]: 2 }, code: null };
    expect((await preview(buyer.token, { ...body, pay_way: 'WALLET' })).data).toEqual({
      price_origin: 29_800,
      discount_member: 0,
      discount_coupon: 0,
      price: 29_800,
    });
    await fundWallet(t, buyer.sid, 69_900);
    expect((await preview(buyer.token, { ...body, pay_way: 'WALLET' })).data).toEqual({
      price_origin: 29_800,
      discount_member: 29_502,
      discount_coupon: 0,
      price: 298,
    });
    expect((await preview(buyer.token, { ...body, pay_way: 'WECHAT' })).data.discount_member).toBe(0);
    expect((await preview(buyer.token, { ...body, pay_way: null })).data.discount_member).toBe(0);
  });

  it('answers coupon problems with their own codes', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const body = (code: string) => ({ materials: { [m!.sid]: 2 }, code, pay_way: 'WECHAT' });
    const past = await createCoupon(t, { type: 1, amount: 100, endAt: new Date(Date.now() - 1000) });
    const future = await createCoupon(t, { type: 1, amount: 100, startAt: new Date(Date.now() + 3_600_000) });
    const scoped = await createCoupon(t, { type: 1, amount: 100, scope: ['custom'] });
    const usedUp = await createCoupon(t, { type: 1, amount: 100, redemptionLimit: 1, redeemedCount: 1 });
    const other = await createCompanyBuyer(t);
    const personal = await createCoupon(t, { type: 1, amount: 100, ownerSid: other.sid });
    expect((await preview(buyer.token, body('NOSUCHCODE'))).code).toBe(4020);
    expect((await preview(buyer.token, body(past.code))).code).toBe(4021);
    expect((await preview(buyer.token, body(future.code))).code).toBe(4022);
    expect((await preview(buyer.token, body(scoped.code))).code).toBe(4024);
    expect((await preview(buyer.token, body(usedUp.code))).code).toBe(4023);
    expect((await preview(buyer.token, body(personal.code))).code).toBe(4020);
    const good = await createCoupon(t, { type: 2, amount: 20 });
    const ok = await preview(buyer.token, body(good.code.toLowerCase()));
    expect(ok.data).toEqual({ price_origin: 29_800, discount_member: 0, discount_coupon: 5_960, price: 23_840 });
  });

  it('pay_preview re-prices a placed order, and refuses a coupon on a recharge', async () => {
    const buyer = await createCompanyBuyer(t);
    const recharge = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: buyer.token });
    const sid = recharge.data.order.sid;
    const plain = await injectApi(t, ORDER_API.payPreview, {
      params: { id: sid },
      body: { code: null, referer: null, pay_way: 'WECHAT' },
      token: buyer.token,
    });
    expect(plain.data.price).toBe(69_900);
    const coupon = await createCoupon(t, { type: 1, amount: 100 });
    const withCoupon = await injectApi(t, ORDER_API.payPreview, {
      params: { id: sid },
      body: { code: coupon.code, referer: null, pay_way: 'WECHAT' },
      token: buyer.token,
    });
    expect(withCoupon.code).toBe(4024);
    const stranger = await createCompanyBuyer(t);
    const foreign = await injectApi(t, ORDER_API.payPreview, {
      params: { id: sid },
      body: { code: null, pay_way: 'WECHAT' },
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('charges exactly what the previews showed, for random carts, coupons, VIP states and pay ways', async () => {
    const arbitrary = fc.record({
      lines: fc.array(
        fc.record({
          spec: fc.constantFrom(1, 2, 3, 4),
          own: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
          special: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      coupon: fc.option(
        fc.record({
          type: fc.constantFrom(1, 2),
          amount: fc.integer({ min: 0, max: 100 }),
          fixedCents: fc.integer({ min: 1, max: 500_000 }),
        }),
        { nil: null },
      ),
      payWay: fc.constantFrom('WALLET', 'TRANSFER', 'WECHAT', 'ALIPAY'),
      isVip: fc.boolean(),
      clientPrice: fc.integer({ min: 0, max: 1_000 }),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async (c) => {
        const buyer = await createCompanyBuyer(t);
        const selection: Record<string, number> = {};
        for (const line of c.lines) {
          const m = await insertMaterial(t, {
            keywords: ['性质'],
            pricesCents: line.own === null ? {} : { [String(line.spec)]: line.own },
            specialPricesCents: line.special === null ? {} : { [String(line.spec)]: line.special },
          });
          selection[m.sid] = line.spec;
        }
        if (c.isVip || c.payWay === 'WALLET') await fundWallet(t, buyer.sid, 100_000_000);
        const code = c.coupon
          ? (
              await createCoupon(t, {
                type: c.coupon.type,
                amount: c.coupon.type === 1 ? c.coupon.fixedCents : c.coupon.amount,
              })
            ).code
          : null;

        const before = await preview(buyer.token, {
          materials: selection,
          code,
          pay_way: c.payWay,
          price: c.clientPrice,
        });
        expect(before.code).toBe(0);
        const order = await placeOrder(t, buyer, selection);
        const again = await t.call<TPricePreview>({
          method: 'POST',
          url: endpointUrl(ORDER_API.payPreview, { params: { id: order.sid } }),
          token: buyer.token,
          payload: { code, referer: null, pay_way: c.payWay, price: c.clientPrice },
        });
        expect(again.data).toEqual(before.data);

        let charged: number;
        if (c.payWay === 'WALLET') {
          const paid = await payByWallet(t, buyer, order.sid, { code, price: c.clientPrice });
          expect(paid.code).toBe(0);
          charged = paid.data.order.finalPrice;
          const books = await t.database.db.execute(
            `select coalesce(-sum(amount_cents), 0)::int as spent from ledger_entries where order_sid = '${order.sid}' and kind = 'spend'`,
          );
          const rows = (Array.isArray(books) ? books : (books as { rows: { spent: number }[] }).rows) as {
            spent: number;
          }[];
          expect(Number(rows[0]!.spent)).toBe(charged);
        } else if (c.payWay === 'TRANSFER') {
          const res = await t.call<TTransferResponse>({
            method: 'POST',
            url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
            token: buyer.token,
            payload: { code, referer: null, price: c.clientPrice },
          });
          if (res.code !== 0) {
            // Nothing to transfer for a free order: it is completed by the wallet call instead.
            expect(res.code).toBe(4042);
            expect(before.data.price).toBe(0);
            return;
          }
          charged = res.data.info.amount;
        } else {
          const res = await t.call<{ amount: number }>({
            method: 'POST',
            url: endpointUrl(c.payWay === 'WECHAT' ? PAYMENT_API.wechat : PAYMENT_API.alipay, {
              params: { id: order.sid },
            }),
            token: buyer.token,
            payload: { code, referer: null, price: c.clientPrice },
          });
          if (res.code !== 0) {
            // A zero price cannot go to a gateway; the breakdown is still the previewed one.
            expect(res.code).toBe(4042);
            expect(before.data.price).toBe(0);
            return;
          }
          charged = res.data.amount;
        }
        expect(charged).toBe(before.data.price);
        const row = await orderRow(t, order.sid);
        expect(row.priceCents).toBe(before.data.price);
        expect(row.discountMemberCents).toBe(before.data.discount_member);
        expect(row.discountCouponCents).toBe(before.data.discount_coupon);
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
