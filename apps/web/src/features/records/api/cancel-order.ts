import { type TOrderResponse, ORDER_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

/** POST /api/order/{id}/cancel → {order}: only a CREATED order can be cancelled. */
export function cancelOrder(orderSid: string): Promise<TOrderResponse> {
  return callApi(ORDER_ROUTES.cancel, { params: { id: orderSid } });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: cancelOrder,
    // the order badge counts unpaid orders
    onSettled: () => Promise.all([invalidateCommerce(), refreshCurrentUser().catch(() => undefined)]),
  });
}
