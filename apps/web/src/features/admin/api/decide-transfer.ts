import { ADMIN_ORDER_API, type TOrder, type TTransferDecisionRequest } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export type TransferDecision = 'confirm' | 'reject';

/**
 * confirm: POST /api/admin/orders/{sid}/confirm_transfer {note} — the funds arrived; settles
 * the order. reject: POST …/reject_transfer {note} — no matching funds; the order leaves the
 * queue and stays unpaid, so the buyer may pay it another way.
 */
const DECISION_ENDPOINT = {
  confirm: ADMIN_ORDER_API.confirmTransfer,
  reject: ADMIN_ORDER_API.rejectTransfer,
} as const satisfies Record<TransferDecision, unknown>;

export async function decideTransfer({
  decision,
  sid,
  note,
}: TTransferDecisionRequest & { decision: TransferDecision; sid: string }): Promise<TOrder> {
  const res = await callAdminApi(DECISION_ENDPOINT[decision], { params: { id: sid }, body: { note } });
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
