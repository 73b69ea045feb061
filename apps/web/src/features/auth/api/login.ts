import { USER_API, type TLoginRequest, type TTokenResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/user/login {email|mobile|username, password} → {access_token}. */
export function login(body: TLoginRequest): Promise<TTokenResponse> {
  return callApi(USER_API.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
