import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addChinaMonths,
  couponDiscountCents,
  couponDiscountLabel,
  couponProblem,
  customizationPriceCents,
  DEFAULT_VIP_RATE_BP,
  formatYuan,
  LICENCE_TABLE,
  priceOrder,
  type PricingCoupon,
  unitPriceCents,
  upgradeDifferenceCents,
  upgradeOptions,
  upgradeProblem,
  vipValidBefore,
} from '../src/index.js';

const cents = fc.integer({ min: 0, max: 5_000_000 });
const coupon = fc.record({ type: fc.constantFrom(1, 2), amount: fc.integer({ min: -10, max: 200_000 }) });
const input = fc.record({
  lineCents: fc.array(cents, { minLength: 0, maxLength: 20 }),
  orderType: fc.constantFrom('material', 'custom', 'dashboard', 'wallet'),
  payWay: fc.constantFrom('WALLET', 'WECHAT', 'ALIPAY', 'TRANSFER', null),
  isVip: fc.boolean(),
  vipRateBp: fc.integer({ min: -5, max: 12_000 }),
  coupon: fc.option(coupon, { nil: null }),
  creditCents: fc.option(fc.integer({ min: -10, max: 6_000_000 }), { nil: undefined }),
});

describe('priceOrder', () => {
  it('takes a held licence’s credit off first, never beyond the original, then the member price and coupon', () => {
    const covered = priceOrder({
      lineCents: [49_800],
      orderType: 'custom',
      payWay: 'WALLET',
      isVip: true,
      vipRateBp: DEFAULT_VIP_RATE_BP,
      coupon: { type: 1, amount: 2_000 },
      creditCents: 60_000,
    });
    expect(covered).toEqual({
      priceOriginCents: 49_800,
      discountCreditCents: 49_800,
      discountMemberCents: 0,
      discountCouponCents: 0,
      priceCents: 0,
    });
  });

  it('is never negative, never above the original, and its parts add up', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = priceOrder(i);
        expect(b.priceCents).toBeGreaterThanOrEqual(0);
        expect(b.priceCents).toBeLessThanOrEqual(b.priceOriginCents);
        expect(b.discountMemberCents).toBeGreaterThanOrEqual(0);
        expect(b.discountCouponCents).toBeGreaterThanOrEqual(0);
        expect(b.discountCreditCents).toBeGreaterThanOrEqual(0);
        expect(b.priceOriginCents - b.discountCreditCents - b.discountMemberCents - b.discountCouponCents).toBe(
          b.priceCents,
        );
        expect(b.priceOriginCents).toBe(i.lineCents.reduce((a, c) => a + c, 0));
        for (const v of Object.values(b)) expect(Number.isSafeInteger(v)).toBe(true);
      }),
    );
  });

  it('gives the member discount only to a VIP paying by wallet, never on a quote or a recharge', () => {
    fc.assert(
      fc.property(input, (i) => {
        const b = priceOrder(i);
        const eligible = i.isVip && i.payWay === 'WALLET' && (i.orderType === 'material' || i.orderType === 'custom');
        if (!eligible) expect(b.discountMemberCents).toBe(0);
      }),
    );
  });

  it('charges a VIP 1% of the original by default (0.1折), discounts rounded down', () => {
    const b = priceOrder({
      lineCents: [39_800, 29_800],
      orderType: 'material',
      payWay: 'WALLET',
      isVip: true,
      vipRateBp: DEFAULT_VIP_RATE_BP,
      coupon: null,
    });
    expect(b).toEqual({
      priceOriginCents: 69_600,
      discountCreditCents: 0,
      discountMemberCents: 68_904,
      discountCouponCents: 0,
      priceCents: 696,
    });
    // 19 801 × 1% = 198.01 → the buyer pays 199 (the discount 19 602.99 rounds down to 19 602).
    expect(
      priceOrder({
        lineCents: [19_801],
        orderType: 'material',
        payWay: 'WALLET',
        isVip: true,
        vipRateBp: 100,
        coupon: null,
      }).priceCents,
    ).toBe(199);
  });

  it('applies the coupon to what remains after the member discount', () => {
    const fixed = priceOrder({
      lineCents: [29_800],
      orderType: 'material',
      payWay: 'WECHAT',
      isVip: true,
      vipRateBp: 100,
      coupon: { type: 1, amount: 5_000 },
    });
    expect(fixed).toEqual({
      priceOriginCents: 29_800,
      discountCreditCents: 0,
      discountMemberCents: 0,
      discountCouponCents: 5_000,
      priceCents: 24_800,
    });
    const percentAfterVip = priceOrder({
      lineCents: [29_800],
      orderType: 'material',
      payWay: 'WALLET',
      isVip: true,
      vipRateBp: 100,
      coupon: { type: 2, amount: 15 },
    });
    // VIP price 298 cents, 15% off → 44.7 → 44.
    expect(percentAfterVip).toEqual({
      priceOriginCents: 29_800,
      discountCreditCents: 0,
      discountMemberCents: 29_502,
      discountCouponCents: 44,
      priceCents: 254,
    });
  });

  it('never takes a fixed coupon below zero', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10_000_000 }), (remainder, amount) => {
        const off = couponDiscountCents({ type: 1, amount }, remainder);
        expect(off).toBe(Math.min(amount, remainder));
      }),
    );
  });
});

