import type { PayWay } from '@gemstock/contract';
import type { UserRow } from '../user/user.repository.js';

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
 * One way of paying an order. Every method fixes the order's price from the request with the
 * order module's pricing (so it charges what the preview showed) and ends in the order's
 * settlement, the one place an order becomes PAYED:
 * - wallet (WALLET, and FREE for a ¥0 price): debits the company's prepaid lots at once;
 * - transfer (TRANSFER): answers the payee; an operator's confirmation settles;
 * - online (WECHAT, ALIPAY): hands out a gateway link (WeChat Pay, Alipay, or the sandbox
 *   standing in for either); the gateway's verified notification settles.
 */
export interface PaymentMethod<Result> {
  /** The pay ways this method records on the order it is paid by. */
  readonly payWays: readonly PayWay[];
  pay(user: UserRow, orderSid: string, request: PayRequest, log?: PaymentLog): Promise<Result>;
}
