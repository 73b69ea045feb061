import { ErrorCode } from '@gemstock/contract';
import type { OrderRewardSource } from '../../app-deps.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AppMetrics } from '../../ops/app-metrics.js';
import type { PaymentGateways } from '../../payment-gateways/create-gateways.js';
import type { PaymentGateway } from '../../payment-gateways/payment-gateway.js';
import { canViewOrder, findOrderBySid, type SettleResult } from '../order/index.js';
import type { OrderRow } from '../../db/rows.js';
import type { UserRow } from '../../db/rows.js';
import type { PaymentAttemptRow } from './payment.repository.js';

/**
 * The payment module: every way of paying an order (payment-method.ts): wallet
 * (wallet-method.ts), bank transfer (transfer-method.ts) and online through a gateway
 * (online-method.ts; adapters for WeChat Pay, Alipay and the sandbox in gateways/). What
 * gateways tell us is settled in gateway-settlement.ts; trades are closed and unpaid orders
 * swept in close-trades.ts; operator views are in payment-admin.service.ts. Money only ever
 * moves in the order module's settlement (order-settlement.ts).
 */

export interface PaymentDeps {
  config: Config;
  db: Db;
  payments: PaymentGateways;
  /** Counts settlements and exceptions (AppDeps.metrics). */
  metrics?: Pick<AppMetrics, 'paymentSettled' | 'paymentException'>;
  /**
   * Settlements running in this process by idempotency key, so identical deliveries wait for
   * the first instead of queueing on the order's row lock (gateway-settlement.ts). One map per
   * payment service; without it every delivery goes to the database.
   */
  settlementsInFlight?: Map<string, Promise<SettleResult>>;
  /** The order-reward policy every settlement applies. */
  orderReward: OrderRewardSource;
}

/** Orders a buyer may pay and poll: the order module's rule (own orders; a main account's sub-accounts' too). */
export async function findOrderForBuyer(db: Db, user: UserRow, orderSid: string): Promise<OrderRow> {
  const order = await findOrderBySid(db, orderSid);
  if (!order || !canViewOrder(user, order)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  return order;
}

export function gatewayOf(deps: PaymentDeps, attempt: PaymentAttemptRow): PaymentGateway | null {
  return deps.payments.byName(attempt.gateway);
}
