import { LIST_COUNT_CAP, USER_API, WALLET_API } from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletLots } from '../../src/db/schema/index.js';
import { listWalletLotsQuery } from '../../src/modules/wallet/wallet.repository.js';
import { injectApi } from '../helpers/inject-api.js';
import { planOf, walkByCursor } from '../helpers/list-paging.js';
import {
  createCompanyBuyer,
  createMaterials,
  fundWallet,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import type { TestBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The wallet page costs one page however long a company has been a VIP: its recharges come a page
 * at a time (by number, or by cursor after the last one shown), counted up to 1,000, and the
 * balance is read from the few lots still valid, not summed over every payment ever made.
 */
describe('GET /api/user/wallet: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The order sids of the company's recharges, newest first. */
  async function expectedOrder(buyer: TestBuyer): Promise<string[]> {
    const rows = await t.database.db
      .select({ orderSid: walletLots.orderSid })
      .from(walletLots)
      .where(eq(walletLots.userSid, buyer.sid))
      .orderBy(sql`created_at desc, sid desc`);
    return rows.map((r) => r.orderSid);
  }

  it('goes on after the last recharge shown: recharges between pages skip or repeat nothing', async () => {
    const buyer = await createCompanyBuyer(t);
    for (let i = 0; i < 9; i += 1) {
      await fundWallet(t, buyer.sid, 1_000, { paidAt: new Date(Date.UTC(2025, i, 3)) });
    }
    const before = await expectedOrder(buyer);
    const seen = await walkByCursor(
      async (cursor) => {
        const res = await injectApi(t, WALLET_API.list, {
          token: buyer.token,
          query: { page: 1, page_size: 4, ...(cursor ? { cursor } : {}) },
        });
        expect(res.code).toBe(0);
        return { items: res.data.orders.map((o) => o.sid), nextCursor: res.data.nextCursor };
      },
      () => fundWallet(t, buyer.sid, 1_000),
    );
    expect(seen).toEqual(before);
  });

  it(`answers a page by number and counts up to ${LIST_COUNT_CAP} recharges`, async () => {
    const buyer = await createCompanyBuyer(t);
    // Recharges long lapsed, made in one statement each (one order and one lot per row).
    const add = async (n: number) => {
      await t.database.db.execute(sql`
        with made as (
          select md5(random()::text || g) as sid, g from generate_series(1, ${n}) g
        ), o as (
          insert into orders (sid, order_no, name, order_type, status, price_origin_cents, price_cents, user_sid, owner_sid)
          select sid, 'GSW' || sid, 'VIP 月度会员充值', 'wallet', 'PAYED', 100, 100, ${buyer.sid}, ${buyer.sid} from made
          returning sid
        )
        insert into wallet_lots (sid, user_sid, order_sid, total_cents, remaining_cents, valid_before, created_at)
        select 'L' || sid, ${buyer.sid}, sid, 100, 0, now() - interval '400 days', now() - interval '430 days' from o`);
    };
    await add(LIST_COUNT_CAP);
    const third = await injectApi(t, WALLET_API.list, { token: buyer.token, query: { page: 3, page_size: 10 } });
    expect([third.data.total, third.data.totalCapped]).toEqual([LIST_COUNT_CAP, false]);
    expect(third.data.orders.map((o) => o.sid)).toEqual((await expectedOrder(buyer)).slice(20, 30));
    await add(1);
    const more = await injectApi(t, WALLET_API.list, { token: buyer.token });
    expect([more.data.total, more.data.totalCapped, more.data.orders.length]).toEqual([LIST_COUNT_CAP, true, 30]);
  });

  it('shows the balance the ledger adds up to, after payments from the wallet and a lapsed lot', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 70_000, { validBefore: new Date(Date.now() - 60_000) });
    await fundWallet(t, buyer.sid, 200_000);
    await fundWallet(t, buyer.sid, 50_000, { validBefore: new Date(Date.now() + 5 * 86_400_000) });
    const [a, b] = await createMaterials(t, 2);
    for (const material of [a!, b!]) {
      const order = await placeOrder(t, buyer, { [material.sid]: 1 });
      expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
    }
    const res = await injectApi(t, WALLET_API.list, { token: buyer.token });
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    const books = await walletBooks(t, buyer.sid);
    expect(books.spends).toBeGreaterThan(0);
    expect(res.data.balance).toBe(books.ledger);
    expect(me.data.user).toMatchObject({ walletBalance: books.ledger });
    expect(books.ledger).toBe(250_000 - books.spends);
  });

  it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of its index, never sorted', async () => {
    const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
    for (const page of [
      { offset: 990, limit: 11 },
      { offset: 0, limit: 11, after },
    ]) {
      const plan = await planOf(t.database.db, (tx) => listWalletLotsQuery(tx, 'owner', page));
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/wallet_lots_user_created_idx/);
    }
  });
});
