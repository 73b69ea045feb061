import { LicenceType, OrderType, PayWay, type TPricePreview, isSamePayMethod, payMethodOf } from '@gemstock/contract';
import { describe, expect, it } from 'vitest';
import { afterPaymentOf } from '@/features/checkout/lib/after-payment';
import {
  defaultPayMethod,
  payMethodOptions,
  payWayOfMethod,
  walletShortfallText,
} from '@/features/checkout/lib/pay-method';
import { breakdownRows, showsMemberLine } from '@/features/checkout/lib/price-breakdown';
import { couponCovers, couponValueText } from '@/lib/coupon-text';

describe('defaultPayMethod (spec §4)', () => {
  const base = { orderType: OrderType.MATERIAL, lockedPayWay: null, balance: 10_000, walletPrice: 298 };

  it('is wallet when the order is not a recharge and the balance covers the wallet price', () => {
    expect(defaultPayMethod(base)).toBe('wallet');
    expect(defaultPayMethod({ ...base, balance: 298 })).toBe('wallet');
  });

  it('is online when the balance does not cover it', () => {
    expect(defaultPayMethod({ ...base, balance: 297 })).toBe('online');
    expect(defaultPayMethod({ ...base, balance: 0, walletPrice: 29_800 })).toBe('online');
  });

  it('is online for a wallet recharge whatever the balance', () => {
    expect(defaultPayMethod({ ...base, orderType: OrderType.WALLET, balance: 1_000_000, walletPrice: 69_900 })).toBe(
      'online',
    );
  });

  it('is online while the wallet price is unknown', () => {
    expect(defaultPayMethod({ ...base, walletPrice: null })).toBe('online');
  });

  it('keeps the method an order was locked to', () => {
    expect(defaultPayMethod({ ...base, lockedPayWay: PayWay.TRANSFER })).toBe('transfer');
    expect(defaultPayMethod({ ...base, lockedPayWay: PayWay.ALIPAY })).toBe('online');
    expect(defaultPayMethod({ ...base, balance: 0, lockedPayWay: PayWay.WALLET })).toBe('wallet');
  });
});

describe('pay methods', () => {
  it('online is priced as WeChat; both gateways are the online method', () => {
    expect(payWayOfMethod('online')).toBe(PayWay.WECHAT);
    expect(payWayOfMethod('wallet')).toBe(PayWay.WALLET);
    expect(payWayOfMethod('transfer')).toBe(PayWay.TRANSFER);
    expect(payMethodOf(PayWay.WECHAT)).toBe('online');
    expect(payMethodOf(PayWay.FREE)).toBe('wallet');
    expect(payMethodOf(null)).toBeNull();
  });

  it('the method chosen stays: WeChat and Alipay are one, a free completion is the wallet’s', () => {
    expect(isSamePayMethod(PayWay.WECHAT, PayWay.ALIPAY)).toBe(true);
    expect(isSamePayMethod(PayWay.FREE, PayWay.WALLET)).toBe(true);
    expect(isSamePayMethod(PayWay.TRANSFER, PayWay.WECHAT)).toBe(false);
    expect(isSamePayMethod(PayWay.WALLET, PayWay.TRANSFER)).toBe(false);
  });

  it('says the balance in the tooltip of spec §5 when it is too low', () => {
    expect(walletShortfallText(12_345, 29_800)).toBe('当前余额¥123.45，余额不足，请使用其他方式支付');
    expect(walletShortfallText(29_800, 29_800)).toBeNull();
    expect(walletShortfallText(0, null)).toBeNull();
  });

  it('offers no wallet for a recharge, and disables it when the balance is short', () => {
    const recharge = payMethodOptions({
      orderType: OrderType.WALLET,
      lockedPayWay: null,
      balance: 0,
      walletPrice: null,
    });
    expect(recharge.map((o) => o.method)).toEqual(['online', 'transfer']);

    const short = payMethodOptions({
      orderType: OrderType.MATERIAL,
      lockedPayWay: null,
      balance: 100,
      walletPrice: 298,
    });
    expect(short.find((o) => o.method === 'wallet')).toMatchObject({
      disabled: true,
      reason: '当前余额¥1.00，余额不足，请使用其他方式支付',
    });
    expect(short.filter((o) => o.disabled)).toHaveLength(1);
  });

  it('a locked order can only use its own method', () => {
    const options = payMethodOptions({
      orderType: OrderType.MATERIAL,
      lockedPayWay: PayWay.WECHAT,
      balance: 100_000,
      walletPrice: 298,
    });
    expect(options.filter((o) => !o.disabled).map((o) => o.method)).toEqual(['online']);
  });
});

