import {
  ADMIN_MATERIAL_PATHS,
  type TAdminMaterialListQuery,
  type TAdminMaterialListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_MATERIALS_KEY = [ADMIN_SCOPE, 'materials'] as const;

/** GET /api/admin/materials?q&status&format&disabled&featured&page&page_size. */
export function getMaterials(query: TAdminMaterialListQuery): Promise<TAdminMaterialListResponse> {
  return adminApi.get<TAdminMaterialListResponse>(ADMIN_MATERIAL_PATHS.list, {
    query: query as Record<string, string | number | undefined>,
  });
}

/** Polls every few seconds while something on the page is still processing. */
export function useMaterials(query: TAdminMaterialListQuery) {
  return useQuery({
    queryKey: [...ADMIN_MATERIALS_KEY, query],
    queryFn: () => getMaterials(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.materials.some((m) => m.status === 'processing' || m.job?.status === 'queued' || m.job?.status === 'running')
        ? 3000
        : false,
  });
}
