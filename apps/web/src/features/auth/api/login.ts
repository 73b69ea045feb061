import { USER_PATHS, type TLoginRequest, type TTokenResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /api/user/login {email|mobile|username, password} → {access_token}. */
export function login(body: TLoginRequest): Promise<TTokenResponse> {
  return apiClient.post<TTokenResponse>(USER_PATHS.login, body);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
