/**
 * The coupon module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Coupons: what a buyer may use, claims and rewards of orders, the operators' coupons and the order reward.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminCouponRoutes } from './admin-coupon.routes.js';
export { createAdminCouponService, createCouponService } from './coupon.module.js';
export type { CouponRow } from './coupon.repository.js';
export { couponRoutes } from './coupon.routes.js';
export {
  claimErrorOf,
  claimOrderCoupon,
  couponCodeOf,
  holdOrderCoupon,
  issueRewardCoupon,
  releaseOrderCoupons,
  resolveCoupon,
} from './order-coupon.service.js';
export type { CouponRefusal, OrderRewardPolicy } from './order-coupon.service.js';
export { createOrderRewardSource } from './order-reward-setting.service.js';
