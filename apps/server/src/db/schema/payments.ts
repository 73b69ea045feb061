import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './commerce.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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
    payWay: text().notNull(),
    /** The adapter that serves it: wechat, alipay or sandbox. */
    gateway: text().notNull(),
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
