import { ORDER_API, type TOrderResponse, type TPlaceMaterialRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

/** POST /api/order/place/material {materials: {sid: licenceType}, source} → {order} (CREATED). */
export function placeMaterialOrder(body: TPlaceMaterialRequest): Promise<TOrderResponse> {
  return callApi(ORDER_API.placeMaterial, { body });
}

export function usePlaceMaterialOrder() {
  return useMutation({
    mutationFn: placeMaterialOrder,
    // not awaited, so the next step opens at once; the header's order badge counts unpaid orders
    onSuccess: () => {
      void invalidateCommerce();
      refreshCurrentUser().catch(() => undefined);
    },
  });
}
