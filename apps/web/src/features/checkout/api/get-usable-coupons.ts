import { COUPON_API, type TUserCoupon } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, applyErrorPolicy, callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

export const usableCouponsKey = [USER_SCOPE, 'usable-coupons'] as const;

/**
 * GET /api/user/code → the account's own coupons it can use now. A failure is shown inside the
 * picker (the manual code field still works), so only signed-out answers follow the error policy.
 */
export async function getUsableCoupons(signal?: AbortSignal): Promise<TUserCoupon[]> {
  try {
    const res = await callApi(COUPON_API.usable, {}, { quiet: true, signal });
    return res.coupons;
  } catch (error) {
    if (error instanceof ApiError && (error.reason === 'no-auth' || error.reason === 'logged-out')) {
      applyErrorPolicy(error);
    }
    throw error;
  }
}

/** Fresh on every opening of the order drawer: a coupon used or issued a minute ago must show as such. */
export function useUsableCoupons(enabled = true) {
  return useQuery({
    queryKey: usableCouponsKey,
    queryFn: ({ signal }) => getUsableCoupons(signal),
    enabled,
    staleTime: 0,
  });
}
