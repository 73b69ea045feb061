import { ORDER_API, USER_API, endpointUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema/index.js';
import { chinaMonthRange } from '../../src/lib/china-time.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const approve = (main: TestBuyer, sid: string) =>
  injectApi(t, ORDER_API.audit, { token: main.token, params: { id: sid }, body: { approved: true, message: null } });

const setBudget = (main: TestBuyer, sub: TestBuyer, monthlyBudget: unknown) =>
  t.call({
    method: 'PUT',
    url: endpointUrl(USER_API.updateSubUser, { params: { id: sub.sid } }),
    token: main.token,
    payload: { name: '预算测试', monthlyBudget },
  });

async function subUserView(main: TestBuyer, subSid: string) {
  const res = await injectApi(t, USER_API.subUsers, { token: main.token });
  return res.data.sub_users.find((s) => s.sid === subSid);
}

async function budgetOf(subSid: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.sid, subSid));
  return row?.monthlyBudgetCents;
}

/**
 * A company whose sub-account has placed `n` single-material orders; its wallet is empty (no
 * member price) unless `funded`.
 */
async function companyWithOrders(n: number, funded = false) {
  const main = await createCompanyBuyer(t);
  const sub = await createSubAccount(t, main.sid);
  if (funded) await fundWallet(t, main.sid, 10_000_000);
  const placed = [];
  for (const m of await createMaterials(t, n)) placed.push(await placeOrder(t, sub, { [m.sid]: 2 }));
  const price = (await orderRow(t, placed[0]!.sid)).priceCents;
  return { main, sub, orders: placed, price };
}

