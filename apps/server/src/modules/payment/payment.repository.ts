import { OrderStatus, PaymentAttemptStatus } from '@gemstock/contract';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { coupons, orders, paymentAttempts, paymentEvents, paymentEventsArchive } from '../../db/schema/index.js';
import type { OrderRow } from '../../db/rows.js';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttemptRow = typeof paymentAttempts.$inferInsert;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export async function insertPaymentAttempt(db: DbOrTx, values: NewPaymentAttemptRow): Promise<PaymentAttemptRow> {
  const [row] = await db.insert(paymentAttempts).values(values).returning();
  return row!;
}

export async function findPaymentAttempt(db: DbOrTx, outTradeNo: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.outTradeNo, outTradeNo)).limit(1);
  return row;
}

export interface AttemptWithOrder {
  attempt: PaymentAttemptRow;
  orderStatus: string;
  settlementKey: string | null;
}

/** The attempt and how its order stands, in one read: the common redelivery needs nothing more. */
export async function findPaymentAttemptWithOrder(
  db: DbOrTx,
  outTradeNo: string,
): Promise<AttemptWithOrder | undefined> {
  const [row] = await db
    .select({ attempt: paymentAttempts, orderStatus: orders.status, settlementKey: orders.settlementKey })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.sid, paymentAttempts.orderSid))
    .where(eq(paymentAttempts.outTradeNo, outTradeNo))
    .limit(1);
  return row;
}

/** An order's attempts, newest first. */
export async function listPaymentAttempts(db: DbOrTx, orderSid: string): Promise<PaymentAttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderSid, orderSid))
    .orderBy(desc(paymentAttempts.createdAt));
}

export async function setPaymentAttemptLink(db: DbOrTx, outTradeNo: string, link: string): Promise<void> {
  await db
    .update(paymentAttempts)
    .set({ link, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.outTradeNo, outTradeNo));
}

/**
 * Moves an attempt to `status` (recording the gateway's trade number with it) only from one of
 * `from`. Conditional, so concurrent deliveries agree. Called only by the attempt's transition
 * (payment-attempt-transition.ts), which takes `from` from the state machine.
 */
export async function updateAttemptStatus(
  db: DbOrTx,
  outTradeNo: string,
  from: readonly PaymentAttemptStatus[],
  status: PaymentAttemptStatus,
  tradeNo: string | null = null,
): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ status, ...(tradeNo ? { tradeNo } : {}), updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.outTradeNo, outTradeNo), inArray(paymentAttempts.status, [...from])))
    .returning({ outTradeNo: paymentAttempts.outTradeNo });
  return rows.length > 0;
}

/**
 * Claims the right to ask the gateway about an open attempt now: true for exactly one caller
 * per interval, across every server process, because the claim is one conditional UPDATE.
 */
export async function claimPaymentQuery(db: DbOrTx, outTradeNo: string, intervalSeconds: number): Promise<boolean> {
  const rows = await db
    .update(paymentAttempts)
    .set({ lastQueriedAt: sql`now()` })
    .where(
      and(
        eq(paymentAttempts.outTradeNo, outTradeNo),
        eq(paymentAttempts.status, PaymentAttemptStatus.OPEN),
        or(
          isNull(paymentAttempts.lastQueriedAt),
          lte(paymentAttempts.lastQueriedAt, sql`now() - make_interval(secs => ${intervalSeconds})`),
        ),
      ),
    )
    .returning({ outTradeNo: paymentAttempts.outTradeNo });
  return rows.length > 0;
}

/** Open attempts whose order no longer waits for payment: their gateway trades should be closed. */
export async function listLeftoverOpenAttempts(db: DbOrTx, limit: number): Promise<PaymentAttemptRow[]> {
  const rows = await db
    .select({ attempt: paymentAttempts })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.sid, paymentAttempts.orderSid))
    .where(
      and(
        eq(paymentAttempts.status, PaymentAttemptStatus.OPEN),
        inArray(orders.status, [OrderStatus.PAYED, OrderStatus.CANCELLED]),
      ),
    )
    .orderBy(paymentAttempts.createdAt)
    .limit(limit);
  return rows.map((r) => r.attempt);
}

