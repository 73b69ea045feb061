import {
  ORDER_PATHS,
  orderPath,
  type TOrder,
  type TOrderResponse,
  type TTransferDecisionRequest,
} from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export type TransferDecision = 'confirm' | 'reject';

/**
 * confirm: POST /api/admin/orders/{sid}/confirm_transfer {note} — the funds arrived; settles
 * the order. reject: POST …/reject_transfer {note} — no matching funds; the order leaves the
 * queue and stays unpaid, so the buyer may pay it another way.
 */
const DECISION_PATH: Record<TransferDecision, string> = {
  confirm: ORDER_PATHS.adminConfirmTransfer,
  reject: ORDER_PATHS.adminRejectTransfer,
};

export async function decideTransfer({
  decision,
  sid,
  note,
}: TTransferDecisionRequest & { decision: TransferDecision; sid: string }): Promise<TOrder> {
  const res = await adminApi.post<TOrderResponse>(orderPath(DECISION_PATH[decision], sid), { note });
  return res.order;
}

export function useDecideTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideTransfer,
    // The queue, the order, its detail and the audit log change; after a refusal too, as another
    // operator may have decided the order meanwhile (4016) and the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
