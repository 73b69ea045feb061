import { ORDER_PATHS, type TOrderResponse, type TPlaceMaterialRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { apiClient } from '@/lib/api-client';

/** POST /api/order/place/material {materials: {sid: licenceType}, source} → {order} (CREATED). */
export function placeMaterialOrder(body: TPlaceMaterialRequest): Promise<TOrderResponse> {
  return apiClient.post<TOrderResponse>(ORDER_PATHS.placeMaterial, body);
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
