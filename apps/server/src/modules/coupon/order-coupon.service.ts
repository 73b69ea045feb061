import {
  type CouponProblem,
  couponProblem,
  ErrorCode,
  type ErrorSpec,
  OrderStateMachine,
  type PricingCoupon,
} from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import {
  claimCoupon,
  type ClaimOutcome,
  type CouponRow,
  findAccountCouponUse,
  findCouponByCode,
  findCouponBySid,
  hasCouponClaim,
  insertCoupon,
  releaseCouponClaims,
} from './coupon.repository.js';

/**
 * The coupon module's front door for orders and payments: resolving a code for a price,
 * claiming and releasing an order's use of a coupon, and the reward coupon a paid order earns.
 * Callers pass their transaction so a refused claim rolls back with the rest.
 */

const COUPON_ERRORS: Record<CouponProblem, ErrorSpec> = {
  not_started: ErrorCode.COUPON_NOT_STARTED,
  expired: ErrorCode.COUPON_EXPIRED,
  not_applicable: ErrorCode.COUPON_NOT_APPLICABLE,
  used_up: ErrorCode.COUPON_USED_UP,
  already_used: ErrorCode.COUPON_ALREADY_USED,
  not_owner: ErrorCode.COUPON_INVALID,
};

export function couponErrorOf(problem: CouponProblem): ErrorSpec {
  return COUPON_ERRORS[problem];
}

export function pricingCouponOf(row: CouponRow): PricingCoupon {
  return {
    type: row.type,
    amount: row.amount,
    startAt: row.startAt,
    endAt: row.endAt,
    scope: row.scope,
    limit: row.redemptionLimit,
    redeemedCount: row.redeemedCount,
    ownerSid: row.ownerSid,
  };
}

/**
 * A usable coupon for this account and order type, or a coded refusal. Null for no code.
 * `orderSid`: the order being priced. A claim that order already holds is its own, so it counts
 * neither as "already used" nor against the limit; a claim held by another unpaid order of the
 * account gets its own message (cancel or pay that order first).
 */
export async function resolveCoupon(
  db: DbOrTx,
  code: string | null,
  context: { orderType: string; userSid: string; now: Date; orderSid?: string | null },
): Promise<CouponRow | null> {
  if (!code) return null;
  const coupon = await findCouponByCode(db, code);
  if (!coupon) throw new AppError(ErrorCode.COUPON_INVALID);
  const use = await findAccountCouponUse(db, coupon.sid, context.userSid);
  const isOwnClaim = use !== undefined && context.orderSid != null && use.orderSid === context.orderSid;
  const problem = couponProblem(
    { ...pricingCouponOf(coupon), redeemedCount: coupon.redeemedCount - (isOwnClaim ? 1 : 0) },
    {
      orderType: context.orderType,
      now: context.now,
      accountSid: context.userSid,
      usedByAccount: use !== undefined && !isOwnClaim,
    },
  );
  // Used by an order still unpaid: paying or cancelling that order frees it.
  if (problem === 'already_used' && use?.orderStatus && OrderStateMachine.may('pay', use.orderStatus)) {
    throw new AppError(ErrorCode.COUPON_HELD_BY_OTHER_ORDER);
  }
  if (problem) throw new AppError(couponErrorOf(problem));
  return coupon;
}

/** Why a coupon could not be held for an order: a claim refused, or the coupon no longer exists. */
export type CouponRefusal = Exclude<ClaimOutcome, 'claimed'> | 'coupon_gone';

const CLAIM_ERRORS: Record<Exclude<ClaimOutcome, 'claimed'>, ErrorSpec> = {
  used_up: ErrorCode.COUPON_USED_UP,
  already_used_by_account: ErrorCode.COUPON_ALREADY_USED,
  held_by_other_order: ErrorCode.COUPON_HELD_BY_OTHER_ORDER,
};

export function claimErrorOf(outcome: Exclude<ClaimOutcome, 'claimed'>): ErrorSpec {
  return CLAIM_ERRORS[outcome];
}

/**
 * Makes the order's coupon claims match `coupon` inside the caller's transaction: claims of
 * other coupons are given back, and the coupon (if any) is claimed for the order's buyer with
 * the guarded write. A refusal throws, so the caller's transaction rolls back.
 */
export async function claimOrderCoupon(
  tx: DbOrTx,
  order: { sid: string; userSid: string },
  coupon: Pick<CouponRow, 'sid'> | null,
): Promise<void> {
  await releaseCouponClaims(tx, order.sid, coupon?.sid ?? null);
  if (!coupon) return;
  const outcome = await claimCoupon(tx, { couponSid: coupon.sid, userSid: order.userSid, orderSid: order.sid });
  if (outcome !== 'claimed') throw new AppError(claimErrorOf(outcome));
}

/**
 * At settlement: the order must hold the claim on its coupon (made when the payment started);
 * an order without one claims it now with the same guarded write. Claims the order holds on any
 * other coupon are given back. Null when the order holds its coupon (or has none); otherwise
 * why not, and nothing was claimed.
 */
export async function holdOrderCoupon(
  tx: DbOrTx,
  order: { sid: string; userSid: string; couponCode: string | null },
  /**
   * Whether the order holds any claim, when the caller read it after locking the order (null:
   * not known). An order known to hold none has nothing to give back and no claim to find.
   */
  holdsClaims: boolean | null = null,
): Promise<CouponRefusal | null> {
  const coupon = order.couponCode ? await findCouponByCode(tx, order.couponCode) : null;
  if (order.couponCode && !coupon) return 'coupon_gone';
  if (holdsClaims !== false) await releaseCouponClaims(tx, order.sid, coupon?.sid ?? null);
  if (!coupon) return null;
  const claim = { couponSid: coupon.sid, userSid: order.userSid, orderSid: order.sid };
  if (holdsClaims !== false && (await hasCouponClaim(tx, claim))) return null;
  const outcome = await claimCoupon(tx, claim);
  return outcome === 'claimed' ? null : outcome;
}

/** Gives back every coupon use the order holds (its cancel). */
export async function releaseOrderCoupons(tx: DbOrTx, orderSid: string): Promise<void> {
  await releaseCouponClaims(tx, orderSid);
}

/** A coupon given to the buyer when an order is paid. Off unless configured (ORDER_REWARD_*). */
export interface OrderRewardPolicy {
  /** 1 = fixed cents off; 2 = percentage off. */
  type: 1 | 2;
  /** Cents (type 1) or percent (type 2). */
  amount: number;
  validDays: number;
  /** Order types that earn the reward. */
  orderTypes: readonly string[];
}

/** The one-use reward coupon of a paid order, owned by its buyer. */
export async function issueRewardCoupon(
  tx: DbOrTx,
  buyerSid: string,
  reward: OrderRewardPolicy,
  at: Date,
): Promise<CouponRow> {
  return insertCoupon(tx, {
    sid: newSid(),
    code: `R${newSid(9).toUpperCase()}`,
    type: reward.type,
    amount: reward.amount,
    startAt: at,
    endAt: new Date(at.getTime() + reward.validDays * 86_400_000),
    scope: [],
    redemptionLimit: 1,
    ownerSid: buyerSid,
  });
}

/** The code of a coupon by its sid (a paid order's reward), if it still exists. */
export async function couponCodeOf(db: DbOrTx, sid: string | null): Promise<string | null> {
  if (!sid) return null;
  return (await findCouponBySid(db, sid))?.code ?? null;
}
