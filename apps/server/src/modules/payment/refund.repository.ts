import { PaymentExceptionStatus, type RefundStatus } from '@gemstock/contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operators, orders, paymentExceptions, refunds, transferArrivals } from '../../db/schema/index.js';

/**
 * The SQL of refunds, payment exceptions and bank-transfer arrivals (the payment module's money
 * going back, and what arrived that an order could not take). Status changes run only from the
 * transitions (refund-transition.ts), guarded by the state the caller read.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type NewRefundRow = typeof refunds.$inferInsert;
export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;
export type TransferArrivalRow = typeof transferArrivals.$inferSelect;

/* Refunds */

export async function insertRefund(tx: DbOrTx, values: NewRefundRow): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row!;
}

export async function findRefund(db: DbOrTx, sid: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.sid, sid)).limit(1);
  return row;
}

/** Reads a refund and holds its row lock until the caller's transaction ends. */
export async function lockRefund(tx: DbOrTx, sid: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.sid, sid)).for('update');
  return row;
}

export async function findRefundByKey(db: DbOrTx, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).limit(1);
  return row;
}

export async function findRefundByNo(db: DbOrTx, refundNo: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.refundNo, refundNo)).limit(1);
  return row;
}

/** The refund of a paid order (not one of its payment exceptions'). */
export async function findOrderRefund(db: DbOrTx, orderSid: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderSid, orderSid), isNull(refunds.exceptionId)))
    .limit(1);
  return row;
}

/** The orders' own refunds, by order (the refunds_order_key index). */
export async function findOrderRefunds(db: DbOrTx, orderSids: readonly string[]): Promise<Map<string, RefundRow>> {
  if (orderSids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.orderSid, [...orderSids]), isNull(refunds.exceptionId)));
  return new Map(rows.map((r) => [r.orderSid!, r]));
}

export interface RefundChange {
  refundNo?: string;
  channel?: string;
  gatewayRefundId?: string | null;
  bankSerial?: string | null;
  paidOutOn?: string | null;
  failure?: string | null;
  settledAt?: Date | null;
}

/**
 * Moves a refund to `to` only from one of `from`; undefined when it was in none of them (a
 * concurrent answer or operator got there first). Called only by refund-transition.ts.
 */
export async function updateRefundStatus(
  tx: DbOrTx,
  sid: string,
  from: readonly RefundStatus[],
  to: RefundStatus,
  change: RefundChange,
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({ ...change, status: to, updatedAt: sql`now()` })
    .where(and(eq(refunds.sid, sid), inArray(refunds.status, [...from])))
    .returning();
  return row;
}

/** The gateway's own number of a refund it accepted, once known. */
export async function setRefundGatewayId(db: DbOrTx, sid: string, gatewayRefundId: string): Promise<void> {
  await db
    .update(refunds)
    .set({ gatewayRefundId, updatedAt: sql`now()` })
    .where(and(eq(refunds.sid, sid), isNull(refunds.gatewayRefundId)));
}

/** Gateway refunds still waiting for their answer, oldest first (the refunds_processing_idx index). */
export async function listProcessingRefunds(db: DbOrTx, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'PROCESSING'), lte(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

export interface RefundView extends RefundRow {
  orderNo: string | null;
  operatorName: string | null;
}

/** Refunds with their order's number and the operator's name, for the console. */
export async function describeRefunds(db: DbOrTx, sids: readonly string[]): Promise<Map<string, RefundView>> {
  if (sids.length === 0) return new Map();
  const rows = await db
    .select({
      refund: refunds,
      orderNo: orders.orderNo,
      operatorName: sql<string | null>`coalesce(${operators.name}, ${operators.username})`,
    })
    .from(refunds)
    .leftJoin(orders, eq(orders.sid, refunds.orderSid))
    .leftJoin(operators, eq(operators.sid, refunds.operatorSid))
    .where(inArray(refunds.sid, [...sids]));
  return new Map(rows.map((r) => [r.refund.sid, { ...r.refund, orderNo: r.orderNo, operatorName: r.operatorName }]));
}

/* Payment exceptions */

export interface ExceptionValues {
  gateway: string;
  outTradeNo: string;
  tradeNo: string;
  reason: string;
  orderSid: string | null;
  amountCents: number | null;
}

/**
 * One row per payment (gateway, trade, reason): the first delivery makes it, a repeat counts
 * itself on it. Returns the row's id.
 */
export async function upsertPaymentException(db: DbOrTx, values: ExceptionValues): Promise<number> {
  const [row] = await db
    .insert(paymentExceptions)
    .values(values)
    .onConflictDoUpdate({
      target: [
        paymentExceptions.gateway,
        paymentExceptions.outTradeNo,
        paymentExceptions.tradeNo,
        paymentExceptions.reason,
      ],
      set: {
        deliveries: sql`${paymentExceptions.deliveries} + 1`,
        lastAt: sql`now()`,
        amountCents: sql`coalesce(${paymentExceptions.amountCents}, excluded.amount_cents)`,
        orderSid: sql`coalesce(${paymentExceptions.orderSid}, excluded.order_sid)`,
      },
    })
    .returning({ id: paymentExceptions.id });
  return row!.id;
}

export async function findPaymentException(db: DbOrTx, id: number): Promise<PaymentExceptionRow | undefined> {
  const [row] = await db.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).limit(1);
  return row;
}

export async function lockPaymentException(tx: DbOrTx, id: number): Promise<PaymentExceptionRow | undefined> {
  const [row] = await tx.select().from(paymentExceptions).where(eq(paymentExceptions.id, id)).for('update');
  return row;
}

