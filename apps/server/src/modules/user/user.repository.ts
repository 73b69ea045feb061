import { AccountLevel, AuditStatus, OrderStatus } from '@gemstock/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { coupons, orders, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
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

export async function findUserBySid(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.sid, sid)).limit(1);
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

export async function listSubAccounts(db: DbOrTx, parentSid: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentSid, parentSid), eq(users.level, AccountLevel.SUB)))
    .orderBy(asc(users.createdAt), asc(users.sid));
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

/** Orders waiting for payment that the account itself placed (the header's order badge). */
export async function countCreatedOrders(db: DbOrTx, userSid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userSid, userSid), eq(orders.status, OrderStatus.CREATED)));
  return row?.n ?? 0;
}

/** Per sub-account, how many of its orders wait for the main account's approval. */
export async function countPendingAuditOrders(db: DbOrTx, userSids: string[]): Promise<Map<string, number>> {
  if (userSids.length === 0) return new Map();
  const rows = await db
    .select({ userSid: orders.userSid, n: count() })
    .from(orders)
    .where(and(inArray(orders.userSid, userSids), eq(orders.auditStatus, AuditStatus.PENDING)))
    .groupBy(orders.userSid);
  return new Map(rows.map((r) => [r.userSid, r.n]));
}

export async function findCouponBySid(db: DbOrTx, sid: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.sid, sid)).limit(1);
  return row;
}
