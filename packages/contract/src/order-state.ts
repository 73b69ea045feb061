import { OrderStatus } from './enums.js';

/**
 * The order state machine as data (spec §4): a created order can be paid or cancelled; paid and
 * cancelled are final. The server checks every status change against this table; the UI reads
 * it to decide which buttons an order shows.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  [OrderStatus.CREATED]: [OrderStatus.PAYED, OrderStatus.CANCELLED],
  [OrderStatus.PAYED]: [],
  [OrderStatus.CANCELLED]: [],
};

export function canTransitionOrder(from: string, to: OrderStatus): boolean {
  const allowed = ORDER_TRANSITIONS[from as OrderStatus];
  return allowed !== undefined && allowed.includes(to);
}
