import { ErrorCode, type TUserCouponsResponse, COUPON_API, endpointUrl } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions } from '../../src/db/schema/index.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { enableOrderReward } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

function usable(token: string | null) {
  return t.call<TUserCouponsResponse>({
    method: 'GET',
    url: endpointUrl(COUPON_API.usable),
    ...(token ? { token } : {}),
  });
}

const codes = (res: { data: TUserCouponsResponse }) => res.data.coupons.map((c) => c.code);

describe('GET /api/user/code', () => {
  it('needs a signed-in buyer', async () => {
    const res = await usable(null);
    expect(res.code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });

  it('lists only the coupons issued to this account that it can use now, soonest ending first', async () => {
    const me = await createCompanyBuyer(t);
    const other = await createCompanyBuyer(t);
    const mine = { type: 1, amount: 1_000, ownerSid: me.sid };
    const soonEnd = at(3);
    await createCoupon(t, { ...mine, code: 'MY-LATER', name: '长期券' });
    await createCoupon(t, {
      ...mine,
      code: 'MY-SOON',
      name: '好评返券',
      startAt: at(-1),
      endAt: soonEnd,
      scope: ['material'],
    });
    await createCoupon(t, { ...mine, code: 'MY-WEEK', type: 2, amount: 20, endAt: at(7) });
    await createCoupon(t, { ...mine, code: 'MY-FUTURE', startAt: at(1), endAt: at(10) });
    await createCoupon(t, { ...mine, code: 'MY-EXPIRED', endAt: at(-0.001) });
    await createCoupon(t, { ...mine, code: 'MY-USED-UP', redemptionLimit: 1, redeemedCount: 1 });
    const used = await createCoupon(t, { ...mine, code: 'MY-USED' });
    await t.database.db
      .insert(couponRedemptions)
      .values({ couponSid: used.sid, userSid: me.sid, orderSid: 'someorder' });
    await createCoupon(t, { type: 1, amount: 1_000, code: 'PUBLIC-CODE' });
    await createCoupon(t, { type: 1, amount: 1_000, code: 'NOT-MINE', ownerSid: other.sid });

    const res = await usable(me.token);
    expect(res.code).toBe(0);
    expect(codes(res)).toEqual(['MY-SOON', 'MY-WEEK', 'MY-LATER']);
    expect(res.data.coupons[0]).toMatchObject({
      code: 'MY-SOON',
      name: '好评返券',
      type: 1,
      amount: 1_000,
      scope: ['material'],
      endTime: soonEnd.toISOString(),
    });
    expect(res.data.coupons[1]).toMatchObject({ type: 2, amount: 20, name: null, scope: [] });
    expect(res.data.coupons[2]!.endTime).toBeNull();

    expect(codes(await usable(other.token))).toEqual(['NOT-MINE']);
  });

  it('shows the order reward a payment issued, and drops a coupon once the account has used it', async () => {
    enableOrderReward(t);
    try {
      const buyer = await createCompanyBuyer(t);
      await fundWallet(t, buyer.sid, 69_900);
      const gift = await createCoupon(t, { type: 1, amount: 500, code: 'GIFT-ONCE', ownerSid: buyer.sid });
      expect(codes(await usable(buyer.token))).toEqual([gift.code]);

      const [material] = await createMaterials(t, 1);
      const order = await placeOrder(t, buyer, { [material!.sid]: 2 });
      const paid = await payByWallet(t, buyer, order.sid, { code: gift.code });
      expect(paid.code).toBe(0);
      expect(paid.data.coupon).toEqual(expect.any(String));

      // The used gift is gone; the reward coupon of this payment is there to use next time.
      expect(codes(await usable(buyer.token))).toEqual([paid.data.coupon]);
    } finally {
      t.config.money.orderReward = null;
      t.app.deps.orderReward.forget();
    }
  });
});
