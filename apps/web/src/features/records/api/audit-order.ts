import { type TAuditRequest, type TOrderResponse, ORDER_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

/** POST /api/order/{id}/audit {approved, message}: the main account decides on a sub-account's wallet payment. */
export function auditOrder({ orderSid, ...body }: TAuditRequest & { orderSid: string }): Promise<TOrderResponse> {
  return callApi(ORDER_ROUTES.audit, { params: { id: orderSid }, body });
}

export function useAuditOrder() {
  return useMutation({ mutationFn: auditOrder, onSettled: () => invalidateCommerce() });
}
