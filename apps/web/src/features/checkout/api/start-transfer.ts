import { ORDER_PATHS, type TPayRequest, type TTransferResponse, orderPath } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/order/{id}/transfer {code, referer} → {info, order}: fixes the price, locks the
 * order to bank transfer and answers the payee, amount and the per-order reference.
 */
export function startTransfer({ orderSid, ...body }: TPayRequest & { orderSid: string }): Promise<TTransferResponse> {
  return apiClient.post<TTransferResponse>(orderPath(ORDER_PATHS.transfer, orderSid), body);
}

export function useStartTransfer() {
  return useMutation({ mutationFn: startTransfer });
}
