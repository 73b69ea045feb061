import type { OrderRewardSource } from '../../app-deps.js';
import type { MoneyConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MessageSender } from '../../notify/message-sender.js';
import type { AppMetrics } from '../../ops/app-metrics.js';
import type { OrderService } from '../order/index.js';

/** What a buyer sends to pay an order by any method: a coupon code and a referer. */
export interface PayRequest {
  code: string | null;
  referer: string | null;
}

/** The part of a pino/Fastify logger the payment code uses. */
export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const SILENT_LOG: PaymentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * The ways of paying an order. Every method fixes the order's price from the request with the
 * order module's pricing (so it charges what the preview showed) and ends in the order's
 * settlement, the one place an order becomes PAYED:
 * - wallet (WALLET, and FREE for a ¥0 price; wallet-method.ts): debits the company's prepaid
 *   lots at once;
 * - transfer (TRANSFER; transfer-method.ts): answers the payee; an operator's confirmation settles;
 * - online (WECHAT, ALIPAY; online-method.ts): hands out a gateway link (WeChat Pay, Alipay, or
 *   the sandbox standing in for either); the gateway's verified notification settles.
 *
 * What the wallet and transfer methods use: the order service (who may pay an order, how it is
 * shown, the clock) and the money settings.
 */
export interface PayMethodDeps {
  /** The order-reward policy a settlement applies. */
  orderReward: OrderRewardSource;
  db: Db;
  money: MoneyConfig;
  orders: Pick<OrderService, 'findVisibleOrder' | 'presentOne' | 'now'>;
  /** Counts orders paid by wallet, free or bank transfer (AppDeps.metrics). */
  metrics?: Pick<AppMetrics, 'paymentSettled'>;
  /** Approval notices to the main account (order-notice.ts); without it none are sent. */
  messages?: MessageSender;
  siteName?: string;
}
