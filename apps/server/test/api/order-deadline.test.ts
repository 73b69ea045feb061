import type { TOrder, TOrderResponse, TTransferResponse } from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, licences } from '../../src/db/schema/index.js';
import { cancelExpiredOrders } from '../../src/modules/payment/close-trades.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createCompanyBuyer, createMaterials, placeOrder } from '../helpers/money.js';
import { findOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

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
    url: `/api/order/${order.sid}/transfer`,
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
  const res = await t.call<TOrderResponse>({ method: 'GET', url: `/api/order/${sid}`, token });
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
      url: `/api/admin/orders/${order.sid}/confirm_transfer`,
      token: operator.token,
      payload: { note: '10月19日到账，流水号 2026101900123' },
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
      url: `/api/admin/orders/${order.sid}/confirm_transfer`,
      token: operator.token,
      payload: { note: '重复确认' },
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
      url: `/api/admin/orders/${order.sid}/confirm_transfer`,
      token: operator.token,
      payload: { note: '误操作' },
    });
    expect(res.code).toBe(4016);
    expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');
  });
});
