import { ADMIN_AUDIT_API, type TAuditListResponse, type TAuditQuery } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/audit?q&operator&action&from&to&cursor&page_size → {entries, nextCursor}. */
export function getAuditLog(query: TAuditQuery, signal?: AbortSignal): Promise<TAuditListResponse> {
  return callAdminApi(ADMIN_AUDIT_API.list, { query }, { signal });
}

export function useAuditLog(query: TAuditQuery) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'audit', query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });
}
