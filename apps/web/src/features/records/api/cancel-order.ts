import { type ORDER_API, type TOrderResponse, endpointRoute } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { refreshCurrentUser } from '@/api/current-user';
import { callApi } from '@/lib/api-client';

// a route, not the declaration: the records pages load no zod
const CANCEL = endpointRoute<typeof ORDER_API.cancel>('POST', '/api/order/:id/cancel');

/** POST /api/order/{id}/cancel → {order}: only a CREATED order can be cancelled. */
export function cancelOrder(orderSid: string): Promise<TOrderResponse> {
  return callApi(CANCEL, { params: { id: orderSid } });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: cancelOrder,
    // the order badge counts unpaid orders
    onSettled: () => Promise.all([invalidateCommerce(), refreshCurrentUser().catch(() => undefined)]),
  });
}
