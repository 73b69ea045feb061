import { ApprovalStateMachine, type ApprovalAction, type AuditStatus } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { type OrderRow, updateOrderAudit } from './order.repository.js';

/** What an approval action writes besides the status. */
export type ApprovalChange = Omit<Parameters<typeof updateOrderAudit>[3], 'auditStatus'>;

/**
 * The one door through which an order's approval (`auditStatus`) changes, by a named action of
 * ApprovalStateMachine: the UPDATE is guarded by the action's from-states and by the order being
 * unpaid, so a lost race comes back as `undefined` with nothing changed. The withdrawal of a
 * pending request goes with the order's cancel (markOrderCancelled), in the order's own door.
 */
export async function transitionApproval(
  tx: DbOrTx,
  sid: string,
  action: Extract<ApprovalAction, 'request' | 'approve' | 'reject'>,
  change: ApprovalChange,
): Promise<OrderRow | undefined> {
  const rule = ApprovalStateMachine.actions[action];
  return updateOrderAudit(tx, sid, rule.from, { ...change, auditStatus: rule.to as AuditStatus });
}
