import { USER_API, WALLET_API } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, walletLots } from '../../src/db/schema/index.js';
import { createBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createSubAccount, fundWallet, walletBooks } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const wallet = (token: string) => injectApi(t, WALLET_API.list, { token });

describe('GET /api/user/wallet', () => {
  it('is empty and not VIP for a new account', async () => {
    const buyer = await createBuyer(t);
    const res = await wallet(buyer.token);
    expect(res.data).toEqual({
      total: 0,
      totalCapped: false,
      nextCursor: null,
      orders: [],
      balance: 0,
      isVip: false,
      vipValidBefore: null,
    });
  });

  it('lists recharges with total, balance, valid-before and validity; a lapsed lot is written off once', async () => {
    const buyer = await createCompanyBuyer(t);
    const now = Date.now();
    const old = await fundWallet(t, buyer.sid, 69_900, { validBefore: new Date(now - 60_000) });
    const current = await fundWallet(t, buyer.sid, 69_900, { validBefore: new Date(now + 86_400_000) });
    const res = await wallet(buyer.token);
    expect(res.data.balance).toBe(69_900);
    expect(res.data.isVip).toBe(true);
    const byOrder = new Map(res.data.orders.map((o) => [o.sid, o]));
    expect(byOrder.get(old)).toMatchObject({ total: 69_900, balance: 0, isValid: false });
    expect(byOrder.get(current)).toMatchObject({ total: 69_900, balance: 69_900, isValid: true });

    await wallet(buyer.token);
    await injectApi(t, USER_API.me, { token: buyer.token });
    const expiries = (
      await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userSid, buyer.sid))
    ).filter((e) => e.kind === 'expire');
    expect(expiries.map((e) => e.amountCents)).toEqual([-69_900]);
    const [lot] = await t.database.db.select().from(walletLots).where(eq(walletLots.orderSid, old));
    expect(lot!.remainingCents).toBe(0);
    const books = await walletBooks(t, buyer.sid);
    expect(books).toMatchObject({ ledger: 69_900, lots: 69_900, lapsed: 0 });
  });

  it('GET /api/user agrees with the wallet, and a sub-account sees its main account’s wallet', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const validBefore = new Date(Date.now() + 10 * 86_400_000);
    await fundWallet(t, main.sid, 12_345, { validBefore });
    for (const account of [main, sub]) {
      const me = await injectApi(t, USER_API.me, { token: account.token });
      expect(me.data.user).toMatchObject({
        walletBalance: 12_345,
        isVip: true,
        vipValidBefore: validBefore.toISOString(),
      });
      const w = await wallet(account.token);
      expect(w.data.balance).toBe(12_345);
      expect(w.data.orders).toHaveLength(1);
    }
  });

  it('stops being VIP when the last lot lapses, and the money goes with it', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 500, { validBefore: new Date(Date.now() - 1) });
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    expect(me.data.user).toMatchObject({ walletBalance: 0, isVip: false, vipValidBefore: null });
  });

  it('needs a signed-in account', async () => {
    expect((await injectApi(t, WALLET_API.list)).code).toBe(1000);
  });
});
