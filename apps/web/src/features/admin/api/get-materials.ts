import {
  ADMIN_MATERIAL_ROUTES,
  ADMIN_PAGE_SIZE_DEFAULT,
  type AdminMaterialSort,
  type MaterialFormat,
  type MaterialStatus,
  type TAdminMaterialListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** What the list is narrowed by (also what "select all matching" sends). */
export interface MaterialListFilter {
  q?: string | undefined;
  status?: MaterialStatus | undefined;
  format?: MaterialFormat | undefined;
  disabled?: 'true' | 'false' | undefined;
  featured?: 'true' | 'false' | undefined;
}

/** The list's query string (ZAdminMaterialListQuery on the server): by cursor, never by offset. */
export interface MaterialListQuery extends MaterialListFilter {
  sort?: AdminMaterialSort | undefined;
  cursor?: string | undefined;
  page_size: number;
}

export const ADMIN_MATERIALS_KEY = [ADMIN_SCOPE, 'materials'] as const;

/** GET /api/admin/materials?q&status&format&disabled&featured&sort&cursor&page_size. */
export function getMaterials(
  query: MaterialListQuery,
  options: { quiet?: boolean } = {},
): Promise<TAdminMaterialListResponse> {
  return callAdminApi(ADMIN_MATERIAL_ROUTES.list, { query }, options);
}

/** Polls every few seconds while something on the page is still processing. */
/** `quiet`: a failure is only thrown (its toast, if any, is the page's own call's). */
function materialsQuery(query: MaterialListQuery, quiet = false) {
  return { queryKey: [...ADMIN_MATERIALS_KEY, query], queryFn: () => getMaterials(query, { quiet }) };
}

/** The list as /admin/materials first shows it (no filter, newest first): what a cold start asks before the page's code has run. */
export const FIRST_MATERIALS_QUERY: MaterialListQuery = { sort: 'newest', page_size: ADMIN_PAGE_SIZE_DEFAULT };

export function prefetchMaterials(query: MaterialListQuery): Promise<void> {
  return queryClient.prefetchQuery(materialsQuery(query, true));
}

export function useMaterials(query: MaterialListQuery) {
  return useQuery({
    ...materialsQuery(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.materials.some(
        (m) => m.status === 'processing' || m.job?.status === 'queued' || m.job?.status === 'running',
      )
        ? 3000
        : false,
  });
}
