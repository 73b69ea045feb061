import {
  chinaWorkingDaysDeadline,
  ORDER_API,
  type TOrder,
  type TOrderResponse,
  type TTransferResponse,
  USER_API,
  ADMIN_ORDER_API,
  PAYMENT_API,
  endpointUrl,
} from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, licences, orders, outboxMessages, users } from '../../src/db/schema/index.js';
import { cancelExpiredOrders } from '../../src/modules/payment/close-trades.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { findOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

/**
 * Unpaid orders are cancelled at a deadline the buyer is shown (`expiresAt` on the order): 30
 * minutes after the last online attempt, or — for a bank transfer — the end of the 5th Chinese
 * working day after the day the order was placed, holidays and adjusted working days counted.
 */

let t: TestApp;
let operator: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createTestOperator(t);
});
afterAll(async () => t.close());

const china = (local: string) => new Date(`${local}+08:00`);

async function placeTransferOrder(placedAt: Date) {
  const buyer = await createCompanyBuyer(t);
  const [m] = await createMaterials(t, 1);
  const order = await placeOrder(t, buyer, { [m!.sid]: 1 });
  const chosen = await t.call<TTransferResponse>({
    method: 'POST',
    url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
    token: buyer.token,
    payload: {},
  });
  expect(chosen.code, chosen.raw).toBe(0);
  await t.database.db.execute(
    sql`update orders set created_at = ${placedAt.toISOString()}::timestamptz where sid = ${order.sid}`,
  );
  return { buyer, order, material: m! };
}

async function readOrder(sid: string, token: string): Promise<TOrder> {
  const res = await t.call<TOrderResponse>({
    method: 'GET',
    url: endpointUrl(ORDER_API.detail, { params: { id: sid } }),
    token,
  });
  expect(res.code, res.raw).toBe(0);
  return res.data.order;
}

describe('payment deadlines', () => {
  it('an unpaid online order carries its deadline: 30 minutes after it was placed', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 1 });
    expect(order.expiresAt).toBeDefined();
    expect(Date.parse(order.expiresAt!) - Date.parse(order.createdAt)).toBe(30 * 60_000);
  });

  it('a bank transfer placed before National Day is due at the end of the 5th working day, not after 168 hours', async () => {
    const { buyer, order } = await placeTransferOrder(china('2026-09-30T10:00:00'));
    // 1–7 Oct are off and Saturday 10 Oct is worked: 8, 9, 10, 12, 13 Oct → 13 Oct 24:00
    expect((await readOrder(order.sid, buyer.token)).expiresAt).toBe('2026-10-13T16:00:00.000Z');

    // 8 calendar days (192 hours) later: only 2 working days have passed
    let swept = await cancelExpiredOrders(t.app.deps, undefined, china('2026-10-08T10:00:00'));
    expect(swept.cancelled).not.toContain(order.sid);
    swept = await cancelExpiredOrders(t.app.deps, undefined, china('2026-10-13T23:59:00'));
    expect(swept.cancelled).not.toContain(order.sid);
    expect((await findOrder(t, order.sid)).status).toBe('CREATED');

    swept = await cancelExpiredOrders(t.app.deps, undefined, china('2026-10-14T00:00:01'));
    expect(swept.cancelled).toContain(order.sid);
    const cancelled = await readOrder(order.sid, buyer.token);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.expiresAt).toBeNull();
  });

  it('money that arrives after the deadline can still be confirmed: the order re-opens at its price, audit-logged', async () => {
    const { buyer, order, material } = await placeTransferOrder(china('2026-09-30T10:00:00'));
    await cancelExpiredOrders(t.app.deps, undefined, china('2026-10-20T09:00:00'));
    expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');

    const confirmed = await t.call<TOrderResponse>({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: await arrivalOfPrice(t, order.sid, '10月19日到账，流水号 2026101900123', '2026101900123'),
    });
    expect(confirmed.code, confirmed.raw).toBe(0);
    expect(confirmed.data.order).toMatchObject({ status: 'PAYED', payWay: 'TRANSFER', finalPrice: order.finalPrice });
    const granted = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(granted.map((l) => l.materialSid)).toEqual([material.sid]);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(logs.map((l) => l.action)).toEqual(['order.confirm_late_transfer']);
    expect(logs[0]!.before).toMatchObject({ status: 'CANCELLED' });
    expect(logs[0]!.after).toMatchObject({
      status: 'PAYED',
      note: '10月19日到账，流水号 2026101900123',
      reopened: true,
    });
    expect((await readOrder(order.sid, buyer.token)).status).toBe('PAYED');

    // a repeat changes nothing
    const again = await t.call<TOrderResponse>({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: await arrivalOfPrice(t, order.sid, '重复确认', '2026101900123'),
    });
    expect(again.code).toBe(0);
    expect(await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid))).toHaveLength(1);
  });

  it('an order cancelled that was never a bank transfer cannot be confirmed as one', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 1 });
    await t.database.db.execute(sql`update orders set status = 'CANCELLED' where sid = ${order.sid}`);
    const res = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: await arrivalOfPrice(t, order.sid, '误操作'),
    });
    expect(res.code).toBe(4016);
    expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');
  });
});

