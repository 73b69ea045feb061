import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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
    // 优惠券's list and its CSV export, newest first with a batch's codes in order (the export walks it by keyset).
    index('coupons_created_idx').on(t.createdAt.desc(), t.code),
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