describe('breakdown visibility (spec §5)', () => {
  const preview: TPricePreview = { price_origin: 59_600, discount_member: 59_004, discount_coupon: 0, price: 596 };

  it('shows 会员优惠 only for a VIP paying by wallet', () => {
    expect(showsMemberLine({ isVip: true, payWay: PayWay.WALLET })).toBe(true);
    expect(showsMemberLine({ isVip: true, payWay: PayWay.WECHAT })).toBe(false);
    expect(showsMemberLine({ isVip: false, payWay: PayWay.WALLET })).toBe(false);
    expect(showsMemberLine({ isVip: true, payWay: null })).toBe(false);
  });

  it('lists 原价 / 会员优惠 / 实付 with the server amounts, discounts negative', () => {
    const rows = breakdownRows(preview, { isVip: true, payWay: PayWay.WALLET, couponOffered: true, hasCoupon: false });
    expect(rows).toEqual([
      { key: 'origin', label: '原价', cents: 59_600 },
      { key: 'member', label: '会员优惠', cents: -59_004 },
      { key: 'price', label: '实付', cents: 596 },
    ]);
  });

  it('shows 优惠券 once a code is applied, never for a recharge', () => {
    const withCoupon = { price_origin: 29_800, discount_member: 0, discount_coupon: 5_000, price: 24_800 };
    const keys = (ctx: Parameters<typeof breakdownRows>[1]) => breakdownRows(withCoupon, ctx).map((r) => r.key);
    expect(keys({ isVip: false, payWay: PayWay.WECHAT, couponOffered: true, hasCoupon: true })).toEqual([
      'origin',
      'coupon',
      'price',
    ]);
    expect(keys({ isVip: false, payWay: PayWay.WECHAT, couponOffered: true, hasCoupon: true }).includes('member')).toBe(
      false,
    );
    const recharge = { price_origin: 69_900, discount_member: 0, discount_coupon: 0, price: 69_900 };
    expect(
      breakdownRows(recharge, { isVip: true, payWay: PayWay.WECHAT, couponOffered: false, hasCoupon: false }).map(
        (r) => r.key,
      ),
    ).toEqual(['origin', 'price']);
  });

  it('draws no 会员优惠 on a quote: a quote costs what was quoted (decision 0023)', () => {
    const quote = { price_origin: 128_000, discount_member: 0, discount_coupon: 0, price: 128_000 };
    const ctx = { isVip: true, payWay: PayWay.WALLET, couponOffered: true, hasCoupon: false };
    expect(breakdownRows(quote, { ...ctx, orderType: OrderType.DASHBOARD }).map((r) => r.key)).toEqual([
      'origin',
      'price',
    ]);
    expect(showsMemberLine({ ...ctx, orderType: OrderType.CUSTOM })).toBe(true);
    expect(showsMemberLine({ ...ctx, orderType: OrderType.MATERIAL })).toBe(true);
  });

  it('shows what a held 高级定制授权 pays of a custom order', () => {
    const covered = { price_origin: 49_800, discount_credit: 49_800, discount_member: 0, discount_coupon: 0, price: 0 };
    const ctx = { isVip: false, payWay: PayWay.WALLET, couponOffered: true, hasCoupon: false };
    expect(breakdownRows(covered, { ...ctx, orderType: OrderType.CUSTOM })).toEqual([
      { key: 'origin', label: '原价', cents: 49_800 },
      { key: 'credit', label: '已购高级定制授权抵扣', cents: -49_800 },
      { key: 'price', label: '实付', cents: 0 },
    ]);
  });
});

describe('what a coupon covers (decision 0023)', () => {
  it('an all-orders coupon covers licences and the custom service, not a quote nor a recharge', () => {
    const all = { scope: [] };
    expect(couponCovers(all, OrderType.MATERIAL)).toBe(true);
    expect(couponCovers(all, OrderType.CUSTOM)).toBe(true);
    expect(couponCovers(all, OrderType.DASHBOARD)).toBe(false);
    expect(couponCovers(all, OrderType.WALLET)).toBe(false);
    expect(couponCovers({ scope: [OrderType.DASHBOARD] }, OrderType.DASHBOARD)).toBe(true);
  });
});

describe('couponValueText (spec §9)', () => {
  it('type 1 is a fixed amount off in cents', () => {
    expect(couponValueText({ type: 1, amount: 5_000 })).toBe('-¥50.00 优惠金额');
    expect(couponValueText({ type: 1, amount: 123_456 })).toBe('-¥1,234.56 优惠金额');
  });

  it('any other type is (100 - amount) / 10 折', () => {
    expect(couponValueText({ type: 2, amount: 10 })).toBe('9 折');
    expect(couponValueText({ type: 2, amount: 15 })).toBe('8.5 折');
    expect(couponValueText({ type: 0, amount: 100 })).toBe('0 折');
  });
});

describe('after payment (spec §4)', () => {
  it('material orders go to the ordinary records, custom to custom records', () => {
    expect(afterPaymentOf(OrderType.MATERIAL)).toEqual({ kind: 'navigate', to: '/record/ordinary' });
    expect(afterPaymentOf(OrderType.CUSTOM)).toEqual({ kind: 'navigate', to: '/record/customize' });
  });

  it('a bought 高级定制授权 of one material goes straight on to its custom form', () => {
    expect(afterPaymentOf(OrderType.MATERIAL, [{ sid: 'M1', spec: LicenceType.PREMIUM_CUSTOM }])).toEqual({
      kind: 'navigate',
      to: '/customize?material=M1',
    });
    expect(afterPaymentOf(OrderType.MATERIAL, [{ sid: 'M1', spec: LicenceType.STANDARD }])).toEqual({
      kind: 'navigate',
      to: '/record/ordinary',
    });
    // several materials in one order: the records list, where each can be customised
    const two = [
      { sid: 'M1', spec: LicenceType.PREMIUM_CUSTOM },
      { sid: 'M2', spec: LicenceType.PREMIUM_CUSTOM },
    ];
    expect(afterPaymentOf(OrderType.MATERIAL, two)).toEqual({ kind: 'navigate', to: '/record/ordinary' });
  });

  it('dashboard orders show the pay-success dialog; a recharge goes to the order page', () => {
    expect(afterPaymentOf(OrderType.DASHBOARD)).toEqual({ kind: 'pay-success' });
    expect(afterPaymentOf(OrderType.WALLET)).toEqual({ kind: 'navigate', to: '/user/order' });
  });
});
