import { type TDemandListResponse, DESIGN_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

export const DEMAND_KEYS = {
  all: COMMERCE_KEYS.demands,
  list: (page: number, pageSize: number, cursor?: string) =>
    [...COMMERCE_KEYS.demands, 'list', page, pageSize, cursor ?? null] as const,
  details: (sid: string) => [...COMMERCE_KEYS.demands, 'details', sid] as const,
};

/**
 * GET /api/user/demand?page&page_size[&cursor] → {demands, hasMore, nextCursor}, newest first; with
 * `cursor` the requests after the page that gave it.
 */
export function useDemands(page: number, pageSize: number, cursor?: string) {
  return useQuery({
    queryKey: DEMAND_KEYS.list(page, pageSize, cursor),
    queryFn: ({ signal }): Promise<TDemandListResponse> =>
      callApi(DESIGN_ROUTES.list, { query: { page, page_size: pageSize, ...(cursor ? { cursor } : {}) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
