import { type TPagedMaterialsResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIKED_MATERIALS_KEY } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

export const LIKES_PAGE_SIZE = 24;

/** GET /api/user/like?page&page_size → {total, materials}, most recently liked first. */
export function getLikedMaterials(page: number, signal?: AbortSignal): Promise<TPagedMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.userLikes, { query: { page, page_size: LIKES_PAGE_SIZE } }, { signal });
}

export function useLikedMaterials(page: number) {
  return useQuery({
    queryKey: [...LIKED_MATERIALS_KEY, page],
    queryFn: ({ signal }) => getLikedMaterials(page, signal),
    placeholderData: keepPreviousData,
  });
}
