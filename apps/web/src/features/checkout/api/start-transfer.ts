import { ORDER_API, type TPayRequest, type TTransferResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/order/{id}/transfer {code, referer} → {info, order}: fixes the price, locks the
 * order to bank transfer and answers the payee, amount and the per-order reference.
 */
export function startTransfer({ orderSid, ...body }: TPayRequest & { orderSid: string }): Promise<TTransferResponse> {
  return callApi(ORDER_API.startTransfer, { params: { id: orderSid }, body });
}

export function useStartTransfer() {
  return useMutation({ mutationFn: startTransfer });
}
