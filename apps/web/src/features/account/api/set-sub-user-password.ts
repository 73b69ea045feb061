import { USER_PATHS, type TSubUserPasswordRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** PUT /api/user/sub_user/{sid}/password {password}. */
export function setSubUserPassword({ sid, ...body }: TSubUserPasswordRequest & { sid: string }): Promise<unknown> {
  return apiClient.put<unknown>(USER_PATHS.subUserPassword(sid), body);
}

export function useSetSubUserPassword() {
  return useMutation({ mutationFn: setSubUserPassword });
}
