import {
  ADMIN_COUPON_PATHS,
  adminCouponPath,
  type TAdminCoupon,
  type TAdminCouponPatch,
  type TAdminCouponResponse,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

/** PATCH /api/admin/coupons/{sid}: rename, re-note, or `end: true` to end it now. */
export async function updateCoupon({ sid, ...patch }: TAdminCouponPatch & { sid: string }): Promise<TAdminCoupon> {
  const res = await adminApi.patch<TAdminCouponResponse>(adminCouponPath(ADMIN_COUPON_PATHS.detail, sid), patch);
  return res.coupon;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}