describe('sub-account monthly budget', () => {
  it('is set in cents on create and edit, shown with the month’s spending, and removed with null', async () => {
    const main = await createCompanyBuyer(t);
    const created = await injectApi(t, USER_API.createSubUser, {
      token: main.token,
      body: { username: `budget${Date.now()}`, password: 'Sub-passw0rd', name: null, monthlyBudget: 50_000 },
    });
    expect(created.code).toBe(0);
    expect(created.data.sub_user).toMatchObject({ monthlyBudget: 50_000, monthSpent: 0 });

    const sub = await createSubAccount(t, main.sid);
    expect((await subUserView(main, sub.sid))?.monthlyBudget).toBeNull();
    expect((await setBudget(main, sub, 12_345)).code).toBe(0);
    expect((await subUserView(main, sub.sid))?.monthlyBudget).toBe(12_345);
    // Absent keeps the budget (a form that does not show it changes nothing).
    const kept = await t.call({
      method: 'PUT',
      url: endpointUrl(USER_API.updateSubUser, { params: { id: sub.sid } }),
      token: main.token,
      payload: { name: '改名' },
    });
    expect(kept.code).toBe(0);
    expect(await budgetOf(sub.sid)).toBe(12_345);
    expect((await setBudget(main, sub, null)).code).toBe(0);
    expect(await budgetOf(sub.sid)).toBeNull();
  });

  it('refuses bad budgets with a clear message and changes nothing', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await setBudget(main, sub, 10_000);
    const cases: [unknown, string][] = [
      [-1, '每月预算不能小于 0'],
      [12.5, '每月预算最多精确到分'],
      ['100', '请输入正确的每月预算金额'],
      [10_000_000_001, '每月预算不能超过 ¥100,000,000.00'],
    ];
    for (const [value, message] of cases) {
      const res = await setBudget(main, sub, value);
      expect(res.status).toBe(400);
      expect(res.code).toBe(1001);
      expect(res.message).toContain(message);
    }
    // Not this main account's sub-account: answered like one that does not exist.
    const other = await createCompanyBuyer(t);
    expect((await setBudget(other, sub, 1)).status).toBe(404);
    // A sub-account cannot set budgets at all.
    expect((await setBudget(sub, sub, 1)).code).toBe(2020);
    expect(await budgetOf(sub.sid)).toBe(10_000);
  });

  it('refuses an approval beyond the month’s budget; cancelled orders and other months do not count', async () => {
    const { main, sub, orders: placed, price } = await companyWithOrders(3);
    await setBudget(main, sub, Math.floor(price * 1.5));

    expect((await approve(main, placed[0]!.sid)).code).toBe(0);
    const refused = await approve(main, placed[1]!.sid);
    expect(refused.code).toBe(4140);
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('超出该子账号本月预算');
    expect((await orderRow(t, placed[1]!.sid)).auditStatus).toBe('NONE');
    expect(await subUserView(main, sub.sid)).toMatchObject({
      monthSpent: price,
      monthlyBudget: Math.floor(price * 1.5),
    });

    // Paid from the wallet (now a VIP wallet: the member price), it counts at its final price.
    await fundWallet(t, main.sid, 10_000_000);
    expect((await payByWallet(t, sub, placed[0]!.sid)).code).toBe(0);
    const final = (await orderRow(t, placed[0]!.sid)).priceCents;
    expect(final).toBeLessThan(price);
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(final);

    // An approval of last month (China time) does not count this month.
    const lastMonth = new Date(chinaMonthRange(new Date()).start.getTime() - 1000);
    await t.database.db.update(orders).set({ approvedAt: lastMonth }).where(eq(orders.sid, placed[0]!.sid));
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(0);
    expect((await approve(main, placed[1]!.sid)).code).toBe(0);

    // Cancelling an approved, unpaid order gives its amount back.
    await setBudget(main, sub, 1);
    expect((await approve(main, placed[2]!.sid)).code).toBe(4140);
    await injectApi(t, ORDER_API.cancel, { token: sub.token, params: { id: placed[1]!.sid } });
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(0);
    await setBudget(main, sub, (await orderRow(t, placed[2]!.sid)).priceCents);
    expect((await approve(main, placed[2]!.sid)).code).toBe(0);
  });

  it('approving a VIP company’s order reserves what the wallet will charge: the member price', async () => {
    const { main, sub, orders: placed, price } = await companyWithOrders(2, true);
    const preview = await injectApi(t, ORDER_API.payPreview, {
      token: main.token,
      params: { id: placed[0]!.sid },
      body: { code: null, referer: null, pay_way: 'WALLET' },
    });
    const memberPrice = preview.data.price;
    expect(memberPrice).toBeLessThan(price);
    await setBudget(main, sub, memberPrice * 2);
    expect((await approve(main, placed[0]!.sid)).code).toBe(0);
    expect((await orderRow(t, placed[0]!.sid)).approvedCents).toBe(memberPrice);
    expect((await approve(main, placed[1]!.sid)).code).toBe(0);
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(memberPrice * 2);
  });

  it('an approved order paid in the end online or by transfer does not spend the budget', async () => {
    const { main, sub, orders: placed, price } = await companyWithOrders(1);
    await setBudget(main, sub, price);
    expect((await approve(main, placed[0]!.sid)).code).toBe(0);
    await t.database.db
      .update(orders)
      .set({ status: 'PAYED', payWay: 'TRANSFER', payTime: new Date() })
      .where(eq(orders.sid, placed[0]!.sid));
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(0);
  });

  it('a refusal needs no budget room; without a budget every approval passes', async () => {
    const { main, sub, orders: placed } = await companyWithOrders(2);
    await setBudget(main, sub, 0);
    const refused = await injectApi(t, ORDER_API.audit, {
      token: main.token,
      params: { id: placed[0]!.sid },
      body: { approved: false, message: '本月预算已用完' },
    });
    expect(refused.code).toBe(0);
    expect((await approve(main, placed[1]!.sid)).code).toBe(4140);
    await setBudget(main, sub, null);
    expect((await approve(main, placed[1]!.sid)).code).toBe(0);
    expect((await approve(main, placed[0]!.sid)).code).toBe(0);
  });

  it('ten concurrent approvals that together exceed the budget: exactly one passes', async () => {
    const { main, sub, orders: placed, price } = await companyWithOrders(10);
    await setBudget(main, sub, Math.floor(price * 1.5));
    const results = await Promise.all(placed.map((o) => approve(main, o.sid)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 4140)).toHaveLength(9);
    const approved = (await Promise.all(placed.map((o) => orderRow(t, o.sid)))).filter(
      (row) => row.auditStatus === 'APPROVED',
    );
    expect(approved).toHaveLength(1);
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(price);
  });
});

describe('the amount the main account approves', () => {
  it('is the one the approval card shows, the approval records and the budget counts (member price by wallet)', async () => {
    const { main, sub, orders: placed } = await companyWithOrders(1, true);
    const sid = placed[0]!.sid;
    expect((await payByWallet(t, sub, sid)).code).toBe(4012);

    // The card the main account decides on: 待我审批 lists the order at what the wallet will charge.
    const pending = await injectApi(t, ORDER_API.list, {
      token: main.token,
      query: { page: 1, page_size: 10, audit_status: 'PENDING' },
    });
    const card = pending.data.orders.find((o) => o.sid === sid)!;
    expect(card).toMatchObject({ priceOrigin: 29_800, membetDiscount: 29_502, couponDiscount: 0, finalPrice: 298 });
    // The sub-account's own view reads the same amount.
    const own = await injectApi(t, ORDER_API.detail, { token: sub.token, params: { id: sid } });
    expect(own.data.order.finalPrice).toBe(298);

    const approved = await approve(main, sid);
    expect(approved.code).toBe(0);
    expect(approved.data.order.finalPrice).toBe(card.finalPrice);
    expect((await orderRow(t, sid)).approvedCents).toBe(card.finalPrice);
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(card.finalPrice);

    const paid = await payByWallet(t, sub, sid);
    expect(paid.code).toBe(0);
    expect(paid.data.order.finalPrice).toBe(card.finalPrice);
    expect((await subUserView(main, sub.sid))?.monthSpent).toBe(card.finalPrice);
  });
});
