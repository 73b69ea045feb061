import {
  ADMIN_REFUND_API,
  RefundStateMachine,
  type TAdminRefund,
  type TPaidOutRequest,
  type TRefundExceptionRequest,
  type TRefundOrderRequest,
} from '@gemstock/contract';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/notify';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';
import { ADMIN_ORDERS_KEY } from './get-orders';

/**
 * Refunds and payment exceptions (docs/decisions/0029). Every change invalidates the whole
 * console scope: the order, its list, its payment trail, the exceptions and the audit move together.
 */

/** GET /api/admin/orders/{sid}/refund: what refunding the order would do, or why it cannot be. */
export function useRefundPreview(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'refund-preview', sid],
    queryFn: sid === null ? skipToken : () => callAdminApi(ADMIN_REFUND_API.orderPreview, { params: { id: sid } }),
    // What will happen must be today's answer, never a cached one.
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/admin/orders/{sid}/money: what the bank statement showed for the order, and its refund. */
export function useOrderMoney(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'money', sid],
    queryFn: sid === null ? skipToken : () => callAdminApi(ADMIN_REFUND_API.orderMoney, { params: { id: sid } }),
  });
}

function useInvalidatingMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // After a refusal too: another operator may have acted meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE] }),
  });
}

export function useRefundOrder() {
  return useInvalidatingMutation(({ sid, ...body }: TRefundOrderRequest & { sid: string }) =>
    callAdminApi(ADMIN_REFUND_API.refundOrder, { params: { id: sid }, body }),
  );
}

/** 查询退款结果: asks the gateway how a processing refund stands. */
export function useSyncRefund() {
  return useInvalidatingMutation((sid: string) => callAdminApi(ADMIN_REFUND_API.sync, { params: { id: sid } }));
}

export function useRetryRefund() {
  return useInvalidatingMutation(({ sid, note }: { sid: string; note: string }) =>
    callAdminApi(ADMIN_REFUND_API.retry, { params: { id: sid }, body: { note } }),
  );
}

export function usePayOutRefund() {
  return useInvalidatingMutation(({ sid, ...body }: TPaidOutRequest & { sid: string }) =>
    callAdminApi(ADMIN_REFUND_API.paidOut, { params: { id: sid }, body }),
  );
}

export function useHandleException() {
  return useInvalidatingMutation(({ id, note }: { id: number; note: string }) =>
    callAdminApi(ADMIN_REFUND_API.handleException, { params: { id: String(id) }, body: { note } }),
  );
}

export function useRefundException() {
  return useInvalidatingMutation(({ id, ...body }: TRefundExceptionRequest & { id: number }) =>
    callAdminApi(ADMIN_REFUND_API.refundException, { params: { id: String(id) }, body }),
  );
}

/**
 * What an answered refund tells the operator: given back, asked of the gateway (its answer comes
 * later), or refused by it (`refused` says what that means here, then the gateway's reason).
 */
export function notifyRefundOutcome(refund: TAdminRefund, refused: string): void {
  const can = RefundStateMachine.capabilities(refund.status);
  if (can.retry) notify.warning(`${refused}${refund.failure ?? ''}`);
  else if (can.succeed) notify.success('已提交退款，等待支付渠道处理');
  else notify.success('退款成功');
}
