import { ORDER_PATHS, type TOrderResponse, type TPlaceWalletRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { apiClient } from '@/lib/api-client';

/** POST /api/order/place/wallet {price, source} → {order}: the VIP recharge order (CREATED). */
export function placeWalletOrder(body: TPlaceWalletRequest): Promise<TOrderResponse> {
  return apiClient.post<TOrderResponse>(ORDER_PATHS.placeWallet, body);
}

export function usePlaceWalletOrder() {
  return useMutation({
    mutationFn: placeWalletOrder,
    // not awaited, so the next step opens at once; the header's order badge counts unpaid orders
    onSuccess: () => {
      void invalidateCommerce();
      refreshCurrentUser().catch(() => undefined);
    },
  });
}
