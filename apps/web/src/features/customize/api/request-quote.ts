import { type DESIGN_API, type TDemand, type TDemandQuoteRequest, endpointRoute } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

// a route, not the declaration: /customize loads no zod (src/api/routes.ts)
const REQUEST_QUOTE = endpointRoute<typeof DESIGN_API.requestQuote>('POST', '/api/user/demand/quote');

/** POST /api/user/demand/quote: a super or AI-video request for the operator to price. */
export function useRequestQuote() {
  return useMutation({
    mutationFn: (body: TDemandQuoteRequest): Promise<TDemand> => callApi(REQUEST_QUOTE, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.demands }),
  });
}
