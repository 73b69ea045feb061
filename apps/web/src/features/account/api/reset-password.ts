import { type TResetPasswordRequest, type USER_API, endpointRoute } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The endpoint by its method and path alone: /user/account-setting loads no zod (src/api/routes.ts). */
const RESET_PASSWORD = endpointRoute<typeof USER_API.resetPassword>('POST', '/api/user/reset_password');

/** POST /api/user/reset_password {password, new_password}. The server then revokes the token. */
export function resetPassword(body: TResetPasswordRequest): Promise<unknown> {
  return callApi(RESET_PASSWORD, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
