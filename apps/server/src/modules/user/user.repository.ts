import { AccountLevel, AuditStatus, OrderStatus, PayWay } from '@gemstock/contract';
import { and, count, eq, getTableColumns, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { preparedOnce } from '../../db/sql.js';
import { coupons, orders, users } from '../../db/schema/index.js';
import { afterPosition, countUpTo, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

import type { UserRow } from '../../db/rows.js';

export type { UserRow };
export type NewUserRow = typeof users.$inferInsert;
export type CouponRow = typeof coupons.$inferSelect;

/** Which unique field a write collided with; the service turns it into EMAIL_TAKEN and friends. */
export type AccountField = 'email' | 'mobile' | 'username';
export type WriteResult<T> = { ok: true; value: T } | { ok: false; taken: AccountField };

const CONSTRAINT_FIELD: Record<string, AccountField> = {
  users_email_key: 'email',
  users_mobile_key: 'mobile',
  users_username_key: 'username',
};

/**
 * Runs a write that may hit one of the unique indexes. Two registrations of the same address
 * can both pass the "is it taken" check; the index decides, and the loser gets a coded answer.
 */
async function guardUnique<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    const field = constraint === null ? undefined : CONSTRAINT_FIELD[constraint];
    if (field) return { ok: false, taken: field };
    throw error;
  }
}

/** Every signed-in request reads its account (and a sub-account's parent): prepared once. */
export async function findUserBySid(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const statement = preparedOnce(db, 'user_by_sid', (name) =>
    db
      .select()
      .from(users)
      .where(eq(users.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ sid });
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserByMobile(db: DbOrTx, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return row;
}

export function insertUser(db: DbOrTx, values: NewUserRow): Promise<WriteResult<UserRow>> {
  return guardUnique(async () => {
    const [row] = await db.insert(users).values(values).returning();
    if (!row) throw new Error('insert into users returned no row');
    return row;
  });
}

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'email'
    | 'mobile'
    | 'name'
    | 'company'
    | 'companyLicense'
    | 'companyAddress'
    | 'enabled'
    | 'passwordHash'
    | 'lastLoginAt'
    | 'monthlyBudgetCents'
  >
>;

/** Updates one account; `bumpTokenVersion` revokes every token issued before. */
export function updateUser(
  db: DbOrTx,
  sid: string,
  patch: UserPatch,
  options: { bumpTokenVersion?: boolean } = {},
): Promise<WriteResult<UserRow | undefined>> {
  return guardUnique(async () => {
    const [row] = await db
      .update(users)
      .set({
        ...patch,
        ...(options.bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.sid, sid))
      .returning();
    return row;
  });
}

export async function touchLastLogin(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.sid, sid))
    .returning();
  return row;
}

/** Sub-accounts inherit the company: a change on the main account is copied to all of them. */
export async function copyCompanyToSubAccounts(
  db: DbOrTx,
  parentSid: string,
  company: { company: string | null; companyLicense: string | null; companyAddress: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...company, updatedAt: sql`now()` })
    .where(and(eq(users.parentSid, parentSid), eq(users.level, AccountLevel.SUB)));
}

export type SubAccountListRow = UserRow & { position: string };

const subAccountsOf = (parentSid: string) => and(eq(users.parentSid, parentSid), eq(users.level, AccountLevel.SUB));

/**
 * A page of a main account's sub-accounts, oldest first (sid breaking ties), each with its
 * position for the next page's cursor; read in the order of users_parent_idx.
 */
export function listSubAccountsQuery(db: DbOrTx, parentSid: string, page: ListPage) {
  return db
    .select({ ...getTableColumns(users), position: positionAt(users.createdAt) })
    .from(users)
    .where(
      and(
        subAccountsOf(parentSid),
        page.after ? afterPosition(users.createdAt, users.sid, page.after, 'asc') : undefined,
      ),
    )
    .orderBy(positionOrder(users.createdAt, users.sid, 'asc'))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listSubAccounts(db: DbOrTx, parentSid: string, page: ListPage): Promise<SubAccountListRow[]> {
  return listSubAccountsQuery(db, parentSid, page);
}

/** A main account's sub-accounts, counted up to COUNT_LIMIT. */
export async function countSubAccounts(db: DbOrTx, parentSid: string): Promise<number> {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(users)
      .where(subAccountsOf(parentSid)),
  );
}

/** A sub-account only when it belongs to this main account; anyone else's reads as absent. */
export async function findSubAccountOf(db: DbOrTx, parentSid: string, sid: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.sid, sid), eq(users.parentSid, parentSid), eq(users.level, AccountLevel.SUB)))
    .limit(1);
  return row;
}