export interface ExceptionResolution {
  note: string;
  operatorSid: string;
  refundedCents?: number;
}

/** PENDING → REFUNDED or HANDLED, only from `from`. Called only by refund-transition.ts. */
export async function updateExceptionStatus(
  tx: DbOrTx,
  id: number,
  from: readonly PaymentExceptionStatus[],
  to: PaymentExceptionStatus,
  change: ExceptionResolution,
): Promise<PaymentExceptionRow | undefined> {
  const [row] = await tx
    .update(paymentExceptions)
    .set({ ...change, status: to, handledAt: sql`now()` })
    .where(and(eq(paymentExceptions.id, id), inArray(paymentExceptions.status, [...from])))
    .returning();
  return row;
}

export interface ExceptionListRow extends PaymentExceptionRow {
  orderNo: string | null;
  orderStatus: string | null;
  operatorName: string | null;
  refundSid: string | null;
}

const exceptionListColumns = {
  exception: paymentExceptions,
  orderNo: orders.orderNo,
  orderStatus: orders.status,
  operatorName: sql<string | null>`coalesce(${operators.name}, ${operators.username})`,
  refundSid: refunds.sid,
};

/**
 * 支付异常, newest first, whole or in one state: a page read in the order of its index
 * (payment_exceptions_recent_idx, payment_exceptions_status_idx), and a count that stops at `countCap`.
 */
export async function listPaymentExceptions(
  db: DbOrTx,
  query: { status: PaymentExceptionStatus | null; limit: number; offset: number; countCap: number },
): Promise<{ counted: number; rows: ExceptionListRow[] }> {
  const where = query.status ? eq(paymentExceptions.status, query.status) : undefined;
  const capped = db
    .select({ id: paymentExceptions.id })
    .from(paymentExceptions)
    .where(where)
    .limit(query.countCap + 1)
    .as('capped');
  const [counted] = await db.select({ n: count() }).from(capped);
  const rows = await db
    .select(exceptionListColumns)
    .from(paymentExceptions)
    .leftJoin(orders, eq(orders.sid, paymentExceptions.orderSid))
    .leftJoin(operators, eq(operators.sid, paymentExceptions.operatorSid))
    .leftJoin(refunds, eq(refunds.exceptionId, paymentExceptions.id))
    .where(where)
    .orderBy(desc(paymentExceptions.lastAt), desc(paymentExceptions.id))
    .limit(query.limit)
    .offset(query.offset);
  return { counted: counted?.n ?? 0, rows: rows.map(toExceptionListRow) };
}

/** One exception as the list shows it. */
export async function describePaymentException(db: DbOrTx, id: number): Promise<ExceptionListRow | undefined> {
  const [row] = await db
    .select(exceptionListColumns)
    .from(paymentExceptions)
    .leftJoin(orders, eq(orders.sid, paymentExceptions.orderSid))
    .leftJoin(operators, eq(operators.sid, paymentExceptions.operatorSid))
    .leftJoin(refunds, eq(refunds.exceptionId, paymentExceptions.id))
    .where(eq(paymentExceptions.id, id))
    .limit(1);
  return row ? toExceptionListRow(row) : undefined;
}

function toExceptionListRow(row: {
  exception: PaymentExceptionRow;
  orderNo: string | null;
  orderStatus: string | null;
  operatorName: string | null;
  refundSid: string | null;
}): ExceptionListRow {
  return {
    ...row.exception,
    orderNo: row.orderNo,
    orderStatus: row.orderStatus,
    operatorName: row.operatorName,
    refundSid: row.refundSid,
  };
}

/** How many exceptions still wait for an operator (the console's counter). */
export async function countPendingExceptions(db: DbOrTx, cap: number): Promise<number> {
  const capped = db
    .select({ id: paymentExceptions.id })
    .from(paymentExceptions)
    .where(eq(paymentExceptions.status, PaymentExceptionStatus.PENDING))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/* Bank-transfer arrivals */

export async function insertTransferArrival(
  tx: DbOrTx,
  values: typeof transferArrivals.$inferInsert,
): Promise<TransferArrivalRow> {
  const [row] = await tx.insert(transferArrivals).values(values).returning();
  return row!;
}

export async function findTransferArrivalBySerial(
  db: DbOrTx,
  bankSerial: string,
): Promise<TransferArrivalRow | undefined> {
  const [row] = await db.select().from(transferArrivals).where(eq(transferArrivals.bankSerial, bankSerial)).limit(1);
  return row;
}

/** Everything recorded as arrived for an order (in the caller's transaction, under the order's lock). */
export async function sumTransferArrivals(db: DbOrTx, orderSid: string): Promise<number> {
  const [row] = await db
    .select({ cents: sum(transferArrivals.amountCents).mapWith(Number) })
    .from(transferArrivals)
    .where(eq(transferArrivals.orderSid, orderSid));
  return row?.cents ?? 0;
}

export interface TransferArrivalView extends TransferArrivalRow {
  operatorName: string | null;
}

/** An order's arrivals in the order they were recorded (transfer_arrivals_order_idx). */
export async function listTransferArrivals(db: DbOrTx, orderSid: string): Promise<TransferArrivalView[]> {
  const rows = await db
    .select({
      arrival: transferArrivals,
      operatorName: sql<string | null>`coalesce(${operators.name}, ${operators.username})`,
    })
    .from(transferArrivals)
    .leftJoin(operators, eq(operators.sid, transferArrivals.operatorSid))
    .where(eq(transferArrivals.orderSid, orderSid))
    .orderBy(asc(transferArrivals.createdAt), asc(transferArrivals.id));
  return rows.map((r) => ({ ...r.arrival, operatorName: r.operatorName }));
}
