import { type TSubUsersResponse, USER_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { COMMERCE_KEYS } from '@/api/commerce-keys';

export const SUB_USERS_KEY = COMMERCE_KEYS.subUsers;

/** GET /api/user/sub_user → {sub_users}. Main accounts with sub-accounts enabled only. */
export function getSubUsers(): Promise<TSubUsersResponse> {
  return callApi(USER_ROUTES.subUsers);
}

export function useSubUsers(enabled: boolean) {
  return useQuery({ queryKey: SUB_USERS_KEY, queryFn: getSubUsers, enabled });
}
