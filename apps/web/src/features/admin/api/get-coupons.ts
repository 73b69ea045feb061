import {
  ADMIN_COUPON_API,
  type CouponKind,
  type CouponStatus,
  type TAdminCouponListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** The list's query string (ZAdminCouponListQuery on the server). */
export interface CouponListQuery {
  q?: string | undefined;
  status?: CouponStatus | undefined;
  kind?: CouponKind | undefined;
  page: number;
  page_size: number;
}

export const ADMIN_COUPONS_KEY = [ADMIN_SCOPE, 'coupons'] as const;

/** GET /api/admin/coupons?q&status&kind&page&page_size. */
export function getCoupons(query: CouponListQuery): Promise<TAdminCouponListResponse> {
  return callAdminApi(ADMIN_COUPON_API.list, { query });
}

export function useCoupons(query: CouponListQuery) {
  return useQuery({
    queryKey: [...ADMIN_COUPONS_KEY, 'list', query],
    queryFn: () => getCoupons(query),
    placeholderData: keepPreviousData,
  });
}
