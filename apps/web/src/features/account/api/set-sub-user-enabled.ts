import { type TSubUserEnabledRequest, type USER_API, endpointRoute } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { SUB_USERS_KEY } from './get-sub-users';

/** The endpoint by its method and path alone: /user/sub-account loads no zod (src/api/routes.ts). */
const SET_ENABLED = endpointRoute<typeof USER_API.setSubUserEnabled>('PUT', '/api/user/sub_user/:id/enabled');

/** PUT /api/user/sub_user/{sid}/enabled {enabled}. */
export function setSubUserEnabled({ sid, ...body }: TSubUserEnabledRequest & { sid: string }): Promise<unknown> {
  return callApi(SET_ENABLED, { params: { id: sid }, body });
}

export function useSetSubUserEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubUserEnabled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_USERS_KEY }),
  });
}
