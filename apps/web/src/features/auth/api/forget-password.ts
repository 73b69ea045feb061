import { USER_PATHS, type TForgetPasswordRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/user/forget_password {email|mobile, code, password, source: null}. */
export function forgetPassword(body: TForgetPasswordRequest): Promise<unknown> {
  return apiClient.post<unknown>(USER_PATHS.forgetPassword, body);
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
