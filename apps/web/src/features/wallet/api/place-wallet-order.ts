import { ORDER_API, type TOrderResponse, type TPlaceWalletRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

/** POST /api/order/place/wallet {price, source} → {order}: the VIP recharge order (CREATED). */
export function placeWalletOrder(body: TPlaceWalletRequest): Promise<TOrderResponse> {
  return callApi(ORDER_API.placeWallet, { body });
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
