import type { DbOrTx } from '../../db/client.js';
import type { OnlinePayWay } from '../../payments/payment-gateway.js';
import { repriceOrderForPayment } from '../order/order-payment.service.js';
import type { OrderRow } from '../order/order.repository.js';
import type { UserRow } from '../user/user.repository.js';

/**
 * The one call through which online payment fixes the price it asks a gateway for. Pricing is
 * the order module's (the same pure functions as the pay preview), so the gateway charges
 * exactly what the preview showed; this file is the seam to it.
 */
export interface FixOnlinePriceInput {
  order: OrderRow;
  user: UserRow;
  code: string | null;
  referer: string | null;
  payWay: OnlinePayWay;
}

/**
 * Stores coupon, referer, pay way and price breakdown on the CREATED order, claims its coupon,
 * and returns it. Run it in a transaction holding the order's row lock. Throws the order module's coded errors (ORDER_NOT_PAYABLE, PAY_WAY_LOCKED, COUPON_*).
 */
export async function fixOnlinePrice(db: DbOrTx, input: FixOnlinePriceInput): Promise<OrderRow> {
  return repriceOrderForPayment(db, {
    order: input.order,
    user: input.user,
    code: input.code,
    referer: input.referer,
    payWay: input.payWay,
  });
}
