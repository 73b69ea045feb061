import { ErrorCode, OrderStateMachine, type TOrder } from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import type { EventBus } from '../../lib/event-bus.js';
import type { UserRow } from '../../db/rows.js';
import { cancelUnpaidOrder } from './order-settlement.js';
import { findOrderBySid, type OrderRow } from './order.repository.js';
import { findVisibleOrder, type OrderDeps, presentOne } from './order.service.js';

/** What closing an order's gateway trades found: a payment (`paid`), or trades left open (`unclosed`). */
export interface ClosedTrades {
  paid: boolean;
  unclosed: number;
}

/**
 * Closes every open gateway trade of an order and answers what it found. A request, not an
 * event: the cancel waits for the answer and a failure reaches it (cancelling without the close
 * could turn a payment into a refund). The payment module provides it; services.ts wires it.
 */
export type TradeCloser = (order: OrderRow) => Promise<ClosedTrades>;

export interface OrderCancelDeps extends OrderDeps {
  /** The payment module's, wired in services.ts. */
  closeTrades: TradeCloser;
  events: Pick<EventBus, 'emit'>;
}

/**
 * The buyer, or the main account for a sub-account's order, cancels a CREATED order. The
 * gateway trades are closed first: a trade found paid settles the order (the cancel answers
 * ORDER_ALREADY_PAID), a gateway that cannot be reached keeps the order open (PAYMENT_CLOSE_FAILED;
 * the unpaid-order sweep cancels it once every trade is past its expiry). Only then is the
 * order cancelled and its coupon claim given back; `order.cancelled` is announced after commit.
 */
export async function cancelOrder(deps: OrderCancelDeps, user: UserRow, sid: string): Promise<{ order: TOrder }> {
  const { db } = deps;
  const order = await findVisibleOrder(deps, user, sid);
  assertMay(OrderStateMachine, 'cancel', order.status);
  const closed = await deps.closeTrades(order);
  // A trade found paid settled the order: the cancel answers ORDER_ALREADY_PAID.
  if (closed.paid) assertMay(OrderStateMachine, 'cancel', (await findOrderBySid(db, sid))?.status ?? '');
  if (closed.unclosed > 0) throw new AppError(ErrorCode.PAYMENT_CLOSE_FAILED);
  const cancelled = await cancelUnpaidOrder(db, order.sid);
  if (!cancelled) {
    // Lost a race with a payment (or another cancel): report what the order now is.
    assertMay(OrderStateMachine, 'cancel', (await findOrderBySid(db, sid))?.status ?? '');
    throw new AppError(ErrorCode.ORDER_NOT_CANCELLABLE);
  }
  await deps.events.emit('order.cancelled', { order: cancelled });
  return { order: await presentOne(deps, cancelled) };
}
