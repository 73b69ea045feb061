import { ADMIN_MATERIAL_PATHS, type TAuditListResponse, type TAuditQuery } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/audit?entity&sid&page&page_size → {total, entries}. */
export function getAuditLog(query: TAuditQuery): Promise<TAuditListResponse> {
  return adminApi.get<TAuditListResponse>(ADMIN_MATERIAL_PATHS.audit, {
    query: query as Record<string, string | number | undefined>,
  });
}

export function useAuditLog(query: TAuditQuery) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'audit', query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
