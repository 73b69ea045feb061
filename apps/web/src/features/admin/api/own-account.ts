import {
  ADMIN_API,
  type TChangeOperatorPasswordRequest,
  type TTotpDisableRequest,
  type TTotpEnableRequest,
  type TTotpSetupRequest,
} from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { useAdminSession } from '../lib/admin-session';
import { ADMIN_ME_KEY } from './get-admin-me';

const refreshMe = () => queryClient.invalidateQueries({ queryKey: ADMIN_ME_KEY });

/**
 * PUT /api/admin/account/password: every other session ends; this one goes on with the token
 * answered. Quiet: a wrong current password is shown on the form.
 */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: TChangeOperatorPasswordRequest) =>
      callAdminApi(ADMIN_API.changePassword, { body }, { quiet: true }),
    onSuccess: ({ access_token }) => {
      useAdminSession.getState().setToken(access_token);
      return refreshMe();
    },
  });
}

/** POST /api/admin/account/totp/setup {password} → {secret, uri, qrDataUrl}, pending a code. */
export function useSetUpTotp() {
  return useMutation({
    mutationFn: (body: TTotpSetupRequest) => callAdminApi(ADMIN_API.totpSetup, { body }, { quiet: true }),
  });
}

export function useEnableTotp() {
  return useMutation({
    mutationFn: (body: TTotpEnableRequest) => callAdminApi(ADMIN_API.totpEnable, { body }, { quiet: true }),
    onSuccess: refreshMe,
  });
}

export function useDisableTotp() {
  return useMutation({
    mutationFn: (body: TTotpDisableRequest) => callAdminApi(ADMIN_API.totpDisable, { body }, { quiet: true }),
    onSuccess: refreshMe,
  });
}
