import { type TLikedMaterialsResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIKED_MATERIALS_KEY } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

export const LIKES_PAGE_SIZE = 24;

/**
 * GET /api/user/like?page&page_size[&cursor] → {total, totalCapped, nextCursor, materials}, most
 * recently liked first; with `cursor` the likes after the page that gave it.
 */
export function getLikedMaterials(
  page: number,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TLikedMaterialsResponse> {
  return callApi(
    MATERIAL_ROUTES.userLikes,
    { query: { page, page_size: LIKES_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
    { signal },
  );
}

export function useLikedMaterials(page: number, cursor?: string) {
  return useQuery({
    queryKey: [...LIKED_MATERIALS_KEY, page, cursor ?? null],
    queryFn: ({ signal }) => getLikedMaterials(page, cursor, signal),
    placeholderData: keepPreviousData,
  });
}
