import {
  ADMIN_ORDER_API,
  type TConfirmTransferRequest,
  type TConfirmTransferResponse,
  type TOrder,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export type TransferDecision = 'confirm' | 'reject';

/**
 * 确认到账: POST /api/admin/orders/{sid}/confirm_transfer {amount, arrivedOn, bankSerial, note,
 * acceptDifference} — what the bank statement shows arrived; settles the order once its price is
 * there (an excess becomes a payment exception to refund), a shortfall keeps it waiting.
 */
export function confirmTransfer({
  sid,
  ...body
}: TConfirmTransferRequest & { sid: string }): Promise<TConfirmTransferResponse> {
  return callAdminApi(ADMIN_ORDER_API.confirmTransfer, { params: { id: sid }, body });
}

/** 驳回: POST …/reject_transfer {note} — no matching funds; the order leaves the queue and stays unpaid. */
export async function rejectTransfer({ sid, note }: { sid: string; note: string }): Promise<TOrder> {
  const res = await callAdminApi(ADMIN_ORDER_API.rejectTransfer, { params: { id: sid }, body: { note } });
  return res.order;
}

function useTransferMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The queue, the order, its detail and the audit log change; after a refusal too, as another
    // operator may have decided the order meanwhile (4016) and the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}

export function useConfirmTransfer() {
  return useTransferMutation(confirmTransfer);
}

export function useRejectTransfer() {
  return useTransferMutation(rejectTransfer);
}
