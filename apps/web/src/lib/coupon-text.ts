import { CouponType, type OrderType, type TCoupon, couponCoversOrderType, formatYuan } from '@gemstock/contract';
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

/**
 * What a coupon covers: an empty scope means the catalogue (licences and the advanced custom
 * service), not quoted work, which only a coupon naming it covers (decision 0023).
 */
export function couponScopeText(scope: readonly OrderType[]): string {
  return scope.length === 0
    ? '素材授权、定制服务（不含超级定制报价）'
    : scope.map((s) => ORDER_TYPE_LABEL[s]).join('、');
}

/** Whether a coupon covers an order of this type (the contract's rule; the server checks again when pricing). */
export function couponCovers(coupon: Pick<TCoupon, 'scope'>, orderType: OrderType): boolean {
  return couponCoversOrderType(coupon.scope, orderType);
}
