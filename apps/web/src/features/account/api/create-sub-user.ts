import { USER_API, type TCreateSubUserRequest, type ZSubUserResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { Output } from '@/lib/contract-types';
import { SUB_USERS_KEY } from './get-sub-users';

export type TSubUserResponse = Output<typeof ZSubUserResponse>;

/** POST /api/user/sub_user {username, password, name?} → {sub_user}; addresses are bound later, with a code. */
export function createSubUser(body: TCreateSubUserRequest): Promise<TSubUserResponse> {
  return callApi(USER_API.createSubUser, { body });
}

export function useCreateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUB_USERS_KEY }),
  });
}
