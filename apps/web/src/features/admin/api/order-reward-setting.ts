import { ORDER_REWARD_API, type TOrderRewardSetting } from '@gemstock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

const settingKey = [ADMIN_SCOPE, 'order-reward'] as const;

/** GET /api/admin/settings/order-reward → whether a paid order gives a coupon, and which. */
export function useOrderRewardSetting() {
  return useQuery({ queryKey: settingKey, queryFn: () => callAdminApi(ORDER_REWARD_API.setting) });
}

/** PUT /api/admin/settings/order-reward (audited). */
export function useSaveOrderReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TOrderRewardSetting) => callAdminApi(ORDER_REWARD_API.save, { body }),
    onSuccess: (setting) => queryClient.setQueryData(settingKey, setting),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE, 'audit'] }),
  });
}
