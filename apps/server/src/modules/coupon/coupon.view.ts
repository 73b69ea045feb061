import {
  CouponStatus,
  ORDER_TYPES,
  type OrderType,
  type TAdminCoupon,
  type TAdminCouponRedemption,
  type TUserCoupon,
} from '@gemstock/contract';
import { presentCoupon } from '../user/index.js';
import type { AccountColumns, AdminCouponRow, RedemptionRow } from './admin-coupon.repository.js';
import type { CouponRow } from './coupon.repository.js';

/** Wire shapes of coupons: rows in, contract objects out. No database access here. */

function isOrderType(value: string): value is OrderType {
  return (ORDER_TYPES as readonly string[]).includes(value);
}

/** Same precedence as the list filter's SQL (admin-coupon.repository.ts statusCondition). */
export function couponStatusAt(
  row: Pick<CouponRow, 'startAt' | 'endAt' | 'redemptionLimit' | 'redeemedCount'>,
  now: Date,
): CouponStatus {
  if (row.redemptionLimit > 0 && row.redeemedCount >= row.redemptionLimit) return CouponStatus.USED_UP;
  if (row.endAt && row.endAt.getTime() <= now.getTime()) return CouponStatus.EXPIRED;
  if (row.startAt && row.startAt.getTime() > now.getTime()) return CouponStatus.NOT_STARTED;
  return CouponStatus.ACTIVE;
}

function presentAccount(account: AccountColumns): AccountColumns {
  return {
    sid: account.sid,
    username: account.username,
    email: account.email,
    mobile: account.mobile,
    company: account.company,
  };
}

export function presentAdminCoupon({ coupon, owner }: AdminCouponRow, now: Date): TAdminCoupon {
  return {
    sid: coupon.sid,
    code: coupon.code,
    name: coupon.name,
    note: coupon.note,
    type: coupon.type,
    amount: coupon.amount,
    scope: coupon.scope.filter(isOrderType),
    limit: coupon.redemptionLimit,
    redeemedCount: coupon.redeemedCount,
    startTime: coupon.startAt?.toISOString() ?? null,
    endTime: coupon.endAt?.toISOString() ?? null,
    status: couponStatusAt(coupon, now),
    owner: owner ? presentAccount(owner) : null,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}

export function presentRedemption(row: RedemptionRow): TAdminCouponRedemption {
  return {
    account: presentAccount(row.account),
    orderSid: row.orderSid,
    orderNo: row.orderNo,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentUserCoupon(row: CouponRow): TUserCoupon {
  return { ...presentCoupon(row), name: row.name };
}

/** What an audit record keeps of a coupon: its terms as stored, times as ISO text. */
export function couponAuditSnapshot(row: CouponRow) {
  return {
    code: row.code,
    name: row.name,
    note: row.note,
    type: row.type,
    amount: row.amount,
    scope: row.scope,
    limit: row.redemptionLimit,
    startAt: row.startAt?.toISOString() ?? null,
    endAt: row.endAt?.toISOString() ?? null,
  };
}
