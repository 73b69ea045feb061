import { type TSubUsersResponse, USER_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { COMMERCE_KEYS } from '@/api/commerce-keys';

export const SUB_USERS_KEY = COMMERCE_KEYS.subUsers;

/**
 * GET /api/user/sub_user?page&page_size[&cursor] → {total, totalCapped, nextCursor, sub_users}, oldest
 * first. Main accounts with sub-accounts enabled only.
 */
export function getSubUsers(
  query: { page: number; page_size: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<TSubUsersResponse> {
  return callApi(USER_ROUTES.subUsers, { query }, { signal });
}

export function useSubUsers(enabled: boolean, page: number, pageSize: number, cursor?: string) {
  return useQuery({
    queryKey: [...SUB_USERS_KEY, page, pageSize, cursor ?? null],
    queryFn: ({ signal }) => getSubUsers({ page, page_size: pageSize, ...(cursor ? { cursor } : {}) }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
