import { USER_API, type TResetEmailForSubRequest } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { SUB_USERS_KEY } from './get-sub-users';

/** POST /api/user/reset_email_for_sub {sid, email, code}: the code was sent to the new email. */
export function resetSubUserEmail(body: TResetEmailForSubRequest): Promise<unknown> {
  return callApi(USER_API.resetEmailForSub, { body });
}

export function useResetSubUserEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSubUserEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUB_USERS_KEY }),
  });
}
