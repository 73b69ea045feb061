import { USER_API, type TSubUsersResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

export const SUB_USERS_KEY = [USER_SCOPE, 'sub-users'] as const;

/** GET /api/user/sub_user → {sub_users}. Main accounts with sub-accounts enabled only. */
export function getSubUsers(): Promise<TSubUsersResponse> {
  return callApi(USER_API.subUsers);
}

export function useSubUsers(enabled: boolean) {
  return useQuery({ queryKey: SUB_USERS_KEY, queryFn: getSubUsers, enabled });
}
