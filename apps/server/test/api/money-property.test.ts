import { AppError } from '../../src/lib/app-error.js';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, walletLots } from '../../src/db/schema/index.js';
import { EventBus } from '../../src/lib/event-bus.js';
import { newSid } from '../../src/lib/ids.js';
import { findUserBySid } from '../../src/modules/user/user.repository.js';
import { payByWallet } from '../../src/modules/payment/wallet-method.js';
import { settleOrderPayment } from '../../src/modules/order/order-settlement.js';
import { createOrderService } from '../../src/modules/order/order.module.js';
import { expireLapsedLots } from '../../src/modules/wallet/wallet.repository.js';
import { createCompanyBuyer, createMaterials, walletBooks } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Random sequences of recharge / spend / time passing (expiry) / cancel / repeated
 * notification against a simple model of lots. After every step: the ledger equals what valid
 * lots hold, nothing is negative, and no spend ever took money from a lapsed lot.
 */

/** No reward coupon: the model counts money only. */
const NO_ORDER_REWARD = { current: () => Promise.resolve(null), forget: () => undefined };
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const DAY = 86_400_000;
const RECHARGE = 69_900;
const step = fc.oneof(
  fc.record({ kind: fc.constant('recharge' as const) }),
  fc.record({ kind: fc.constant('spend' as const), spec: fc.constantFrom(1, 2, 3) }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ kind: fc.constant('cancel' as const) }),
  fc.record({ kind: fc.constant('renotify' as const) }),
);

interface ModelLot {
  sid: string | null;
  orderSid: string;
  remaining: number;
  validBefore: number;
}

describe('wallet invariants over random histories', () => {
  it('balance = ledger = valid lots, never negative, lapsed money never spent', async () => {
    const mats = await createMaterials(t, 3);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        let clock = Date.UTC(2026, 0, 31, 2, 0, 0) + Math.floor(Math.random() * 30) * DAY;
        // Half price for VIPs keeps spends large enough to run wallets dry.
        const money = { ...t.config.money, vipRateBp: 5_000, orderReward: null };
        const orders = createOrderService({
          db: t.database.db,
          money,
          publicUrlOf: () => null,
          now: () => new Date(clock),
          closeTrades: async () => ({ paid: false, unclosed: 0 }),
          events: new EventBus(),
        });
        const pay = (user: Parameters<typeof payByWallet>[1], sid: string) =>
          payByWallet({ db: t.database.db, money, orders, orderReward: NO_ORDER_REWARD }, user, sid, {
            code: null,
            referer: null,
          });
        const buyer = await createCompanyBuyer(t);
        const user = (await findUserBySid(t.database.db, buyer.sid))!;
        const lots: ModelLot[] = [];
        const settled: { orderSid: string; key: string; paidAt: Date }[] = [];
        const spends: { orderSid: string; at: number }[] = [];

        for (const s of steps) {
          if (s.kind === 'recharge') {
            const { order } = await orders.placeWalletOrder(user, { price: RECHARGE, source: null });
            const key = `sandbox:${newSid()}`;
            const paidAt = new Date(clock);
            const result = await settleOrderPayment(t.database.db, {
              orderSid: order.sid,
              payWay: 'ALIPAY',
              gateway: 'sandbox',
              tradeNo: key,
              amountCents: RECHARGE,
              paidAt,
              idempotencyKey: key,
            });
            expect(result.outcome).toBe('settled');
            settled.push({ orderSid: order.sid, key, paidAt });
            const [lot] = await t.database.db.select().from(walletLots).where(eq(walletLots.orderSid, order.sid));
            lots.push({
              sid: lot!.sid,
              orderSid: order.sid,
              remaining: RECHARGE,
              validBefore: lot!.validBefore.getTime(),
            });
          } else if (s.kind === 'renotify' && settled.length > 0) {
            const again = settled[settled.length - 1]!;
            const result = await settleOrderPayment(t.database.db, {
              orderSid: again.orderSid,
              payWay: 'ALIPAY',
              gateway: 'sandbox',
              tradeNo: again.key,
              amountCents: RECHARGE,
              paidAt: new Date(clock),
              idempotencyKey: again.key,
            });
            expect(result.outcome).toBe('already_settled');
          } else if (s.kind === 'spend') {
            // A fresh material each time: a licence the company holds cannot be bought twice.
            const [material] = await createMaterials(t, 1);
            const { order } = await orders.placeMaterialOrder(user, {
              materials: { [material!.sid]: s.spec },
              source: null,
            });
            const valid = lots.filter((l) => l.validBefore > clock).sort((a, b) => a.validBefore - b.validBefore);
            const isVip = valid.length > 0;
            const full = [39_800, 29_800, 19_800][s.spec - 1]!;
            const price = isVip ? full - Math.floor((full * 5_000) / 10_000) : full;
            const available = valid.reduce((sum, l) => sum + l.remaining, 0);
            let outcome: 'paid' | number;
            try {
              await pay(user, order.sid);
              outcome = 'paid';
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              outcome = error.spec.code;
            }
            if (available >= price) {
              expect(outcome).toBe('paid');
              let due = price;
              for (const lot of valid) {
                const take = Math.min(due, lot.remaining);
                lot.remaining -= take;
                due -= take;
              }
              spends.push({ orderSid: order.sid, at: clock });
            } else {
              expect(outcome).toBe(4011);
            }
          } else if (s.kind === 'advance') {
            clock += s.days * DAY + 3_600_000;
          } else if (s.kind === 'cancel') {
            const { order } = await orders.placeMaterialOrder(user, { materials: { [mats[0]!.sid]: 2 }, source: null });
            await orders.cancelOrder(user, order.sid);
            await expect(pay(user, order.sid)).rejects.toThrow();
          }

          // Invariants, seen at the model's clock after lapsed lots are written off.
          await expireLapsedLots(t.database.db, buyer.sid, new Date(clock));
          for (const lot of lots) if (lot.validBefore <= clock) lot.remaining = 0;
          const books = await walletBooks(t, buyer.sid, new Date(clock));
          const expected = lots.reduce((sum, l) => sum + l.remaining, 0);
          expect(books.ledger).toBe(expected);
          expect(books.lots).toBe(expected);
          expect(books.lapsed).toBe(0);
          expect(books.ledger).toBeGreaterThanOrEqual(0);
        }

        const rows = await t.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userSid, buyer.sid))
          .orderBy(asc(ledgerEntries.id));
        const lotRows = new Map(
          (await t.database.db.select().from(walletLots).where(eq(walletLots.userSid, buyer.sid))).map((l) => [
            l.sid,
            l,
          ]),
        );
        for (const lot of lotRows.values()) expect(lot.remainingCents).toBeGreaterThanOrEqual(0);
        for (const spend of spends) {
          const entries = rows.filter((r) => r.orderSid === spend.orderSid && r.kind === 'spend');
          expect(entries.length).toBeGreaterThan(0);
          for (const entry of entries)
            expect(lotRows.get(entry.lotSid!)!.validBefore.getTime()).toBeGreaterThan(spend.at);
        }
        // Per lot: recharge − spends − expiry = remaining, and at most one expiry entry.
        for (const lot of lotRows.values()) {
          const of = rows.filter((r) => r.lotSid === lot.sid);
          expect(of.reduce((sum, r) => sum + r.amountCents, 0)).toBe(lot.remainingCents);
          expect(of.filter((r) => r.kind === 'expire').length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
