import { type TSubUserEnabledRequest, USER_ROUTES } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { SUB_USERS_KEY } from './get-sub-users';

/** PUT /api/user/sub_user/{sid}/enabled {enabled}. */
export function setSubUserEnabled({ sid, ...body }: TSubUserEnabledRequest & { sid: string }): Promise<unknown> {
  return callApi(USER_ROUTES.setSubUserEnabled, { params: { id: sid }, body });
}

export function useSetSubUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubUserEnabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_USERS_KEY }),
  });
}
