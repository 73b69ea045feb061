import { type LICENCE_API, type TPurchasedResponse, endpointRoute } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

// a route, not the declaration: the records pages load no zod
const PURCHASED = endpointRoute<typeof LICENCE_API.purchased>('GET', '/api/user/material');

/** GET /api/user/material {page, page_size} → {total, materials}: licensed materials with download counts. */
export function getPurchasedMaterials(
  query: { page: number; page_size: number },
  signal?: AbortSignal,
): Promise<TPurchasedResponse> {
  return callApi(PURCHASED, { query }, { signal });
}

export function usePurchasedMaterials(query: { page: number; page_size: number }) {
  return useQuery({
    queryKey: [...COMMERCE_KEYS.purchased, query],
    queryFn: ({ signal }) => getPurchasedMaterials(query, signal),
    placeholderData: keepPreviousData,
  });
}
