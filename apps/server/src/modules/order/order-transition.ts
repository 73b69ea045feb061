import { type OrderAction, OrderStateMachine, OrderStatus } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { transition } from '../../lib/state-transition.js';
import { carryDemandWithOrder } from '../design/index.js';
import {
  markOrderCancelled,
  markOrderPaid,
  markOrderRefunded,
  type OrderPaidChange,
  type OrderRow,
  reopenTransferOrder,
} from './order.repository.js';

/** A status change of an order, with what goes with it. */
export type OrderMove =
  | { to: typeof OrderStatus.PAYED; paid: OrderPaidChange }
  | { to: typeof OrderStatus.CANCELLED }
  /** Only a bank-transfer order is re-opened (its money arrived after the deadline cancel). */
  | { to: typeof OrderStatus.CREATED }
  /** An operator's refund (docs/decisions/0029): what goes back, never above what was received. */
  | { to: typeof OrderStatus.REFUNDED; refundedCents: number };

/** The order action each move is: the demand of a custom order follows it. */
const ACTION_OF_MOVE = {
  [OrderStatus.PAYED]: 'pay',
  [OrderStatus.CANCELLED]: 'cancel',
  [OrderStatus.CREATED]: 'reopen',
  [OrderStatus.REFUNDED]: 'refund',
} as const satisfies Record<OrderMove['to'], OrderAction>;

/**
 * The one door through which an order's status changes. `order.status` is the state the caller
 * read (under the row lock, or as expected): the move must be an edge of OrderStateMachine
 * (otherwise ILLEGAL_STATE_TRANSITION), and the UPDATE is guarded by that status, so a lost
 * race comes back as `undefined` and nothing changed.
 */
export async function transitionOrder(
  tx: DbOrTx,
  order: Pick<OrderRow, 'sid' | 'status'>,
  move: OrderMove,
): Promise<OrderRow | undefined> {
  const moved = await transition(OrderStateMachine, order.status, move.to, (from) => {
    switch (move.to) {
      case OrderStatus.PAYED:
        return markOrderPaid(tx, order.sid, from, move.paid);
      case OrderStatus.CANCELLED:
        return markOrderCancelled(tx, order.sid, from);
      case OrderStatus.CREATED:
        return reopenTransferOrder(tx, order.sid, from);
      case OrderStatus.REFUNDED:
        return markOrderRefunded(tx, order.sid, from, move.refundedCents);
    }
  });
  // A custom design request follows its order in the same transaction (decision 0019).
  if (moved)
    await carryDemandWithOrder(tx, moved, ACTION_OF_MOVE[move.to], 'paid' in move ? move.paid.payTime : new Date());
  return moved;
}
