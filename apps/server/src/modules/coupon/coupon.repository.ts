import { OrderStateMachine } from '@gemstock/contract';
import { and, asc, eq, getTableColumns, gt, isNull, lte, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.js';
import { preparedIn } from '../../db/sql.js';

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

/** The account's use of a coupon and the state of the order holding it (a claim of an unpaid order, or a use). */
export async function findAccountCouponUse(
  db: DbOrTx,
  couponSid: string,
  userSid: string,
): Promise<{ orderSid: string; orderStatus: string | null } | undefined> {
  const [row] = await db
    .select({ orderSid: couponRedemptions.orderSid, orderStatus: orders.status })
    .from(couponRedemptions)
    .leftJoin(orders, eq(orders.sid, couponRedemptions.orderSid))
    .where(and(eq(couponRedemptions.couponSid, couponSid), eq(couponRedemptions.userSid, userSid)))
    .limit(1);
  return row;
}

export type ClaimOutcome = 'claimed' | 'held_by_other_order' | 'already_used_by_account' | 'used_up';

/**
 * Claims one use of a coupon by an account for an order: the guarded write every payment path
 * makes before it may charge a discounted price (online and transfer when the payment starts,
 * the wallet and free completion in their own transaction). The (coupon, account) primary key
 * makes a second use by the account impossible; the conditional increment keeps the total under
 * the limit under concurrency (a competing transaction waits on the coupon row, then re-checks).
 * A claim the same order already holds is kept as it is, so asking again changes nothing.
 * A claim of an unpaid order is a reservation: `releaseCouponClaims` gives it back when the order
 * is cancelled or re-priced without it; once the order is paid it is the redemption.
 * Refusals leave nothing behind, even when the caller's transaction commits.
 */
export async function claimCoupon(
  tx: DbOrTx,
  input: { couponSid: string; userSid: string; orderSid: string },
): Promise<ClaimOutcome> {
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponSid: input.couponSid, userSid: input.userSid, orderSid: input.orderSid })
    .onConflictDoNothing()
    .returning({ orderSid: couponRedemptions.orderSid });
  if (inserted.length === 0) {
    const held = await findAccountCouponUse(tx, input.couponSid, input.userSid);
    if (held?.orderSid === input.orderSid) return 'claimed';
    return held?.orderStatus && OrderStateMachine.may('pay', held.orderStatus)
      ? 'held_by_other_order'
      : 'already_used_by_account';
  }
  const updated = await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.sid, input.couponSid),
        or(eq(coupons.redemptionLimit, 0), sql`${coupons.redeemedCount} < ${coupons.redemptionLimit}`),
      ),
    )
    .returning({ sid: coupons.sid });
  if (updated.length === 1) return 'claimed';
  await tx
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.couponSid, input.couponSid), eq(couponRedemptions.userSid, input.userSid)));
  return 'used_up';
}

/** Whether the order holds a claim on the coupon for the account. */
export async function hasCouponClaim(
  db: DbOrTx,
  input: { couponSid: string; userSid: string; orderSid: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponSid, input.couponSid),
        eq(couponRedemptions.userSid, input.userSid),
        eq(couponRedemptions.orderSid, input.orderSid),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Gives back the coupon claims of an order that is not paid (cancelled, or re-priced with
 * another coupon or none): the rows go and each coupon's count drops by one. `keepCouponSid`
 * stays claimed. A paid order's claims are its redemptions and are never released.
 */
export async function releaseCouponClaims(
  tx: DbOrTx,
  orderSid: string,
  keepCouponSid: string | null = null,
): Promise<number> {
  // Every payment without a coupon (most) gives back whatever the order holds: prepared once.
  const released = await preparedIn(
    tx,
    keepCouponSid ? 'coupon_claims_release_others' : 'coupon_claims_release',
    (name) =>
      tx
        .delete(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.orderSid, sql.placeholder('order')),
            keepCouponSid ? ne(couponRedemptions.couponSid, sql.placeholder('keep')) : undefined,
            sql`not exists (select 1 from ${orders} where ${orders.sid} = ${sql.placeholder('order')} and ${orders.status} = 'PAYED')`,
          ),
        )
        .returning({ couponSid: couponRedemptions.couponSid })
        .prepare(name),
  ).execute({ order: orderSid, keep: keepCouponSid });
  for (const { couponSid } of released) {
    await tx
      .update(coupons)
      .set({ redeemedCount: sql`greatest(${coupons.redeemedCount} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(coupons.sid, couponSid));
  }
  return released.length;
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
