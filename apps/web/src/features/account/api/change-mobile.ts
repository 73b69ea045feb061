import { USER_API, type TChangeMobileRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

/** POST /api/user/bind_mobile (no mobile yet) or /api/user/reset_mobile {mobile, code}. */
export function changeMobile(body: TChangeMobileRequest & { hasMobile: boolean }): Promise<unknown> {
  const { hasMobile, ...rest } = body;
  return callApi(hasMobile ? USER_API.resetMobile : USER_API.bindMobile, { body: rest });
}

export function useChangeMobile() {
  return useMutation({ mutationFn: changeMobile, onSuccess: () => refreshCurrentUser() });
}
