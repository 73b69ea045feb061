import { type TResetPasswordRequest, USER_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/user/reset_password {password, new_password}. The server then revokes the token. */
export function resetPassword(body: TResetPasswordRequest): Promise<unknown> {
  return callApi(USER_ROUTES.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