describe('unit prices', () => {
  const material = { authType: [1, 2, 3, 4], price: 39_800, specialPrice: {}, customPrice: null };
  it('falls back from special price to own price to the licence table', () => {
    for (const l of LICENCE_TABLE) expect(unitPriceCents(material, l.type)).toBe(l.priceCents);
    const own = { ...material, price: { '1': 50_000, '2': 30_000 }, specialPrice: { '2': 100 } };
    expect(unitPriceCents(own, 1)).toBe(50_000);
    expect(unitPriceCents(own, 2)).toBe(100);
    expect(unitPriceCents(own, 3)).toBe(19_800);
  });
  it('refuses a type the material does not offer', () => {
    expect(unitPriceCents({ ...material, authType: [2, 3] }, 1)).toBeNull();
    expect(unitPriceCents(material, 5)).toBeNull();
  });
  it('prices a customization at 498 yuan unless the material says otherwise', () => {
    expect(customizationPriceCents({ customPrice: null })).toBe(49_800);
    expect(customizationPriceCents({ customPrice: 88_800 })).toBe(88_800);
  });
});

describe('coupon validity', () => {
  const base: PricingCoupon = {
    type: 1,
    amount: 1000,
    startAt: '2026-01-01T00:00:00Z',
    endAt: '2026-02-01T00:00:00Z',
    scope: [],
    limit: 1,
    redeemedCount: 0,
    ownerSid: null,
  };
  const ctx = { orderType: 'material', now: new Date('2026-01-15T00:00:00Z'), accountSid: 'a', usedByAccount: false };
  it('counts only inside [start, end), in scope, under the limit, once per account', () => {
    expect(couponProblem(base, ctx)).toBeNull();
    expect(couponProblem(base, { ...ctx, now: new Date('2025-12-31T23:59:59Z') })).toBe('not_started');
    expect(couponProblem(base, { ...ctx, now: new Date('2026-02-01T00:00:00Z') })).toBe('expired');
    expect(couponProblem({ ...base, scope: ['custom'] }, ctx)).toBe('not_applicable');
    // A quote takes only a coupon naming quotes (decision 0023).
    expect(couponProblem(base, { ...ctx, orderType: 'dashboard' })).toBe('not_applicable');
    expect(couponProblem({ ...base, scope: ['dashboard'] }, { ...ctx, orderType: 'dashboard' })).toBeNull();
    expect(couponProblem(base, { ...ctx, orderType: 'wallet' })).toBe('not_applicable');
    expect(couponProblem({ ...base, redeemedCount: 1 }, ctx)).toBe('used_up');
    expect(couponProblem({ ...base, limit: 0, redeemedCount: 99 }, ctx)).toBeNull();
    expect(couponProblem(base, { ...ctx, usedByAccount: true })).toBe('already_used');
    expect(couponProblem({ ...base, ownerSid: 'b' }, ctx)).toBe('not_owner');
  });
  it('labels coupons as the spec shows them', () => {
    expect(couponDiscountLabel({ type: 1, amount: 5000 }, formatYuan)).toBe('-¥50.00 优惠金额');
    expect(couponDiscountLabel({ type: 2, amount: 20 }, formatYuan)).toBe('8折');
  });
});

