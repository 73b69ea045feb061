import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './order.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A VAT invoice request of a company (`ownerSid`: its main account) for one or more paid
 * orders (`invoice_orders`). Requested → issued (the PDF at `fileKey`) or rejected (reason);
 * after a rejection the buyer makes a new request. An issued one may be voided or reversed
 * (reason kept), its replacement pointing back at it through `replacesSid`. The operator's queue reads
 * (status, due_at); the buyer's orders read their invoices through `invoice_orders`.
 */
export const invoices = pgTable(
  'invoices',
  {
    sid: text().primaryKey(),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    requestedBySid: text()
      .notNull()
      .references(() => users.sid),
    type: text().notNull(),
    title: text().notNull(),
    taxpayerNumber: text().notNull(),
    registeredAddress: text(),
    registeredPhone: text(),
    bankName: text(),
    bankAccount: text(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('REQUESTED'),
    rejectReason: text(),
    fileKey: text(),
    /** Promised issue date: 10 working days after the request, China time. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    issuedAt: timestamp({ withTimezone: true }),
    operatorSid: text(),
    /** Why an issued invoice was voided (作废) or reversed by a red-letter invoice (红冲), when, by whom. */
    voidReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBySid: text(),
    /** The voided invoice this request re-issues (decision 0025): the same title, orders and amount. */
    replacesSid: text().references((): AnyPgColumn => invoices.sid),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('invoices_replaces_key').on(t.replacesSid),
    index('invoices_status_due_idx').on(t.status, t.dueAt, t.sid),
    index('invoices_due_idx').on(t.dueAt, t.sid),
    index('invoices_owner_idx').on(t.ownerSid, t.createdAt.desc()),
  ],
);

/**
 * The orders an invoice covers and the amount of each. `active` is true while the invoice is
 * waiting or issued and false once it is rejected: the partial unique index lets an order be on
 * at most one active invoice, whatever the concurrency, and on any number of rejected ones.
 */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceSid: text()
      .notNull()
      .references(() => invoices.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    amountCents: bigint({ mode: 'number' }).notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceSid, t.orderSid] }),
    uniqueIndex('invoice_orders_active_order_key')
      .on(t.orderSid)
      .where(sql`${t.active}`),
    index('invoice_orders_order_idx').on(t.orderSid),
  ],
);
