import { PAYMENT_API, PAYMENT_POLL_INTERVAL_MS, PaymentPollStatus, type TPayStatusResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, applyErrorPolicy, callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/**
 * GET /api/order/{id}/pay → {status, coupon}. A failed poll is not toasted (it is retried four
 * seconds later and shown in the drawer) unless it means the buyer is signed out.
 */
export async function getPayStatus(orderSid: string, signal?: AbortSignal): Promise<TPayStatusResponse> {
  try {
    return await callApi(PAYMENT_API.status, { params: { id: orderSid } }, { quiet: true, signal });
  } catch (error) {
    if (error instanceof ApiError && (error.reason === 'no-auth' || error.reason === 'logged-out')) {
      applyErrorPolicy(error);
    }
    throw error;
  }
}

/** Spec §4: polled every 4 s while `active`, until SUCCESS; then it stops by itself. */
export function usePayStatus(orderSid: string, active: boolean) {
  return useQuery({
    queryKey: [USER_SCOPE, 'pay-status', orderSid],
    queryFn: ({ signal }) => getPayStatus(orderSid, signal),
    enabled: active,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === PaymentPollStatus.SUCCESS ? false : PAYMENT_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
  });
}
