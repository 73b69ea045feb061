import {
  DEMAND_FIRST_DRAFT_WORKING_DAYS,
  DemandStateMachine,
  DemandStatus,
  DemandTier,
  type OrderAction,
  chinaWorkingDaysDeadline,
} from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { type DemandRow, findDemandOfOrder } from './design.repository.js';
import { transitionDemand } from './demand-transition.js';

/** When the first draft of paid work is due: three working days, or the lead time quoted. */
export function firstDraftDeadline(demand: Pick<DemandRow, 'tier' | 'quoteLeadDays'>, paidAt: Date): Date {
  const days =
    demand.tier === DemandTier.ADVANCED
      ? DEMAND_FIRST_DRAFT_WORKING_DAYS
      : (demand.quoteLeadDays ?? DEMAND_FIRST_DRAFT_WORKING_DAYS);
  return chinaWorkingDaysDeadline(paidAt, days);
}

/**
 * Carries an order's action to its demand, inside the order's transaction (the order module
 * calls this from its one transition function): paid → SUBMITTED with the first draft's
 * deadline; cancelled or refunded → CANCELLED; a re-opened bank-transfer order → back to waiting for payment.
 * A demand the machine does not let follow (an operator acted on it meanwhile) is left as it
 * is: the money move must stand either way.
 */
export async function carryDemandWithOrder(
  tx: DbOrTx,
  order: { sid: string; demandSid: string | null },
  orderAction: OrderAction,
  at: Date,
): Promise<void> {
  if (!order.demandSid) return;
  const demand = await findDemandOfOrder(tx, order.sid);
  if (!demand) return;
  if (orderAction === 'pay' && DemandStateMachine.may('pay', demand.status)) {
    await transitionDemand(tx, demand, DemandStatus.SUBMITTED, {
      paidAt: at,
      stageDeadline: firstDraftDeadline(demand, at),
    });
  } else if (orderAction === 'cancel' && DemandStateMachine.may('cancelWithOrder', demand.status)) {
    await transitionDemand(tx, demand, DemandStatus.CANCELLED, { stageDeadline: null, cancelReason: '订单已取消' });
  } else if (orderAction === 'refund' && DemandStateMachine.may('refundWithOrder', demand.status)) {
    await transitionDemand(tx, demand, DemandStatus.CANCELLED, { stageDeadline: null, cancelReason: '订单已退款' });
  } else if (orderAction === 'reopen' && DemandStateMachine.may('reopen', demand.status)) {
    const back = demand.tier === DemandTier.ADVANCED ? DemandStatus.CREATED : DemandStatus.QUOTED;
    await transitionDemand(tx, demand, back, { cancelReason: null });
  }
}
