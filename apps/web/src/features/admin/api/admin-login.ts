import { ADMIN_API, type TAdminLoginRequest, type TTokenResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';

/** POST /api/admin/login {username, password} → {access_token}. Errors are shown on the form. */
export function adminLogin(body: TAdminLoginRequest): Promise<TTokenResponse> {
  return callAdminApi(ADMIN_API.login, { body }, { quiet: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
