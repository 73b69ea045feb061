import { ADMIN_COUPON_PATHS, adminCouponPath, type TAdminCouponDetailResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

export const adminCouponKey = (sid: string) => [...ADMIN_COUPONS_KEY, 'detail', sid] as const;

/** GET /api/admin/coupons/{sid} → {coupon, redemptions} (newest redemptions first). */
export function getCoupon(sid: string): Promise<TAdminCouponDetailResponse> {
  return adminApi.get<TAdminCouponDetailResponse>(adminCouponPath(ADMIN_COUPON_PATHS.detail, sid));
}

export function useCoupon(sid: string | null) {
  return useQuery({
    queryKey: adminCouponKey(sid ?? ''),
    queryFn: () => getCoupon(sid ?? ''),
    enabled: sid !== null,
  });
}
