import { type TDemand, type TDemandQuoteRequest, DESIGN_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** POST /api/user/demand/quote: a super or AI-video request for the operator to price. */
export function useRequestQuote() {
  return useMutation({
    mutationFn: (body: TDemandQuoteRequest): Promise<TDemand> => callApi(DESIGN_ROUTES.requestQuote, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.demands }),
  });
}
