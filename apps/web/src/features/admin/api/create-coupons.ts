import {
  ADMIN_COUPON_PATHS,
  type TAdminCoupon,
  type TAdminCouponCreateRequest,
  type TAdminCouponCreateResponse,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

/**
 * POST /api/admin/coupons: one coupon or a batch, all or nothing. Quiet: the modal shows field
 * errors beside their fields and the rest as a toast itself.
 */
export async function createCoupons(body: TAdminCouponCreateRequest): Promise<TAdminCoupon[]> {
  const res = await adminApi.post<TAdminCouponCreateResponse>(ADMIN_COUPON_PATHS.create, body, { quiet: true });
  return res.coupons;
}

export function useCreateCoupons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupons,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}
