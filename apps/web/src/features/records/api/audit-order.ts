import { ORDER_PATHS, type TAuditRequest, orderPath } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { invalidateCommerce } from '@/api/commerce-keys';
import { apiClient } from '@/lib/api-client';

/** POST /api/order/{id}/audit {approved, message}: the main account decides on a sub-account's wallet payment. */
export function auditOrder({ orderSid, ...body }: TAuditRequest & { orderSid: string }): Promise<unknown> {
  return apiClient.post<unknown>(orderPath(ORDER_PATHS.audit, orderSid), body);
}

export function useAuditOrder() {
  return useMutation({ mutationFn: auditOrder, onSettled: () => invalidateCommerce() });
}
