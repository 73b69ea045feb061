import { ORDER_PATHS, type TOrderResponse, type TPlaceMaterialRequest } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/order/place/material {materials: {sid: licenceType}, source} → {order} (CREATED). */
export function placeMaterialOrder(body: TPlaceMaterialRequest): Promise<TOrderResponse> {
  return apiClient.post<TOrderResponse>(ORDER_PATHS.placeMaterial, body);
}

export function usePlaceMaterialOrder() {
  return useMutation({ mutationFn: placeMaterialOrder, onSuccess: () => invalidateCommerce() });
}
