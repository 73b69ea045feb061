import type { PaidGateway } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const orders = pgTable(
  'orders',
  {
    sid: text().primaryKey(),
    orderNo: text().notNull(),
    name: text().notNull(),
    orderType: text().notNull(),
    status: text().notNull().default('CREATED'),
    payWay: text(),
    payTime: timestamp({ withTimezone: true }),
    spec: smallint(),
    referer: text(),
    source: text(),
    couponCode: text(),
    priceOriginCents: bigint({ mode: 'number' }).notNull(),
    discountMemberCents: bigint({ mode: 'number' }).notNull().default(0),
    discountCouponCents: bigint({ mode: 'number' }).notNull().default(0),
    /** What a held licence pays of the order (docs/decisions/0023): 高级定制授权 paying for its material's custom design. */
    discountCreditCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The 高级定制授权 whose credit this custom order uses; a credit is used by one live order at most. */
    creditLicenceSid: text(),
    priceCents: bigint({ mode: 'number' }).notNull(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    /** The account whose wallet and licences the order belongs to (the parent for a sub-account). */
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    auditStatus: text().notNull().default('NONE'),
    auditMessage: text(),
    /** When the main account approved a sub-account's wallet payment (counts against its monthly budget). */
    approvedAt: timestamp({ withTimezone: true }),
    /** The order's price when approved: what the budget counts until the order is paid. */
    approvedCents: bigint({ mode: 'number' }),
    transferReference: text(),
    demandSid: text(),
    /** Idempotency key of the settlement that paid the order (gateway notification, transfer, wallet). */
    settlementKey: text(),
    /** What settled the order: its gateway, 'transfer', 'wallet' or 'free' (a free completion). */
    paidGateway: text().$type<PaidGateway>(),
    /** The gateway's transaction number, when it gives one. */
    tradeNo: text(),
    /** Cents actually received for the order (equals price_cents; kept for reconciliation). */
    paidAmountCents: bigint({ mode: 'number' }),
    /**
     * Cents given back by the order's refund (refunds row), counted when the refund is made and
     * given back if the gateway refuses it; never above what was received (orders_refund_within_paid).
     */
    refundedCents: bigint({ mode: 'number' }).notNull().default(0),
    /** The coupon issued to the buyer as a reward for this order, if any. */
    rewardCouponSid: text(),
    /**
     * An upgrade order (docs/decisions/0016): the licence it upgrades (superseded when the order
     * is paid) and its material; its single item is the wider licence, priced at the difference.
     */
    upgradesLicenceSid: text(),
    upgradeMaterialSid: text(),
    /** The licence type upgraded from (the order's item is the type upgraded to). */
    upgradeFromSpec: smallint(),
    version: integer().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    // 我的订单 in its order (newest first, sid breaking ties) for an account or a company, whole and
    // by status, and the main account's approvals: a page and the capped count read only their rows.
    index('orders_user_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
    index('orders_owner_idx').on(t.ownerSid, t.createdAt.desc(), t.sid.desc()),
    index('orders_user_status_idx').on(t.userSid, t.status, t.createdAt.desc(), t.sid.desc()),
    index('orders_owner_status_idx').on(t.ownerSid, t.status, t.createdAt.desc(), t.sid.desc()),
    index('orders_owner_audit_idx')
      .on(t.ownerSid, t.auditStatus, t.createdAt.desc(), t.sid.desc())
      .where(sql`${t.auditStatus} <> 'NONE'`),
    // The console's order list in its order (newest first), whole and by each of its filters; the
    // status one also serves the unpaid-order sweep (status, then created_at).
    index('orders_created_idx').on(t.createdAt.desc(), t.sid.desc()),
    index('orders_status_idx').on(t.status, t.createdAt.desc(), t.sid.desc()),
    index('orders_type_created_idx').on(t.orderType, t.createdAt.desc(), t.sid.desc()),
    index('orders_pay_way_created_idx').on(t.payWay, t.createdAt.desc(), t.sid.desc()),
    // The console's search by any part of the order number (its last digits, usually), and its
    // filter by amount: each finds the few matching orders, sorted by time after.
    index('orders_order_no_trgm_idx').using('gin', t.orderNo.op('gin_trgm_ops')),
    index('orders_price_idx').on(t.priceCents),
    uniqueIndex('orders_settlement_key').on(t.settlementKey),
    // At most one unpaid upgrade order per company and material.
    uniqueIndex('orders_open_upgrade_key')
      .on(t.ownerSid, t.upgradeMaterialSid)
      .where(sql`${t.status} = 'CREATED' AND ${t.upgradeMaterialSid} IS NOT NULL`),
    // A licence's credit pays for one custom order: two placed at once cannot both use it.
    uniqueIndex('orders_credit_licence_key')
      .on(t.creditLicenceSid)
      .where(sql`${t.status} <> 'CANCELLED' AND ${t.creditLicenceSid} IS NOT NULL`),
    // A sub-account's spending in a month: its orders approved within the month.
    index('orders_user_approved_idx')
      .on(t.userSid, t.approvedAt)
      .where(sql`${t.approvedAt} is not null`),
    // The last word on "a refund never exceeds what was received", whatever the code above it does.
    check(
      'orders_refund_within_paid',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= coalesce(${t.paidAmountCents}, 0)`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    unitPriceCents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderSid, t.materialSid] }), index('order_items_material_idx').on(t.materialSid)],
);
