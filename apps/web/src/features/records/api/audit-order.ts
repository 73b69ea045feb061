import { type ORDER_API, type TAuditRequest, type TOrderResponse, endpointRoute } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

// a route, not the declaration: the records pages load no zod
const AUDIT = endpointRoute<typeof ORDER_API.audit>('POST', '/api/order/:id/audit');

/** POST /api/order/{id}/audit {approved, message}: the main account decides on a sub-account's wallet payment. */
export function auditOrder({ orderSid, ...body }: TAuditRequest & { orderSid: string }): Promise<TOrderResponse> {
  return callApi(AUDIT, { params: { id: orderSid }, body });
}

export function useAuditOrder() {
  return useMutation({ mutationFn: auditOrder, onSettled: () => invalidateCommerce() });
}
