import { ADMIN_COUPON_API, type TAdminCoupon, type TAdminCouponPatch } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

/** PATCH /api/admin/coupons/{sid}: rename, re-note, or `end: true` to end it now. */
export async function updateCoupon({ sid, ...patch }: TAdminCouponPatch & { sid: string }): Promise<TAdminCoupon> {
  const res = await callAdminApi(ADMIN_COUPON_API.update, { params: { sid }, body: patch });
  return res.coupon;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}
