import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import {
  adminCouponsForExport,
  createCoupons,
  getCoupon,
  grantCoupon,
  listCoupons,
  updateCoupon,
} from './admin-coupon.service.js';
import { listUsableCoupons } from './coupon.service.js';
import { orderRewardSetting, saveOrderRewardSetting } from './order-reward-setting.service.js';

export type CouponDeps = Pick<AppDeps, 'db' | 'config' | 'orderReward' | 'changes'>;

/** The buyer's usable coupons; built once, in services.ts. */
export function createCouponService(deps: CouponDeps) {
  return bindService(deps, { listUsableCoupons });
}

export type CouponService = ReturnType<typeof createCouponService>;

/** The operators' coupons (list, create, grant, edit) and the order reward setting. */
export function createAdminCouponService(deps: CouponDeps) {
  return bindService(deps, {
    listCoupons,
    adminCouponsForExport,
    createCoupons,
    getCoupon,
    grantCoupon,
    updateCoupon,
    orderRewardSetting,
    saveOrderRewardSetting,
  });
}

export type AdminCouponService = ReturnType<typeof createAdminCouponService>;
