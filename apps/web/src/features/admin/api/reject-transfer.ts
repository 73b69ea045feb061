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

/**
 * POST /api/admin/orders/{sid}/reject_transfer {note}: no matching funds. The order leaves the
 * queue and stays unpaid, so the buyer may pay it another way.
 */
export async function rejectTransfer({ sid, note }: TTransferDecisionRequest & { sid: string }): Promise<TOrder> {
  const res = await adminApi.post<TOrderResponse>(orderPath(ORDER_PATHS.adminRejectTransfer, sid), { note });
  return res.order;
}

export function useRejectTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTransfer,
    // The queue, the order, its detail and the audit log change; after a refusal too, as another
    // operator may have decided the order meanwhile (4016) and the queue is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}
