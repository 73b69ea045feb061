import type { TUserCouponsResponse } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { UserRow } from '../../db/rows.js';
import { listUsableCouponsOfAccount } from './coupon.repository.js';
import { presentUserCoupon } from './coupon.view.js';

/**
 * GET /api/user/code. Only coupons issued to this very account: pricing accepts an issued
 * coupon from its owner only (couponProblem's not_owner), so a sub-account does not see its
 * main account's coupons either.
 */
export async function listUsableCoupons(
  deps: Pick<AppDeps, 'db'>,
  user: Pick<UserRow, 'sid'>,
  now = new Date(),
): Promise<TUserCouponsResponse> {
  const rows = await listUsableCouponsOfAccount(deps.db, user.sid, now);
  return { coupons: rows.map(presentUserCoupon) };
}
