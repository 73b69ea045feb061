import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, ledgerEntries, walletLots } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { settleOrderPayment } from '../../src/modules/order/order-settlement.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ORDER_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * Money under concurrency. The requests are fired together; on PostgreSQL (DATABASE_URL) they
 * run as truly concurrent transactions on a pool of connections, on PGlite (one connection)
 * they are interleaved by the driver — the assertions are the same and must hold on both.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('concurrent money moves', () => {
  it('20 concurrent wallet payments whose total exceeds the balance: never negative, exact debits, books agree', async () => {
    const buyer = await createCompanyBuyer(t);
    // Two lots: 500 + 700 cents. Each order costs 298 cents at the VIP price → 4 fit (1192).
    await fundWallet(t, buyer.sid, 500, { validBefore: new Date(Date.now() + 5 * 86_400_000) });
    await fundWallet(t, buyer.sid, 700, { validBefore: new Date(Date.now() + 20 * 86_400_000) });
    const mats = await createMaterials(t, 20);
    const orders = [];
    for (const m of mats) orders.push(await placeOrder(t, buyer, { [m.sid]: 2 }));

    const results = await Promise.all(orders.map((o) => payByWallet(t, buyer, o.sid)));
    const paid = results.filter((r) => r.code === 0);
    const refused = results.filter((r) => r.code !== 0);
    expect(paid).toHaveLength(4);
    expect(refused.every((r) => r.code === 4011 && r.status === 409)).toBe(true);
    expect(paid.every((r) => r.data.order.finalPrice === 298)).toBe(true);

    const books = await walletBooks(t, buyer.sid);
    expect(books.spends).toBe(4 * 298);
    expect(books.ledger).toBe(1200 - 4 * 298);
    expect(books.ledger).toBe(books.lots);
    const lots = await t.database.db.select().from(walletLots).where(eq(walletLots.userSid, buyer.sid));
    expect(lots.every((l) => l.remainingCents >= 0)).toBe(true);
    let created = 0;
    for (const o of orders) if ((await orderRow(t, o.sid)).status === 'CREATED') created += 1;
    expect(created).toBe(16);
  }, 120_000);

  it('the same order paid 8 times at once is debited once', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const results = await Promise.all(Array.from({ length: 8 }, () => payByWallet(t, buyer, order.sid)));
    expect(results.every((r) => r.code === 0 || r.code === 4002)).toBe(true);
    expect(results.filter((r) => r.code === 0).length).toBeGreaterThanOrEqual(1);
    const spends = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid));
    expect(spends).toHaveLength(1);
    expect((await walletBooks(t, buyer.sid)).ledger).toBe(69_900 - 298);
  });

  it('20 concurrent orders paying with a coupon whose limit is 1: exactly one gets the discount', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 100, redemptionLimit: 1 });
    const buyers = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await createCompanyBuyer(t);
      await fundWallet(t, buyer.sid, 69_900);
      const [m] = await createMaterials(t, 1);
      buyers.push({ buyer, order: await placeOrder(t, buyer, { [m!.sid]: 2 }) });
    }
    const results = await Promise.all(
      buyers.map(({ buyer, order }) => payByWallet(t, buyer, order.sid, { code: coupon.code })),
    );
    const winners = results.filter((r) => r.code === 0);
    expect(winners).toHaveLength(1);
    expect(winners[0]!.data.order).toMatchObject({ couponDiscount: 100, finalPrice: 198 });
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4023)).toBe(true);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.sid, coupon.sid));
    expect(row!.redeemedCount).toBe(1);
    const [uses] = await t.database.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponSid, coupon.sid));
    expect(uses!.n).toBe(1);
    // The losers were not charged at all.
    let debited = 0;
    for (const { buyer } of buyers) if ((await walletBooks(t, buyer.sid)).spends > 0) debited += 1;
    expect(debited).toBe(1);
  }, 120_000);

  it('the same settlement delivered 10 times at once settles once: one lot, one ledger entry', async () => {
    const buyer = await createCompanyBuyer(t);
    const placed = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: buyer.token });
    const orderSid = placed.data.order.sid;
    const tradeNo = `T${newSid(12)}`;
    const input = {
      orderSid,
      payWay: 'WECHAT' as const,
      gateway: 'sandbox' as const,
      tradeNo,
      amountCents: 69_900,
      paidAt: new Date(),
      idempotencyKey: `sandbox:${tradeNo}`,
    };
    const reward = { type: 1 as const, amount: 500, validDays: 30, orderTypes: ['wallet'] };
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => settleOrderPayment(t.database.db, input, { reward })),
    );
    expect(outcomes.filter((o) => o.outcome === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'already_settled')).toHaveLength(9);
    const codes = new Set(outcomes.map((o) => o.couponCode));
    expect(codes.size).toBe(1);
    expect([...codes][0]).toMatch(/^R/);
    const later = await settleOrderPayment(t.database.db, { ...input, paidAt: new Date() }, { reward });
    expect(later.outcome).toBe('already_settled');
    expect(await t.database.db.select().from(walletLots).where(eq(walletLots.orderSid, orderSid))).toHaveLength(1);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, orderSid))).toHaveLength(
      1,
    );
    const [issued] = await t.database.db.select({ n: count() }).from(coupons).where(eq(coupons.ownerSid, buyer.sid));
    expect(issued!.n).toBe(1);

    // A different payment for the paid order, a wrong amount, an unknown order: nothing changes.
    const other = await settleOrderPayment(t.database.db, {
      ...input,
      tradeNo: 'OTHER',
      idempotencyKey: 'sandbox:OTHER',
    });
    expect(other.outcome).toBe('order_not_payable');
    const unknown = await settleOrderPayment(t.database.db, {
      ...input,
      orderSid: 'nosuchorder0001',
      idempotencyKey: 'x:1',
    });
    expect(unknown).toEqual({ outcome: 'order_not_found', order: null, couponCode: null });
    const fresh = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: buyer.token });
    const mismatch = await settleOrderPayment(t.database.db, {
      ...input,
      orderSid: fresh.data.order.sid,
      amountCents: 1,
      idempotencyKey: 'x:2',
    });
    expect(mismatch.outcome).toBe('amount_mismatch');
    expect((await orderRow(t, fresh.data.order.sid)).status).toBe('CREATED');
    const byWallet = await settleOrderPayment(t.database.db, {
      ...input,
      orderSid: fresh.data.order.sid,
      payWay: 'WALLET',
      idempotencyKey: 'x:3',
    });
    expect(byWallet.outcome).toBe('order_not_payable');
  });

  it('cancel racing a wallet payment: PAYED with the debit, or CANCELLED without it', async () => {
    for (let i = 0; i < 5; i += 1) {
      const buyer = await createCompanyBuyer(t);
      await fundWallet(t, buyer.sid, 69_900);
      const [m] = await createMaterials(t, 1);
      const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
      await Promise.all([
        payByWallet(t, buyer, order.sid),
        injectApi(t, ORDER_API.cancel, { params: { id: order.sid }, token: buyer.token }),
      ]);
      const row = await orderRow(t, order.sid);
      const books = await walletBooks(t, buyer.sid);
      if (row.status === 'PAYED') expect(books.spends).toBe(298);
      else {
        expect(row.status).toBe('CANCELLED');
        expect(books.spends).toBe(0);
      }
      expect(books.ledger).toBe(books.lots);
    }
  });
});
