import { ADMIN_ROUTES, type TOperator, type TServiceWarnings } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_ME_KEY = [ADMIN_SCOPE, 'me'] as const;

/** GET /api/admin/me → {operator, warnings}: who is signed in and what the console warns about. */
export async function getAdminMe(): Promise<{ operator: TOperator; warnings: TServiceWarnings }> {
  return callAdminApi(ADMIN_ROUTES.me);
}

/** Asked again every minute, so a service warning shows (and goes) without a reload. */
export function useAdminMe(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_ME_KEY,
    queryFn: getAdminMe,
    enabled,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
