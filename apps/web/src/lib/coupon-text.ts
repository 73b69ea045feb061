import { CouponType, type TCoupon, formatYuan } from '@gemstock/contract';

/**
 * How a coupon's value reads everywhere (spec §9): type 1 is a fixed amount off in cents,
 * '-¥{amount} 优惠金额'; any other type is a percentage off, shown as (100 - amount) / 10 折.
 */
export function couponValueText(coupon: Pick<TCoupon, 'type' | 'amount'>): string {
  if (coupon.type === CouponType.FIXED) return `-${formatYuan(coupon.amount)} 优惠金额`;
  const percentOff = Math.min(100, Math.max(0, coupon.amount));
  return `${(100 - percentOff) / 10} 折`;
}
