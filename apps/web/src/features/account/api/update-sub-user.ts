import { USER_API, type TUpdateSubUserRequest } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import type { TSubUserResponse } from './create-sub-user';
import { SUB_USERS_KEY } from './get-sub-users';

/** PUT /api/user/sub_user/{sid} {name?, mobile?, code?} → {sub_user}; a new mobile needs its code. */
export function updateSubUser({ sid, ...body }: TUpdateSubUserRequest & { sid: string }): Promise<TSubUserResponse> {
  return callApi(USER_API.updateSubUser, { params: { id: sid }, body });
}

export function useUpdateSubUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUB_USERS_KEY }),
  });
}
