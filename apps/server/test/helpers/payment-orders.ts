import { OrderType, VIP_MONTHLY_FEE_CENTS } from '@gemstock/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { coupons, orderItems, orders, paymentAttempts } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { createOperator } from '../../src/modules/operator/operator.service.js';
import type { OrderRow } from '../../src/modules/order/order.repository.js';
import { countRows } from './accounts.js';
import { createBuyer, insertMaterial, type TestBuyer } from './factories.js';
import type { TestApp } from './test-app.js';

/**
 * Orders made directly in the database for the payment tests, which are about paying orders,
 * not placing them (placement has its own tests), and a fingerprint of every money table so a
 * rejected notification can be shown to change nothing.
 */

let counter = 0;

export interface TestOrderOptions {
  orderType?: 'material' | 'wallet';
  priceCents?: number;
  couponCode?: string | null;
  status?: 'CREATED' | 'PAYED' | 'CANCELLED';
  payWay?: string | null;
  transferReference?: string | null;
  auditStatus?: string;
  createdAt?: Date;
  /** The paying account; a new buyer when absent. */
  buyer?: TestBuyer;
}

export interface TestOrder {
  order: OrderRow;
  buyer: TestBuyer;
}

export async function insertTestOrder(t: TestApp, options: TestOrderOptions = {}): Promise<TestOrder> {
  counter += 1;
  const buyer = options.buyer ?? (await createBuyer(t));
  const orderType = options.orderType ?? OrderType.MATERIAL;
  const priceCents = options.priceCents ?? (orderType === OrderType.WALLET ? VIP_MONTHLY_FEE_CENTS : 29_800);
  const sid = newSid();
  const [order] = await t.database.db
    .insert(orders)
    .values({
      sid,
      orderNo: `GS${Date.now()}${String(counter).padStart(4, '0')}`,
      name: orderType === OrderType.WALLET ? 'VIP 月度充值' : '素材授权订单',
      orderType,
      status: options.status ?? 'CREATED',
      payWay: options.payWay ?? null,
      couponCode: options.couponCode ?? null,
      priceOriginCents: priceCents,
      priceCents,
      userSid: buyer.sid,
      ownerSid: buyer.sid,
      transferReference: options.transferReference ?? null,
      auditStatus: options.auditStatus ?? 'NONE',
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  if (orderType === OrderType.MATERIAL) {
    const material = await insertMaterial(t, { keywords: ['戒指'] });
    await t.database.db
      .insert(orderItems)
      .values({ orderSid: sid, materialSid: material.sid, spec: 2, unitPriceCents: priceCents });
  }
  return { order: order!, buyer };
}

export async function insertTestCoupon(t: TestApp, values: { code: string; amount?: number; limit?: number }) {
  const [row] = await t.database.db
    .insert(coupons)
    .values({
      sid: newSid(),
      code: values.code,
      type: 1,
      amount: values.amount ?? 1000,
      scope: [],
      redemptionLimit: values.limit ?? 0,
    })
    .returning();
  return row!;
}

export async function findOrder(t: TestApp, sid: string): Promise<OrderRow> {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, sid));
  return row!;
}

export async function listAttempts(t: TestApp, orderSid: string) {
  return t.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderSid, orderSid))
    .orderBy(asc(paymentAttempts.createdAt));
}

/** Turns the order reward on, so one coupon per paid order is issued. */
export function enableOrderReward(t: TestApp): void {
  t.config.money.orderReward = { type: 1, amount: 1000, validDays: 30, orderTypes: ['material', 'wallet', 'custom'] };
  // The server keeps the policy it read: it reads the environment's again.
  t.app.deps.orderReward.forget();
}

/** Row counts and order states of every table money touches (payment_events excluded: it records deliveries). */
export async function moneyFingerprint(t: TestApp): Promise<Record<string, unknown>> {
  const tables = ['orders', 'ledger_entries', 'wallet_lots', 'coupons', 'coupon_redemptions', 'licences'];
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = await countRows(t, table);
  const result = await t.database.db.execute(
    sql`select string_agg(sid || ':' || status || ':' || coalesce(settlement_key, '-') || ':' || coalesce(reward_coupon_sid, '-'), ',' order by sid) as s from orders`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { s: string }[] }).rows) as { s: string }[];
  out.orderStates = rows[0]?.s ?? '';
  const attempts = await t.database.db.execute(
    sql`select string_agg(out_trade_no || ':' || status, ',' order by out_trade_no) as s from payment_attempts`,
  );
  const attemptRows = (Array.isArray(attempts) ? attempts : (attempts as { rows: { s: string }[] }).rows) as {
    s: string;
  }[];
  out.attempts = attemptRows[0]?.s ?? '';
  return out;
}

/** An operator token without a login round trip. */
export async function operatorToken(t: TestApp): Promise<string> {
  counter += 1;
  const row = await createOperator(t.database.db, {
    username: `pay-ops-${counter}-${Math.random().toString(36).slice(2, 7)}`,
    password: 'Operator-passw0rd',
    name: '支付运营',
  });
  return t.app.deps.tokens.sign('operator', { sub: row.sid, tv: 0 });
}

/** Posts a notification exactly as a gateway would: raw body bytes and its headers. */
export function deliver(t: TestApp, url: string, delivery: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: 'POST', url, headers: delivery.headers, payload: delivery.body });
}
