import { type CouponKind, type CouponStatus } from '@gemstock/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, orders, users } from '../../db/schema/index.js';
import { positionAt } from '../../lib/list-cursor.js';
import type { CouponRow, NewCouponRow } from './coupon.repository.js';

export interface AccountColumns {
  sid: string;
  username: string | null;
  email: string | null;
  mobile: string | null;
  company: string | null;
}

export interface AdminCouponRow {
  coupon: CouponRow;
  owner: AccountColumns | null;
}

const ACCOUNT_COLUMNS = {
  sid: users.sid,
  username: users.username,
  email: users.email,
  mobile: users.mobile,
  company: users.company,
};

export interface AdminCouponFilter {
  /** Part of a code or of a name. */
  q?: string | undefined;
  status?: CouponStatus | undefined;
  kind?: CouponKind | undefined;
}

/** LIKE treats % and _ as wildcards; a search term means them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const usedUp = sql`(${coupons.redemptionLimit} > 0 AND ${coupons.redeemedCount} >= ${coupons.redemptionLimit})`;

/**
 * The SQL twin of couponStatusAt (coupon.view.ts): the same precedence, so a filter shows
 * exactly the coupons whose tag says that status.
 */
function statusCondition(status: CouponStatus, now: Date): SQL {
  const ended = and(isNotNull(coupons.endAt), lte(coupons.endAt, now))!;
  const notEnded = or(isNull(coupons.endAt), gt(coupons.endAt, now))!;
  const started = or(isNull(coupons.startAt), lte(coupons.startAt, now))!;
  switch (status) {
    case 'used_up':
      return usedUp;
    case 'expired':
      return and(not(usedUp), ended)!;
    case 'not_started':
      return and(not(usedUp), notEnded, not(started))!;
    case 'active':
      return and(not(usedUp), notEnded, started)!;
  }
}

function conditions(filter: AdminCouponFilter, now: Date): SQL | undefined {
  const parts: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    parts.push(or(ilike(coupons.code, pattern), ilike(coupons.name, pattern))!);
  }
  if (filter.status) parts.push(statusCondition(filter.status, now));
  if (filter.kind === 'public') parts.push(isNull(coupons.ownerSid));
  if (filter.kind === 'issued') parts.push(isNotNull(coupons.ownerSid));
  return parts.length ? and(...parts) : undefined;
}

/**
 * Newest first, a batch's codes in order, written as coupons_created_idx is built (DESC NULLS
 * LAST): PostgreSQL reads a bare DESC as NULLS FIRST, which the index does not serve.
 */
const LIST_ORDER = [sql`${coupons.createdAt} desc nulls last`, asc(coupons.code)];

/** Newest first; a batch shares one creation time, so its codes follow in order. */
export async function listAdminCoupons(
  db: DbOrTx,
  filter: AdminCouponFilter,
  page: { offset: number; limit: number },
  now: Date,
): Promise<AdminCouponRow[]> {
  return db
    .select({ coupon: getTableColumns(coupons), owner: ACCOUNT_COLUMNS })
    .from(coupons)
    .leftJoin(users, eq(users.sid, coupons.ownerSid))
    .where(conditions(filter, now))
    .orderBy(...LIST_ORDER)
    .limit(page.limit)
    .offset(page.offset);
}

/** Where a walk of the list stands: the last coupon's creation time (to the microsecond) and code. */
export interface CouponPosition {
  at: string;
  code: string;
}

/**
 * The list's rows after `after`, in its order (newest first, a batch's codes in order), for the
 * CSV export: no OFFSET, so every page costs the same. The index (coupons_created_idx) is entered
 * at the last row's time; only the rest of that one batch is read past.
 */
export async function listAdminCouponsAfter(
  db: DbOrTx,
  filter: AdminCouponFilter,
  after: CouponPosition | undefined,
  limit: number,
  now: Date,
): Promise<Array<AdminCouponRow & { position: string }>> {
  const rest = after
    ? sql`${coupons.createdAt} <= ${after.at}::timestamptz and (${coupons.createdAt} < ${after.at}::timestamptz or ${coupons.code} > ${after.code})`
    : undefined;
  return db
    .select({ coupon: getTableColumns(coupons), owner: ACCOUNT_COLUMNS, position: positionAt(coupons.createdAt) })
    .from(coupons)
    .leftJoin(users, eq(users.sid, coupons.ownerSid))
    .where(and(conditions(filter, now), rest))
    .orderBy(...LIST_ORDER)
    .limit(limit);
}

/** Matches counted up to `cap + 1`, never the whole table (reward coupons grow with orders). */
export async function countAdminCoupons(
  db: DbOrTx,
  filter: AdminCouponFilter,
  cap: number,
  now: Date,
): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(coupons)
    .where(conditions(filter, now))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(inner);
  return Number(row?.n ?? 0);
}

export async function findAdminCoupon(db: DbOrTx, sid: string): Promise<AdminCouponRow | undefined> {
  const [row] = await db
    .select({ coupon: getTableColumns(coupons), owner: ACCOUNT_COLUMNS })
    .from(coupons)
    .leftJoin(users, eq(users.sid, coupons.ownerSid))
    .where(eq(coupons.sid, sid))
    .limit(1);
  return row;
}

/** The row, locked until the end of the transaction, so an edit never interleaves with another. */
export async function lockCoupon(tx: DbOrTx, sid: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.sid, sid)).limit(1).for('update');
  return row;
}

/**
 * Inserts what it can and returns the rows written: a code already taken is skipped instead of
 * raising, since a unique violation would abort the whole transaction in PostgreSQL and the
 * caller wants to decide (refuse, or draw another code).
 */
export async function insertCouponsSkippingTaken(tx: DbOrTx, rows: NewCouponRow[]): Promise<CouponRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(coupons).values(rows).onConflictDoNothing().returning();
}

export async function updateCouponRow(
  tx: DbOrTx,
  sid: string,
  values: Partial<Pick<NewCouponRow, 'name' | 'note' | 'endAt'>>,
): Promise<CouponRow | undefined> {
  const [row] = await tx
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.sid, sid))
    .returning();
  return row;
}

export interface RedemptionRow {
  account: AccountColumns;
  orderSid: string;
  orderNo: string | null;
  createdAt: Date;
}

/** Newest first. order_sid carries no foreign key, so the order is left-joined rather than assumed. */
export async function listCouponRedemptions(db: DbOrTx, couponSid: string, limit: number): Promise<RedemptionRow[]> {
  return db
    .select({
      account: ACCOUNT_COLUMNS,
      orderSid: couponRedemptions.orderSid,
      orderNo: orders.orderNo,
      createdAt: couponRedemptions.createdAt,
    })
    .from(couponRedemptions)
    .innerJoin(users, eq(users.sid, couponRedemptions.userSid))
    .leftJoin(orders, eq(orders.sid, couponRedemptions.orderSid))
    .where(eq(couponRedemptions.couponSid, couponSid))
    .orderBy(desc(couponRedemptions.createdAt), asc(couponRedemptions.userSid))
    .limit(limit);
}

/** The coupons a grant issued to these accounts. */
export async function listGrantedCoupons(db: DbOrTx, grantKey: string, ownerSids: string[]): Promise<CouponRow[]> {
  if (ownerSids.length === 0) return [];
  return db
    .select()
    .from(coupons)
    .where(and(eq(coupons.grantKey, grantKey), inArray(coupons.ownerSid, ownerSids)));
}
