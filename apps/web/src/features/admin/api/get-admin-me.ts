import { ADMIN_API, type TOperator } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_ME_KEY = [ADMIN_SCOPE, 'me'] as const;

/** GET /api/admin/me → {operator}. */
export async function getAdminMe(): Promise<TOperator> {
  return (await callAdminApi(ADMIN_API.me)).operator;
}

export function useAdminMe(enabled: boolean) {
  return useQuery({ queryKey: ADMIN_ME_KEY, queryFn: getAdminMe, enabled, staleTime: 5 * 60_000 });
}
