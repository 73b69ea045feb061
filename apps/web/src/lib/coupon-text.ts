import { CouponType, OrderType, type TCoupon, formatYuan } from '@gemstock/contract';
import { ORDER_TYPE_LABEL } from './order-labels';

/**
 * How a coupon's value reads everywhere (spec §9): type 1 is a fixed amount off in cents,
 * '-¥{amount} 优惠金额'; any other type is a percentage off, shown as (100 - amount) / 10 折.
 */
export function couponValueText(coupon: Pick<TCoupon, 'type' | 'amount'>): string {
  if (coupon.type === CouponType.FIXED) return `-${formatYuan(coupon.amount)} 优惠金额`;
  const percentOff = Math.min(100, Math.max(0, coupon.amount));
  return `${(100 - percentOff) / 10} 折`;
}

/** What a coupon covers: an empty scope means every order a coupon can apply to. */
export function couponScopeText(scope: readonly OrderType[]): string {
  return scope.length === 0 ? '全部订单' : scope.map((s) => ORDER_TYPE_LABEL[s]).join('、');
}

/** Whether a coupon covers an order of this type (the server checks again when pricing). */
export function couponCovers(coupon: Pick<TCoupon, 'scope'>, orderType: OrderType): boolean {
  if (orderType === OrderType.WALLET) return false;
  return coupon.scope.length === 0 || coupon.scope.includes(orderType);
}
