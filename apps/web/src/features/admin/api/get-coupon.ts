import { ADMIN_COUPON_API, type TAdminCouponDetailResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

export const adminCouponKey = (sid: string) => [...ADMIN_COUPONS_KEY, 'detail', sid] as const;

/** GET /api/admin/coupons/{sid} → {coupon, redemptions} (newest redemptions first). */
export function getCoupon(sid: string): Promise<TAdminCouponDetailResponse> {
  return callAdminApi(ADMIN_COUPON_API.detail, { params: { sid } });
}

export function useCoupon(sid: string | null) {
  return useQuery({
    queryKey: adminCouponKey(sid ?? ''),
    queryFn: () => getCoupon(sid ?? ''),
    enabled: sid !== null,
  });
}
