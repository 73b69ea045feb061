import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, couponRedemptions, coupons, ledgerEntries, licences } from '../../src/db/schema/index.js';
import { countRows } from '../helpers/accounts.js';
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
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { CART_API, ORDER_API, USER_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('wallet payment', () => {
  it('pays at the VIP price, debits the wallet, licenses the materials and empties them from the cart', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const mats = await createMaterials(t, 2);
    for (const m of mats) {
      await injectApi(t, CART_API.add, { body: { material: m.sid, spec: 2 }, token: buyer.token });
    }
    const order = await placeOrder(t, buyer, { [mats[0]!.sid]: 1, [mats[1]!.sid]: 2 });
    // Placing keeps the cart as it was; paying removes what was bought.
    expect((await t.database.db.select().from(cartItems).where(eq(cartItems.userSid, buyer.sid))).length).toBe(2);

    const paid = await payByWallet(t, buyer, order.sid, { referer: '张三' });
    expect(paid.code).toBe(0);
    expect(paid.data.coupon).toBeNull();
    expect(paid.data.order).toMatchObject({
      status: 'PAYED',
      payWay: 'WALLET',
      priceOrigin: 69_600,
      membetDiscount: 68_904,
      finalPrice: 696,
      referer: '张三',
    });
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    expect(me.data.user.walletBalance).toBe(69_900 - 696);
    expect(me.data.user.isVip).toBe(true);
    const granted = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(granted.map((l) => [l.materialSid, l.spec]).sort()).toEqual(
      [
        [mats[0]!.sid, 1],
        [mats[1]!.sid, 2],
      ].sort(),
    );
    expect(granted.every((l) => l.ownerSid === buyer.sid)).toBe(true);
    expect((await t.database.db.select().from(cartItems).where(eq(cartItems.userSid, buyer.sid))).length).toBe(0);
    const books = await walletBooks(t, buyer.sid);
    expect(books.ledger).toBe(books.lots);
    expect(books.spends).toBe(696);
  });

  it('a purchase leaves in the cart only what it did not buy, whether or not its materials were there', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 200_000);
    const mats = await createMaterials(t, 4);
    const cartOf = async () =>
      (await t.database.db.select().from(cartItems).where(eq(cartItems.userSid, buyer.sid)))
        .map((c) => c.materialSid)
        .sort();
    await injectApi(t, CART_API.add, { body: { material: mats[0]!.sid, spec: 2 }, token: buyer.token });
    await injectApi(t, CART_API.add, { body: { material: mats[3]!.sid, spec: 2 }, token: buyer.token });

    // Bought straight away, none of it in the cart: the cart stays as it was.
    const buyNow = await placeOrder(t, buyer, { [mats[1]!.sid]: 2 });
    expect((await payByWallet(t, buyer, buyNow.sid)).code).toBe(0);
    expect(await cartOf()).toEqual([mats[0]!.sid, mats[3]!.sid].sort());

    // One of the two bought was in the cart: that line goes, the other line stays.
    const mixed = await placeOrder(t, buyer, { [mats[0]!.sid]: 2, [mats[2]!.sid]: 2 });
    expect((await payByWallet(t, buyer, mixed.sid)).code).toBe(0);
    expect(await cartOf()).toEqual([mats[3]!.sid]);
  });

  it('answers the same success again for a repeated call, without a second debit', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const first = await payByWallet(t, buyer, order.sid);
    const second = await payByWallet(t, buyer, order.sid);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(second.data.order.status).toBe('PAYED');
    const spends = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid));
    expect(spends).toHaveLength(1);
  });

  it('refuses when the balance is too low, with the balance in the message, and changes nothing', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const before = await countRows(t, 'ledger_entries');
    const res = await payByWallet(t, buyer, order.sid);
    expect(res.code).toBe(4011);
    expect(res.status).toBe(409);
    expect(res.message).toBe('当前余额¥0.00，余额不足，请使用其他方式支付');
    expect(await countRows(t, 'ledger_entries')).toBe(before);
    expect((await orderRow(t, order.sid)).status).toBe('CREATED');

    // Now VIP with ¥2.00: the VIP price (¥2.98) is still more than that.
    await fundWallet(t, buyer.sid, 200);
    const low = await payByWallet(t, buyer, order.sid);
    expect(low.message).toBe('当前余额¥2.00，余额不足，请使用其他方式支付');
  });

  it('never pays a recharge order by wallet', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const recharge = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: buyer.token });
    const res = await payByWallet(t, buyer, recharge.data.order.sid);
    expect(res.code).toBe(4009);
  });

  it('pays only an order the account may see: its own, or as the main account its sub-accounts’', async () => {
    const main = await createCompanyBuyer(t);
    await fundWallet(t, main.sid, 69_900);
    const [sub, otherSub] = [await createSubAccount(t, main.sid), await createSubAccount(t, main.sid)];
    const stranger = await createCompanyBuyer(t);
    await fundWallet(t, stranger.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 3 });
    // Another company and a sibling sub-account see no such order; nothing is paid or debited.
    for (const who of [stranger, otherSub]) {
      expect(await payByWallet(t, who, order.sid)).toMatchObject({ status: 404 });
    }
    expect((await orderRow(t, order.sid)).status).toBe('CREATED');
    expect(await walletBooks(t, stranger.sid)).toMatchObject({ ledger: 69_900, lots: 69_900 });
    // The main account pays its sub-account's order from its own wallet.
    expect((await payByWallet(t, main, order.sid)).code).toBe(0);
    expect((await orderRow(t, order.sid)).status).toBe('PAYED');
  });

  it('spends from the lot that expires first, across lots, and never from a lapsed one', async () => {
    const buyer = await createCompanyBuyer(t);
    const now = Date.now();
    await fundWallet(t, buyer.sid, 50_000, { validBefore: new Date(now - 1000) });
    const later = await fundWallet(t, buyer.sid, 300, { validBefore: new Date(now + 20 * 86_400_000) });
    const sooner = await fundWallet(t, buyer.sid, 200, { validBefore: new Date(now + 10 * 86_400_000) });
    const [m] = await createMaterials(t, 1);
    // 298 yuan at 1% = 298 cents: 200 from the sooner lot, 98 from the later one.
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const res = await payByWallet(t, buyer, order.sid);
    expect(res.code).toBe(0);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userSid, buyer.sid));
    const spend = entries.filter((e) => e.kind === 'spend');
    expect(spend.map((e) => e.amountCents).sort()).toEqual([-200, -98]);
    expect(entries.filter((e) => e.kind === 'expire').map((e) => e.amountCents)).toEqual([-50_000]);
    expect(sooner).not.toBe(later);
    const books = await walletBooks(t, buyer.sid);
    expect(books).toMatchObject({ ledger: 202, lots: 202, lapsed: 0 });
  });

  it('redeems a coupon once per account and counts it against its limit', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const coupon = await createCoupon(t, { type: 1, amount: 100, redemptionLimit: 5 });
    const mats = await createMaterials(t, 2);
    const one = await placeOrder(t, buyer, { [mats[0]!.sid]: 2 });
    const paid = await payByWallet(t, buyer, one.sid, { code: coupon.code });
    expect(paid.data.order).toMatchObject({ couponDiscount: 100, finalPrice: 198, couponCode: coupon.code });
    const two = await placeOrder(t, buyer, { [mats[1]!.sid]: 2 });
    const again = await payByWallet(t, buyer, two.sid, { code: coupon.code });
    expect(again.code).toBe(4025);
    expect((await orderRow(t, two.sid)).status).toBe('CREATED');
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.sid, coupon.sid));
    expect(row!.redeemedCount).toBe(1);
    expect(
      await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponSid, coupon.sid)),
    ).toHaveLength(1);
  });

  it('keeps to the pay way once chosen: an order sent to transfer cannot be paid by wallet', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await injectApi(t, ORDER_API.startTransfer, { params: { id: order.sid }, body: {}, token: buyer.token });
    const res = await payByWallet(t, buyer, order.sid);
    expect(res.code).toBe(4010);
  });

  it('issues the configured order coupon on payment and returns it', async () => {
    const rewarding = await buildTestApp({
      money: { ...t.config.money, orderReward: { type: 1, amount: 1_000, validDays: 30, orderTypes: ['material'] } },
    });
    try {
      const buyer = await createCompanyBuyer(rewarding);
      await fundWallet(rewarding, buyer.sid, 69_900);
      const [m] = await createMaterials(rewarding, 1);
      const order = await placeOrder(rewarding, buyer, { [m!.sid]: 2 });
      const paid = await payByWallet(rewarding, buyer, order.sid);
      expect(paid.data.coupon).toMatch(/^R[A-Z0-9]{9}$/);
      const repeat = await payByWallet(rewarding, buyer, order.sid);
      expect(repeat.data.coupon).toBe(paid.data.coupon);
      const [row] = await rewarding.database.db.select().from(coupons).where(eq(coupons.code, paid.data.coupon!));
      expect(row).toMatchObject({ ownerSid: buyer.sid, redemptionLimit: 1, amount: 1_000 });
    } finally {
      await rewarding.close();
    }
  });
});
