import type { Db } from '../../db/client.js';
import type { OnlinePayWay } from '../../payments/payment-gateway.js';
import type { OrderRow } from '../order/order.repository.js';
import type { UserRow } from '../user/user.repository.js';

/**
 * The one call through which online payment fixes the price it asks a gateway for. It belongs
 * to the order module (the same pure pricing as the pay preview, so the gateway charges what
 * the preview showed); this file is the single switch-over point to it.
 */
export interface FixOnlinePriceInput {
  order: OrderRow;
  user: UserRow;
  code: string | null;
  referer: string | null;
  payWay: OnlinePayWay;
}

/** Stores coupon, referer, pay way and price breakdown on the CREATED order and returns it. */
export async function fixOnlinePrice(db: Db, input: FixOnlinePriceInput): Promise<OrderRow> {
  void db;
  // Stand-in until modules/order/order-payment.service.ts exports repriceOrderForPayment:
  // the price placed with the order is charged as it is.
  return input.order;
}
