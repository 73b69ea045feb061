import { ADMIN_AUDIT_API, type TAuditListResponse, type TAuditQuery } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/audit?entity&sid&page&page_size → {total, entries}. */
export function getAuditLog(query: TAuditQuery): Promise<TAuditListResponse> {
  return callAdminApi(ADMIN_AUDIT_API.list, { query });
}

export function useAuditLog(query: TAuditQuery) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'audit', query],
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });
}
