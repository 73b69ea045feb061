import { USER_API, type TForgetPasswordRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/user/forget_password {email|mobile, code, password, source: null}. */
export function forgetPassword(body: TForgetPasswordRequest): Promise<null> {
  return callApi(USER_API.forgetPassword, { body });
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
