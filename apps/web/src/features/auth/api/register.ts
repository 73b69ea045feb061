import { USER_API, type TRegisterRequest, type TTokenResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/user {email|mobile, code, password, source?, referrer?, agreement, adult} → {access_token}. */
export function register(body: TRegisterRequest): Promise<TTokenResponse> {
  return callApi(USER_API.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
