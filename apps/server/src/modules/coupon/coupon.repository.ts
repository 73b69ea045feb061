import { and, asc, eq, getTableColumns, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons } from '../../db/schema/index.js';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

/** Codes are matched case-insensitively: buyers retype them from a dialog or a message. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)))
    .limit(1);
  return row;
}

export async function findCouponBySid(db: DbOrTx, sid: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.sid, sid)).limit(1);
  return row;
}

export async function hasAccountRedeemedCoupon(db: DbOrTx, couponSid: string, userSid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponSid, couponSid), eq(couponRedemptions.userSid, userSid)))
    .limit(1);
  return row !== undefined;
}

export type RedeemOutcome = 'redeemed' | 'already_used_by_account' | 'used_up';

/**
 * Records one use of a coupon by an account for an order. The (coupon, account) primary key
 * makes a second use by the same account impossible; the conditional increment makes the
 * total limit hold under concurrency (a competing transaction waits on the coupon row and then
 * re-checks the condition). With `enforceLimit` false the use is recorded even past the limit:
 * that is for money already received at the discounted price, which must not be refused.
 * Must run inside the transaction that pays the order, so a refusal rolls everything back.
 */
export async function redeemCoupon(
  tx: DbOrTx,
  input: { couponSid: string; userSid: string; orderSid: string; enforceLimit: boolean },
): Promise<RedeemOutcome> {
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponSid: input.couponSid, userSid: input.userSid, orderSid: input.orderSid })
    .onConflictDoNothing()
    .returning({ orderSid: couponRedemptions.orderSid });
  if (inserted.length === 0) return 'already_used_by_account';
  const underLimit = input.enforceLimit
    ? or(eq(coupons.redemptionLimit, 0), sql`${coupons.redeemedCount} < ${coupons.redemptionLimit}`)
    : undefined;
  const updated = await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.sid, input.couponSid), underLimit))
    .returning({ sid: coupons.sid });
  return updated.length === 1 ? 'redeemed' : 'used_up';
}

export async function insertCoupon(tx: DbOrTx, row: NewCouponRow): Promise<CouponRow> {
  const [created] = await tx.insert(coupons).values(row).returning();
  return created!;
}

/** The picker never needs more; an account holding more usable coupons than this is not a real case. */
const USABLE_COUPONS_MAX = 100;

/**
 * Coupons issued to this account that it could use at `now`: started, not ended (validity is
 * [start, end), as couponProblem has it), not used up, and not used by it already. Soonest
 * ending first, so the picker leads with what would otherwise be lost.
 */
export async function listUsableCouponsOfAccount(db: DbOrTx, accountSid: string, now: Date): Promise<CouponRow[]> {
  return db
    .select(getTableColumns(coupons))
    .from(coupons)
    .where(
      and(
        eq(coupons.ownerSid, accountSid),
        or(isNull(coupons.startAt), lte(coupons.startAt, now)),
        or(isNull(coupons.endAt), gt(coupons.endAt, now)),
        or(eq(coupons.redemptionLimit, 0), sql`${coupons.redeemedCount} < ${coupons.redemptionLimit}`),
        notExists(
          db
            .select({ one: sql`1` })
            .from(couponRedemptions)
            .where(and(eq(couponRedemptions.couponSid, coupons.sid), eq(couponRedemptions.userSid, accountSid))),
        ),
      ),
    )
    .orderBy(sql`${coupons.endAt} asc nulls last`, asc(coupons.createdAt), asc(coupons.code))
    .limit(USABLE_COUPONS_MAX);
}
