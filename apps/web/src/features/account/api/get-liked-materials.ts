import { type MATERIAL_API, type TPagedMaterialsResponse, endpointRoute } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIKED_MATERIALS_KEY } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

export const LIKES_PAGE_SIZE = 24;

// a route, not the declaration: the page loads no zod
const USER_LIKES = endpointRoute<typeof MATERIAL_API.userLikes>('GET', '/api/user/like');

/** GET /api/user/like?page&page_size → {total, materials}, most recently liked first. */
export function getLikedMaterials(page: number, signal?: AbortSignal): Promise<TPagedMaterialsResponse> {
  return callApi(USER_LIKES, { query: { page, page_size: LIKES_PAGE_SIZE } }, { signal });
}

export function useLikedMaterials(page: number) {
  return useQuery({
    queryKey: [...LIKED_MATERIALS_KEY, page],
    queryFn: ({ signal }) => getLikedMaterials(page, signal),
    placeholderData: keepPreviousData,
  });
}
