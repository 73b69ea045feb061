import { USER_API, type TChangeEmailRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

/** POST /api/user/bind_email (no email yet) or /api/user/reset_email (replace it) {email, code}. */
export function changeEmail(body: TChangeEmailRequest & { hasEmail: boolean }): Promise<unknown> {
  const { hasEmail, ...rest } = body;
  return callApi(hasEmail ? USER_API.resetEmail : USER_API.bindEmail, { body: rest });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail, onSuccess: () => refreshCurrentUser() });
}