export interface UnpaidOrderCutoffs {
  /** Orders (and their last payment attempt) older than this are due, unless transfer-like. */
  onlineBefore: Date;
  /** Bank-transfer orders and sub-account orders awaiting approval are due when older than this (an approved one: approved before this). */
  transferBefore: Date;
  /** The sweep's now: an order whose newest payment link still works (its `expires_at` is later) is never due. */
  now: Date;
}

/**
 * CREATED orders whose time to pay is over. The clock starts at the later of the order's
 * creation and its newest payment attempt, so a buyer who is scanning a fresh QR code is never
 * cut off; orders paid by bank transfer (or waiting for a main account's approval) get the
 * longer transfer time.
 */
export async function listExpiredUnpaidOrders(
  db: DbOrTx,
  cutoffs: UnpaidOrderCutoffs,
  limit: number,
): Promise<
  Pick<OrderRow, 'sid' | 'status' | 'createdAt' | 'payWay' | 'transferReference' | 'auditStatus' | 'approvedAt'>[]
> {
  // coalesce: a NULL pay way must count as "not transfer", not make the whole test NULL.
  // isTransferLike's rule (order-deadline.ts): transfer, awaiting approval, or approved.
  const approved = sql`(${orders.auditStatus} = 'APPROVED' and ${orders.approvedAt} is not null)`;
  const transferLike = sql`(coalesce(${orders.payWay}, '') = 'TRANSFER' or ${orders.transferReference} is not null or ${orders.auditStatus} = 'PENDING' or ${approved})`;
  // The working-day window of an approved order counts from its approval.
  const windowStart = sql`(case when ${approved} then ${orders.approvedAt} else ${orders.createdAt} end)`;
  return (
    db
      .select({
        sid: orders.sid,
        status: orders.status,
        createdAt: orders.createdAt,
        payWay: orders.payWay,
        transferReference: orders.transferReference,
        auditStatus: orders.auditStatus,
        approvedAt: orders.approvedAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, OrderStatus.CREATED),
          lte(orders.createdAt, cutoffs.onlineBefore),
          sql`not exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderSid} = ${orders.sid} and ${paymentAttempts.expiresAt} > ${cutoffs.now.toISOString()})`,
          sql`(not ${transferLike} or ${windowStart} <= ${cutoffs.transferBefore.toISOString()})`,
        ),
      )
      // Online orders first: transfer orders the calendar keeps waiting must not fill the batch.
      .orderBy(transferLike, orders.createdAt)
      .limit(limit)
  );
}

export interface PaymentEventValues {
  orderSid: string | null;
  gateway: string;
  /** notify, query, close, create. */
  kind: string;
  tradeNo: string | null;
  amountCents: number | null;
  verified: boolean;
  /** settled, duplicate, exception, rejected, not_paid, closed, failed. */
  outcome: string;
  payload: Record<string, unknown>;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL; a forged delivery may carry one and must still be
 * recorded (as U+FFFD) rather than fail the insert.
 */
function storable<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll('\\u0000', '\\ufffd')) as T;
}

export async function insertPaymentEvent(db: DbOrTx, values: PaymentEventValues): Promise<void> {
  await db.insert(paymentEvents).values({
    ...values,
    tradeNo: values.tradeNo === null ? null : values.tradeNo.replaceAll('\u0000', '\ufffd'),
    payload: storable(values.payload),
  });
}

/** An order's gateway deliveries, newest first: those archived after two years too (decision 0027). */
export async function listPaymentEventsForOrder(db: DbOrTx, orderSid: string): Promise<PaymentEventRow[]> {
  const hot = db.select().from(paymentEvents).where(eq(paymentEvents.orderSid, orderSid));
  const archived = db.select().from(paymentEventsArchive).where(eq(paymentEventsArchive.orderSid, orderSid));
  return hot
    .unionAll(archived)
    .orderBy(desc(sql`id`))
    .limit(500);
}

/** The code of the reward coupon a paid order issued, for the pay drawer's coupon dialog. */
export async function findRewardCouponCode(db: DbOrTx, couponSid: string): Promise<string | null> {
  const [row] = await db.select({ code: coupons.code }).from(coupons).where(eq(coupons.sid, couponSid)).limit(1);
  return row?.code ?? null;
}
