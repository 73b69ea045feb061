import { PAGE_SIZE_DEFAULT, type TSearchMaterialsResponse, MATERIAL_ROUTES } from '@gemstock/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type Viewer, materialsKey, useViewer } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';
import {
  type CatalogFilters,
  FIRST_SEARCH_PAGE,
  type SearchPageParam,
  type SearchPageQuery,
  nextSearchPage,
  toSearchQuery,
} from '../lib/search-filters';

export const SEARCH_PAGE_SIZE = PAGE_SIZE_DEFAULT;

/** GET /api/material → {total, totalCapped, seed, materials}. */
export function searchMaterials(query: SearchPageQuery, signal?: AbortSignal): Promise<TSearchMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.search, { query }, { signal });
}

/**
 * Home's results, page after page as the visitor scrolls. The first page's random `seed` is
 * sent with every later page. The pages never go stale on their own: coming back to home shows
 * the same order at the same scroll position instead of a reshuffled one; a new search or
 * filter is a new key.
 */
export function searchMaterialsQuery(viewer: Viewer, filters: CatalogFilters) {
  const query = toSearchQuery(filters);
  return infiniteQueryOptions({
    queryKey: materialsKey(viewer, 'search', query),
    queryFn: ({ pageParam, signal }) =>
      searchMaterials(
        { ...query, page: pageParam.page, page_size: SEARCH_PAGE_SIZE, seed: pageParam.seed ?? undefined },
        signal,
      ),
    initialPageParam: FIRST_SEARCH_PAGE as SearchPageParam,
    getNextPageParam: (_last, pages) => nextSearchPage(pages, SEARCH_PAGE_SIZE),
    staleTime: Infinity,
  });
}

export function useSearchMaterials(filters: CatalogFilters) {
  return useInfiniteQuery(searchMaterialsQuery(useViewer(), filters));
}