/** Orders waiting for the account (the header's order badge): unpaid ones it placed, and with `withPendingApprovals` its sub-accounts' orders waiting for its approval. */
export async function countCreatedOrders(
  db: DbOrTx,
  userSid: string,
  options: { withPendingApprovals?: boolean } = {},
): Promise<number> {
  const own = and(eq(orders.userSid, userSid), eq(orders.status, OrderStatus.CREATED));
  // A main account's sub-accounts' orders waiting for its approval are its to handle too.
  const toApprove = and(
    eq(orders.ownerSid, userSid),
    ne(orders.userSid, userSid),
    eq(orders.status, OrderStatus.CREATED),
    eq(orders.auditStatus, AuditStatus.PENDING),
  );
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(options.withPendingApprovals ? or(own, toApprove) : own);
  return row?.n ?? 0;
}

/**
 * Per sub-account of `ownerSid`, how many of its orders wait for the main account's approval:
 * read from the company's approvals (orders_owner_audit_idx), never from all its orders.
 */
export async function countPendingAuditOrders(
  db: DbOrTx,
  ownerSid: string,
  userSids: string[],
): Promise<Map<string, number>> {
  if (userSids.length === 0) return new Map();
  const rows = await db
    .select({ userSid: orders.userSid, n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.ownerSid, ownerSid),
        eq(orders.auditStatus, AuditStatus.PENDING),
        inArray(orders.userSid, userSids),
      ),
    )
    .groupBy(orders.userSid);
  return new Map(rows.map((r) => [r.userSid, r.n]));
}

/** Reads the account and holds its row lock until the caller's transaction ends. */
export async function lockUserBySid(tx: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.sid, sid)).for('update').limit(1);
  return row;
}

/**
 * Per account, what its orders approved within [from, to) cost the company's wallet: the final
 * price of one paid from the wallet, the amount approved of one still unpaid; cancelled ones and
 * ones paid in the end by the buyer's own online or transfer payment count nothing. Reads through
 * orders_user_approved_idx (user_sid, approved_at), so it touches only the month's approvals.
 */
export async function sumApprovedSpend(
  db: DbOrTx,
  userSids: string[],
  range: { from: Date; to: Date },
): Promise<Map<string, number>> {
  if (userSids.length === 0) return new Map();
  const rows = await db
    .select({
      userSid: orders.userSid,
      cents: sql<string>`coalesce(sum(case when ${orders.status} <> ${OrderStatus.PAYED} then ${orders.approvedCents} when ${orders.payWay} in (${PayWay.WALLET}, ${PayWay.FREE}) then ${orders.priceCents} else 0 end), 0)`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.userSid, userSids),
        sql`${orders.approvedAt} is not null`,
        gte(orders.approvedAt, range.from),
        lt(orders.approvedAt, range.to),
        ne(orders.status, OrderStatus.CANCELLED),
      ),
    )
    .groupBy(orders.userSid);
  return new Map(rows.map((r) => [r.userSid, Number(r.cents)]));
}

/**
 * Clears the account's pending coupon if it is still `couponSid`: true for the one request that
 * cleared it, so the coupon is shown once however many user-info loads race.
 */
export async function takePendingCoupon(db: DbOrTx, sid: string, couponSid: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ pendingCouponSid: null })
    .where(and(eq(users.sid, sid), eq(users.pendingCouponSid, couponSid)))
    .returning({ sid: users.sid });
  return rows.length > 0;
}

/** Sets the pending coupon of each account (an operator's grant); one statement per account. */
export async function setPendingCoupons(
  tx: DbOrTx,
  entries: readonly { userSid: string; couponSid: string }[],
): Promise<void> {
  for (const entry of entries) {
    await tx.update(users).set({ pendingCouponSid: entry.couponSid }).where(eq(users.sid, entry.userSid));
  }
}

/** Accounts by mobile (unique), for an operator's grant. */
export async function findUsersByMobiles(db: DbOrTx, mobiles: string[]): Promise<UserRow[]> {
  if (mobiles.length === 0) return [];
  return db.select().from(users).where(inArray(users.mobile, mobiles));
}

/** Accounts by sid, for an operator's grant. */
export async function findUsersBySids(db: DbOrTx, sids: string[]): Promise<UserRow[]> {
  if (sids.length === 0) return [];
  return db.select().from(users).where(inArray(users.sid, sids));
}

export async function findCouponBySid(db: DbOrTx, sid: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.sid, sid)).limit(1);
  return row;
}

/**
 * The password hash of an account deleted at its owner's request (decision 0043): no password
 * matches it, and it tells the console the account may never be turned on again.
 */
export const ERASED_PASSWORD_HASH = '!erased';

/** Whether the account was deleted at its owner's request: the console shows 已注销 and no 启用. */
export const isErasedAccount = (row: Pick<UserRow, 'passwordHash'>): boolean =>
  row.passwordHash === ERASED_PASSWORD_HASH;
