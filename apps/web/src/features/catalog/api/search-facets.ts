import { MATERIAL_ROUTES, type TSearchFacetsResponse } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { type CatalogFilters, toSearchQuery } from '../lib/search-filters';

/** GET /api/material/facets: how many materials each metal, gem, piece and scene has in the search. */
export function useSearchFacets(filters: CatalogFilters) {
  const { sort: _sort, ...query } = toSearchQuery(filters);
  return useQuery({
    queryKey: ['material', 'facets', query],
    queryFn: ({ signal }): Promise<TSearchFacetsResponse> => callApi(MATERIAL_ROUTES.facets, { query }, { signal }),
    // The counts of the last search stay on screen while the next ones load, so chips do not jump.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