describe('a sub-account order approved late', () => {
  const HOUR = 3_600_000;

  async function noticesTo(accountSid: string) {
    const [account] = await t.database.db.select().from(users).where(eq(users.sid, accountSid));
    return t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, account!.email!))
      .orderBy(outboxMessages.id);
  }

  it('is given its own time to pay from the approval, is not swept, and can be paid an hour after it was placed', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await t.database.db
      .update(users)
      .set({ email: `sub-${sub.sid}@example.com`, name: '采购小李' })
      .where(eq(users.sid, sub.sid));
    await fundWallet(t, main.sid, 100_000);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });

    // The sub-account asks to pay by wallet: the main account is told, and its badge counts it.
    const asked = await payByWallet(t, sub, order.sid);
    expect(asked.code).toBe(4012);
    const toMain = await noticesTo(main.sid);
    expect(toMain).toHaveLength(1);
    expect(toMain[0]!.text).toContain(order.orderNo);
    expect(toMain[0]!.text).toContain('采购小李');
    expect(toMain[0]!.text).toContain('¥2.98');
    const me = await injectApi(t, USER_API.me, { token: main.token });
    expect(me.data.user.orderBadge).toBe(1);
    // Asking again does not mail again.
    expect((await payByWallet(t, sub, order.sid)).code).toBe(4012);
    expect(await noticesTo(main.sid)).toHaveLength(1);

    // The main account approves an hour after the order was placed.
    const placedAt = new Date(Date.now() - HOUR);
    await t.database.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.sid, order.sid));
    const approved = await injectApi(t, ORDER_API.audit, {
      token: main.token,
      params: { id: order.sid },
      body: { approved: true, message: null },
    });
    expect(approved.code).toBe(0);
    const payBy = Date.parse(approved.data.order.expiresAt!);
    const approvedAt = (await findOrder(t, order.sid)).approvedAt!;
    expect(payBy).toBe(chinaWorkingDaysDeadline(approvedAt, 5).getTime());
    expect(payBy).toBeGreaterThan(Date.now() + HOUR);
    expect((await injectApi(t, USER_API.me, { token: main.token })).data.user.orderBadge).toBe(0);

    // The sub-account is told, with the time it has.
    const toSub = await noticesTo(sub.sid);
    expect(toSub).toHaveLength(1);
    expect(toSub[0]!.text).toContain('已通过');
    expect(toSub[0]!.text).toContain(order.orderNo);

    // The sweep leaves it alone, and the sub-account pays it.
    const swept = await cancelExpiredOrders(t.app.deps, undefined, new Date());
    expect(swept.cancelled).not.toContain(order.sid);
    expect((await findOrder(t, order.sid)).status).toBe('CREATED');
    const paid = await payByWallet(t, sub, order.sid);
    expect(paid.code).toBe(0);
    expect(paid.data.order.status).toBe('PAYED');

    // Past the approval's window, an unpaid approved order would be swept like any other.
    const late = await placeOrder(t, sub, { [(await createMaterials(t, 1))[0]!.sid]: 2 });
    expect((await payByWallet(t, sub, late.sid)).code).toBe(4012);
    const lateApproval = await injectApi(t, ORDER_API.audit, {
      token: main.token,
      params: { id: late.sid },
      body: { approved: true, message: null },
    });
    const lateDeadline = new Date(lateApproval.data.order.expiresAt!);
    const before = await cancelExpiredOrders(t.app.deps, undefined, new Date(lateDeadline.getTime() - 1000));
    expect(before.cancelled).not.toContain(late.sid);
    const after = await cancelExpiredOrders(t.app.deps, undefined, new Date(lateDeadline.getTime() + 1000));
    expect(after.cancelled).toContain(late.sid);
  });

  it('tells the sub-account a refusal, with the main account’s reason', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await t.database.db
      .update(users)
      .set({ email: `sub-${sub.sid}@example.com` })
      .where(eq(users.sid, sub.sid));
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });
    expect((await payByWallet(t, sub, order.sid)).code).toBe(4012);
    const refused = await injectApi(t, ORDER_API.audit, {
      token: main.token,
      params: { id: order.sid },
      body: { approved: false, message: '本月预算已用完' },
    });
    expect(refused.code).toBe(0);
    const toSub = await noticesTo(sub.sid);
    expect(toSub).toHaveLength(1);
    expect(toSub[0]!.text).toContain('未通过');
    expect(toSub[0]!.text).toContain('本月预算已用完');
  });

  it('shows the one stored deadline of an online attempt: the order reads its link’s expiry to the millisecond', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const started = await t.call<{ expiresAt: string }>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect(started.code, started.raw).toBe(0);
    // The attempt's row is written a moment after its expiry was computed: the order still reads that expiry.
    await t.database.db.execute(
      sql`update payment_attempts set created_at = created_at + interval '59 seconds' where order_sid = ${order.sid}`,
    );
    expect((await readOrder(order.sid, buyer.token)).expiresAt).toBe(started.data.expiresAt);
  });
});
