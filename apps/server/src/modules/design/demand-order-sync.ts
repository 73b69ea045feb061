import {
  DEMAND_FIRST_DRAFT_WORKING_DAYS,
  DemandStateMachine,
  DemandStatus,
  DemandTier,
  OrderStatus,
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
 * Carries an order's status change to its demand, inside the order's transaction (the order
 * module calls this from its one transition function): paid → SUBMITTED with the first draft's
 * deadline; cancelled → CANCELLED; a re-opened bank-transfer order → back to waiting for payment.
 * A demand that is not where the order's move expects (an operator acted on it meanwhile) is
 * left as it is: the money move must stand either way.
 */
export async function carryDemandWithOrder(
  tx: DbOrTx,
  order: { sid: string; demandSid: string | null },
  to: OrderStatus,
  at: Date,
): Promise<void> {
  if (!order.demandSid) return;
  const demand = await findDemandOfOrder(tx, order.sid);
  if (!demand) return;
  switch (to) {
    case OrderStatus.PAYED:
      if (DemandStateMachine.can(demand.status, DemandStatus.SUBMITTED)) {
        await transitionDemand(tx, demand, DemandStatus.SUBMITTED, {
          paidAt: at,
          stageDeadline: firstDraftDeadline(demand, at),
        });
      }
      return;
    case OrderStatus.CANCELLED:
      if (demand.status === DemandStatus.CREATED || demand.status === DemandStatus.QUOTED) {
        await transitionDemand(tx, demand, DemandStatus.CANCELLED, { stageDeadline: null, cancelReason: '订单已取消' });
      }
      return;
    case OrderStatus.CREATED:
      if (demand.status === DemandStatus.CANCELLED) {
        const back = demand.tier === DemandTier.ADVANCED ? DemandStatus.CREATED : DemandStatus.QUOTED;
        await transitionDemand(tx, demand, back, { cancelReason: null });
      }
      return;
  }
}