describe('VIP months in China time', () => {
  it('ends at the same wall-clock time a calendar month later, clamped to the month end', () => {
    // 2026-01-31 10:00 China = 02:00Z → 2026-02-28 10:00 China.
    expect(vipValidBefore(new Date('2026-01-31T02:00:00Z')).toISOString()).toBe('2026-02-28T02:00:00.000Z');
    // 2026-01-31 23:30 China is still the 31st in China while UTC says the 31st 15:30.
    expect(vipValidBefore(new Date('2026-01-31T15:30:00Z')).toISOString()).toBe('2026-02-28T15:30:00.000Z');
    // 2026-02-28T17:00Z is already 1 March 01:00 in China → 1 April 01:00 China (UTC arithmetic
    // would say 28 March).
    expect(vipValidBefore(new Date('2026-02-28T17:00:00Z')).toISOString()).toBe('2026-03-31T17:00:00.000Z');
    expect(addChinaMonths(new Date('2026-12-15T04:00:00Z'), 1).toISOString()).toBe('2027-01-15T04:00:00.000Z');
  });
  it('is always later and at most 31 days on', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (d) => {
        const until = vipValidBefore(d).getTime();
        expect(until).toBeGreaterThan(d.getTime());
        expect(until - d.getTime()).toBeLessThanOrEqual(31 * 86_400_000);
        expect(until - d.getTime()).toBeGreaterThanOrEqual(28 * 86_400_000);
      }),
    );
  });
});

describe('licence upgrade by paying the difference', () => {
  const all = { authType: [1, 2, 3, 4], price: 29_800, specialPrice: {}, customPrice: null };

  it('charges the difference of the licence-table prices up the ladder', () => {
    expect(upgradeDifferenceCents(all, 3, 2)).toBe(10_000);
    expect(upgradeDifferenceCents(all, 3, 1)).toBe(20_000);
    expect(upgradeDifferenceCents(all, 2, 1)).toBe(10_000);
    expect(upgradeOptions(all, 3)).toEqual([
      { spec: 1, differenceCents: 20_000 },
      { spec: 2, differenceCents: 10_000 },
    ]);
    expect(upgradeOptions(all, 1)).toEqual([]);
  });

  it('uses the current special and own prices, never below zero', () => {
    const priced = { ...all, price: { '1': 50_000, '2': 30_000, '3': 20_000 }, specialPrice: { '2': 12_000 } };
    expect(upgradeDifferenceCents(priced, 3, 2)).toBe(0);
    expect(upgradeDifferenceCents(priced, 3, 1)).toBe(30_000);
    expect(upgradeDifferenceCents(priced, 2, 1)).toBe(38_000);
  });

  it('refuses lower or equal, premium custom and what the resolution does not allow', () => {
    expect(upgradeProblem(all, 2, 2)).toBe('not_higher');
    expect(upgradeProblem(all, 1, 3)).toBe('not_higher');
    expect(upgradeProblem(all, 4, 1)).toBe('premium');
    expect(upgradeProblem(all, 3, 4)).toBe('premium');
    expect(upgradeProblem({ authType: [2, 3, 4] }, 3, 1)).toBe('not_offered');
    expect(upgradeProblem(all, 3, 9)).toBe('not_higher');
    expect(upgradeDifferenceCents({ ...all, authType: [2, 3, 4] }, 3, 1)).toBeNull();
    expect(upgradeProblem(all, 3, 2)).toBeNull();
  });

  it('property: an integer ≥ 0, at most the target price, and null exactly when there is a problem', () => {
    const priceMap = fc.dictionary(fc.constantFrom('1', '2', '3', '4'), fc.integer({ min: -5, max: 2_000_000 }));
    fc.assert(
      fc.property(
        fc.subarray([1, 2, 3, 4], { minLength: 0 }),
        fc.oneof(fc.integer({ min: 0, max: 2_000_000 }), priceMap),
        priceMap,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        (authType, price, specialPrice, from, to) => {
          const material = { authType, price, specialPrice, customPrice: null };
          const diff = upgradeDifferenceCents(material, from, to);
          if (upgradeProblem(material, from, to) !== null) return diff === null;
          const target = unitPriceCents(material, to)!;
          return diff !== null && Number.isSafeInteger(diff) && diff >= 0 && diff <= target;
        },
      ),
    );
  });

  it('property: priced as a material line, the upgrade never costs more than the difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.boolean(),
        fc.option(coupon, { nil: null }),
        (difference, isVip, c) => {
          const b = priceOrder({
            lineCents: [difference],
            orderType: 'material',
            payWay: 'WALLET',
            isVip,
            vipRateBp: DEFAULT_VIP_RATE_BP,
            coupon: c,
          });
          return b.priceOriginCents === difference && b.priceCents >= 0 && b.priceCents <= difference;
        },
      ),
    );
  });
});
