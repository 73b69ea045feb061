import type { GatewayName, OnlinePayWay } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operator.js';
import { orders } from './order.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Everything a payment gateway told us, verified or not, for audit and exceptions. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderSid: text(),
    gateway: text().notNull(),
    kind: text().notNull(),
    tradeNo: text(),
    amountCents: bigint({ mode: 'number' }),
    verified: boolean().notNull(),
    outcome: text().notNull(),
    payload: jsonb(),
    createdAt: now(),
  },
  (t) => [
    index('payment_events_order_idx').on(t.orderSid, t.createdAt),
    // The retention job moves the oldest rows to payment_events_archive.
    index('payment_events_created_idx').on(t.createdAt),
  ],
);

/**
 * One request to a gateway to collect an order's price: a WeChat Native QR code, an Alipay
 * page-pay link or a sandbox page. `out_trade_no` is our number for it at the gateway; a new
 * attempt (new number) is made when the price or the pay way changes, because gateways refuse
 * a number reused with a different amount. Notifications, polling, close-on-cancel and the
 * unpaid-order sweep all start from here. Every delivery from a gateway is in payment_events.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    outTradeNo: text().primaryKey(),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    /** WECHAT or ALIPAY: the tab the buyer chose. */
    payWay: text().notNull().$type<OnlinePayWay>(),
    /** The adapter that serves it: wechat, alipay or sandbox. */
    gateway: text().notNull().$type<GatewayName>(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /**
     * How the buyer pays: qr (WeChat Native QR / Alipay page pay, on a computer) or h5 (WeChat
     * H5 / Alipay wap pay, opened by the phone's own browser). A link of one is never handed
     * out for the other, so an attempt is reused only for its own channel.
     */
    channel: text().notNull().default('qr'),
    /** code_url, page-pay link or sandbox page; null until the gateway answered. */
    link: text(),
    /** OPEN → PAID, CLOSED or FAILED. */
    status: text().notNull().default('OPEN'),
    /** The gateway's transaction number, once paid. */
    tradeNo: text(),
    /** The gateway refuses payment after this (time_expire). */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Last active query: polling asks the gateway at most once per interval per attempt. */
    lastQueriedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderSid, t.createdAt.desc()),
    index('payment_attempts_open_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Money that arrived but could not settle its order (order cancelled, paid twice, amount not
 * what was charged, a bank transfer above the order's price), one row per payment however often
 * the gateway repeated itself. An operator refunds it or marks it handled, with a note
 * (PaymentExceptionStateMachine). Every delivery behind it stays in payment_events.
 */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** wechat, alipay, sandbox, or transfer (an over-payment by bank). */
    gateway: text().notNull(),
    /** Our number of the payment at the gateway (the order's sid for a transfer). */
    outTradeNo: text().notNull(),
    /** The gateway's transaction number (the bank serial for a transfer). */
    tradeNo: text().notNull(),
    /** amount_mismatch, order_cancelled, paid_twice, coupon_unclaimed, price_changed, transfer_overpaid. */
    reason: text().notNull(),
    orderSid: text(),
    /** What the payment brought in; null when the gateway did not say. */
    amountCents: bigint({ mode: 'number' }),
    /** Given back by the exception's refund; never above the amount (payment_exceptions_refund_within_amount). */
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    deliveries: integer().notNull().default(1),
    /** PENDING (待处理) → REFUNDED (已退款) or HANDLED (已处理). */
    status: text().notNull().default('PENDING'),
    /** The operator's note on how it was resolved (required to leave PENDING). */
    note: text(),
    operatorSid: text().references(() => operators.sid),
    handledAt: timestamp({ withTimezone: true }),
    firstAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_exceptions_payment_key').on(t.gateway, t.outTradeNo, t.tradeNo, t.reason),
    // 支付异常: newest first, whole or by state.
    index('payment_exceptions_recent_idx').on(t.lastAt.desc(), t.id.desc()),
    index('payment_exceptions_status_idx').on(t.status, t.lastAt.desc(), t.id.desc()),
    index('payment_exceptions_order_idx').on(t.orderSid),
    check(
      'payment_exceptions_refund_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= coalesce(${t.amountCents}, 0)`,
    ),
  ],
);

/**
 * Money given back: the refund of a paid order, or of a payment exception. One per order and one
 * per exception (the partial unique indexes), made under the row lock of what it refunds, and
 * keyed by the operator's idempotency key, so a repeated or concurrent request makes no second one.
 * Online refunds settle asynchronously at the gateway (PROCESSING until its notification or a
 * query says SUCCEEDED or FAILED); wallet and bank payouts are SUCCEEDED when recorded.
 */
export const refunds = pgTable(
  'refunds',
  {
    sid: text().primaryKey(),
    /** Our refund number at the gateway (WeChat out_refund_no, Alipay out_request_no). */
    refundNo: text().notNull(),
    orderSid: text().references(() => orders.sid),
    exceptionId: bigint({ mode: 'number' }).references(() => paymentExceptions.id),
    /** Where the money goes back through: wechat, alipay, sandbox, wallet or transfer (paid out by bank). */
    channel: text().notNull(),
    /** The gateway payment refunded (payment_attempts.out_trade_no). */
    outTradeNo: text(),
    tradeNo: text(),
    /** What that payment received: the most that may go back (WeChat also wants it as amount.total). */
    paidCents: bigint({ mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** PROCESSING → SUCCEEDED or FAILED (RefundStateMachine). */
    status: text().notNull().default('PROCESSING'),
    gatewayRefundId: text(),
    /** A bank payout: the bank's serial number and the day the money left. */
    bankSerial: text(),
    paidOutOn: date({ mode: 'string' }),
    /** The operator's reason, shown with the refund. */
    reason: text().notNull(),
    /** Why the gateway refused or closed it. */
    failure: text(),
    operatorSid: text()
      .notNull()
      .references(() => operators.sid),
    idempotencyKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_refund_no_key').on(t.refundNo),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_order_key')
      .on(t.orderSid)
      .where(sql`${t.exceptionId} is null`),
    uniqueIndex('refunds_exception_key')
      .on(t.exceptionId)
      .where(sql`${t.exceptionId} is not null`),
    // Refunds still waiting for their gateway, oldest first (the result is queried for them).
    index('refunds_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PROCESSING'`),
    // The 数据看板's refunds of a day (money given back, by when it went back).
    index('refunds_settled_idx').on(t.settledAt),
    check('refunds_amount_within_paid', sql`${t.amountCents} > 0 and ${t.amountCents} <= ${t.paidCents}`),
  ],
);

/**
 * Money an operator found on the bank statement for a bank-transfer order: what arrived, when,
 * and the bank's serial number (unique: the same line of the statement is never counted twice).
 * Short of the price, the order keeps waiting; at or above it, the order is settled and any
 * excess becomes a payment exception to refund.
 */
export const transferArrivals = pgTable(
  'transfer_arrivals',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    amountCents: bigint({ mode: 'number' }).notNull(),
    arrivedOn: date({ mode: 'string' }).notNull(),
    bankSerial: text().notNull(),
    /** partial (the order keeps waiting), settled, overpaid (settled, the excess is an exception). */
    outcome: text().notNull(),
    note: text().notNull(),
    operatorSid: text()
      .notNull()
      .references(() => operators.sid),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transfer_arrivals_bank_serial_key').on(t.bankSerial),
    index('transfer_arrivals_order_idx').on(t.orderSid, t.createdAt),
    check('transfer_arrivals_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
