import { USER_API, type TSubUserPasswordRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** PUT /api/user/sub_user/{sid}/password {password}. */
export function setSubUserPassword({ sid, ...body }: TSubUserPasswordRequest & { sid: string }): Promise<unknown> {
  return callApi(USER_API.setSubUserPassword, { params: { id: sid }, body });
}

export function useSetSubUserPassword() {
  return useMutation({ mutationFn: setSubUserPassword });
}
