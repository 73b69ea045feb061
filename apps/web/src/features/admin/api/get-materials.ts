import {
  ADMIN_MATERIAL_API,
  type AdminMaterialSort,
  type MaterialFormat,
  type MaterialStatus,
  type TAdminMaterialListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
export function getMaterials(query: MaterialListQuery): Promise<TAdminMaterialListResponse> {
  return callAdminApi(ADMIN_MATERIAL_API.list, { query });
}

/** Polls every few seconds while something on the page is still processing. */
export function useMaterials(query: MaterialListQuery) {
  return useQuery({
    queryKey: [...ADMIN_MATERIALS_KEY, query],
    queryFn: () => getMaterials(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.materials.some(
        (m) => m.status === 'processing' || m.job?.status === 'queued' || m.job?.status === 'running',
      )
        ? 3000
        : false,
  });
}
