import { ADMIN_PATHS, type TAdminLoginRequest, type TTokenResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';

/** POST /api/admin/login {username, password} → {access_token}. Errors are shown on the form. */
export function adminLogin(body: TAdminLoginRequest): Promise<TTokenResponse> {
  return adminApi.post<TTokenResponse>(ADMIN_PATHS.login, body, { quiet: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
