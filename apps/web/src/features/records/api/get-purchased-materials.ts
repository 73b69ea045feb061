import { type TPurchasedResponse, LICENCE_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

/** GET /api/user/material {page, page_size} → {total, materials}: licensed materials with download counts. */
export function getPurchasedMaterials(
  query: { page: number; page_size: number },
  signal?: AbortSignal,
): Promise<TPurchasedResponse> {
  return callApi(LICENCE_ROUTES.purchased, { query }, { signal });
}

export function usePurchasedMaterials(query: { page: number; page_size: number }) {
  return useQuery({
    queryKey: [...COMMERCE_KEYS.purchased, query],
    queryFn: ({ signal }) => getPurchasedMaterials(query, signal),
    placeholderData: keepPreviousData,
  });
}
