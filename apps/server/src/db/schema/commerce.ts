import type { PaidGateway } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { users } from './users.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const cartItems = pgTable(
  'cart_items',
  {
    userSid: text()
      .notNull()
      .references(() => users.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    chosen: boolean().notNull().default(true),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userSid, t.materialSid] })],
);

export const coupons = pgTable(
  'coupons',
  {
    sid: text().primaryKey(),
    code: text().notNull(),
    /** type 1: amount is cents off; otherwise amount is the percentage off. */
    type: smallint().notNull(),
    /** Money (cents) or a percentage, so it is as wide as every money column. */
    amount: bigint({ mode: 'number' }).notNull(),
    startAt: timestamp({ withTimezone: true }),
    endAt: timestamp({ withTimezone: true }),
    /** Order types the coupon covers; empty means all. */
    scope: text().array().notNull(),
    /** Redemptions allowed in total; 0 = unlimited. */
    redemptionLimit: integer().notNull().default(0),
    redeemedCount: integer().notNull().default(0),
    notify: boolean().notNull().default(false),
    /** Set when the coupon was issued to one account (survey or order reward). */
    ownerSid: text().references(() => users.sid),
    /** What the operator calls it (the buyer's coupon picker shows it too); null for issued rewards. */
    name: text(),
    /** Operator's own remark; never shown to buyers. */
    note: text(),
    /** The operator's grant that issued this coupon to `ownerSid`: one coupon per (grant, account). */
    grantKey: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    // GET /api/user/code runs on every opening of the order drawer; reward coupons grow with orders.
    index('coupons_owner_idx').on(t.ownerSid),
    uniqueIndex('coupons_grant_owner_key')
      .on(t.grantKey, t.ownerSid)
      .where(sql`${t.grantKey} is not null`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponSid: text()
      .notNull()
      .references(() => coupons.sid),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.couponSid, t.userSid] }),
    // A cancelled or re-priced order releases its claim: found by order.
    index('coupon_redemptions_order_idx').on(t.orderSid),
  ],
);

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

/**
 * What a paid material order grants: one licence per (order, material), owned by the account
 * whose licences they are (the parent for a sub-account), so every account of a company shares
 * them. The sid is the certificate number printed on the licence certificate.
 */
export const licences = pgTable(
  'licences',
  {
    sid: text().primaryKey(),
    certNo: text().notNull(),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    /** The account that placed the order. */
    buyerSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    /** A delivered custom design: licensed to this company alone (spec §9). */
    exclusive: boolean().notNull().default(false),
    downloadCount: integer().notNull().default(0),
    /** Set when an upgrade replaced this licence: the new certificate's number (docs/decisions/0016). */
    supersededByCertNo: text(),
    supersededAt: timestamp({ withTimezone: true }),
    /** Set when the order that paid for the licence was refunded: downloads are refused, verification says revoked. */
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('licences_order_material_key').on(t.orderSid, t.materialSid),
    uniqueIndex('licences_cert_no_key').on(t.certNo),
    index('licences_owner_idx').on(t.ownerSid, t.materialSid),
    // 溯源 reads a material's downloaded licences against a copy (docs/decisions/0049).
    index('licences_material_idx').on(t.materialSid, t.createdAt.desc()),
    // The purchased list shows the company's current licences, newest first.
    index('licences_owner_current_created_idx')
      .on(t.ownerSid, t.createdAt.desc(), t.sid.desc())
      .where(sql`${t.supersededByCertNo} IS NULL`),
  ],
);

/** A paid VIP recharge: a lot of money valid for one month. */
export const walletLots = pgTable(
  'wallet_lots',
  {
    sid: text().primaryKey(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    totalCents: bigint({ mode: 'number' }).notNull(),
    remainingCents: bigint({ mode: 'number' }).notNull(),
    validBefore: timestamp({ withTimezone: true }).notNull(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('wallet_lots_order_key').on(t.orderSid),
    index('wallet_lots_user_idx').on(t.userSid, t.validBefore),
    // The wallet page's recharges, newest first.
    index('wallet_lots_user_created_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
  ],
);

/** Append-only: every movement of wallet money. The balance is the sum of `amountCents`. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    lotSid: text().references(() => walletLots.sid),
    orderSid: text(),
    kind: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Makes a repeated money move a no-op. */
    idempotencyKey: text().notNull(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('ledger_idempotency_key').on(t.idempotencyKey), index('ledger_user_idx').on(t.userSid, t.id)],
);

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
