import { type TSubUsersResponse, type USER_API, endpointRoute } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { COMMERCE_KEYS } from '@/api/commerce-keys';

export const SUB_USERS_KEY = COMMERCE_KEYS.subUsers;

/** The endpoint by its method and path alone: /user/sub-account loads no zod (src/api/routes.ts). */
const SUB_USERS = endpointRoute<typeof USER_API.subUsers>('GET', '/api/user/sub_user');

/** GET /api/user/sub_user → {sub_users}. Main accounts with sub-accounts enabled only. */
export function getSubUsers(): Promise<TSubUsersResponse> {
  return callApi(SUB_USERS);
}

export function useSubUsers(enabled: boolean) {
  return useQuery({ queryKey: SUB_USERS_KEY, queryFn: getSubUsers, enabled });
}
