import { ADMIN_COUPON_API, type TAdminCoupon, type TAdminCouponCreateRequest } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

/**
 * POST /api/admin/coupons: one coupon or a batch, all or nothing. Quiet: the modal shows field
 * errors beside their fields and the rest as a toast itself.
 */
export async function createCoupons(body: TAdminCouponCreateRequest): Promise<TAdminCoupon[]> {
  const res = await callAdminApi(ADMIN_COUPON_API.create, { body }, { quiet: true });
  return res.coupons;
}

export function useCreateCoupons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupons,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}
