import {
  ErrorCode,
  OrderStateMachine,
  type OnlinePayWay,
  PAY_RETURN_ORDER_PARAM,
  PAY_RETURN_PATH,
  type PayChannel,
  PaymentAttemptStateMachine,
  PaymentAttemptStatus,
} from '@gemstock/contract';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { lockOrderBySid, repriceOrderForPayment } from '../order/index.js';
import type { UserRow } from '../../db/rows.js';
import {
  insertPaymentAttempt,
  insertPaymentEvent,
  listPaymentAttempts,
  setPaymentAttemptLink,
} from './payment.repository.js';
import { transitionAttempt } from './payment-attempt-transition.js';
import { type PaymentLog, SILENT_LOG, type PayRequest } from './payment-method.js';
import { type PaymentDeps, findOrderForBuyer } from './payment.service.js';
import { closePaymentAttempt } from './close-trades.js';

/** Online payment: a gateway link for the order's price; the gateway's notification settles. */

/** A link about to expire is not handed out again: the buyer gets a fresh one. */
const LINK_REUSE_MARGIN_MS = 60_000;
/**
 * A phone's link is handed out again only this soon after it was made: WeChat's h5_url works
 * for five minutes, whatever the trade's own time_expire.
 */
const H5_LINK_REUSE_MS = 4 * 60_000;

/** What an online payment asks beyond the coupon and referer: the device's channel and where the payer is. */
export interface OnlinePayRequest extends PayRequest {
  channel: PayChannel;
  /** The payer's IP address as the server sees it (behind TRUST_PROXY, the proxy's X-Forwarded-For). */
  clientIp: string;
}

/** The web page a phone's browser comes back to from the gateway: it polls the order like the drawer. */
export function payReturnUrl(publicUrl: string, orderSid: string): string {
  return `${publicUrl}${PAY_RETURN_PATH}?${PAY_RETURN_ORDER_PARAM}=${encodeURIComponent(orderSid)}`;
}

/**
 * Our number for a payment attempt: the order number (letters and digits) for operators to
 * recognise at the gateway, plus a random tail so each attempt is unique. Fits WeChat's 6–32
 * characters of [0-9A-Za-z_-|*] and Alipay's 64 of letters, digits and underscores.
 */
export function newOutTradeNo(orderNo: string): string {
  const prefix = orderNo.replace(/[^0-9A-Za-z]/g, '').slice(0, 22) || 'GS';
  const tail = randomBytes(5).toString('hex').toUpperCase().slice(0, 8);
  return `${prefix}P${tail}`;
}

export interface StartedPayment {
  link: string;
  channel: PayChannel;
  amount: number;
  expiresAt: string;
}

/**
 * POST /api/order/{id}/wechat|alipay: fixes the order's price from {code, referer} with the
 * order module's pricing, then hands out a gateway link for exactly that amount. An open
 * attempt for the same pay way, channel and amount is reused (the same QR code); one for the
 * same pay way at another amount or on the other channel is closed first, so only one price
 * can ever be paid per pay way.
 */
export async function startOnlinePayment(
  deps: PaymentDeps,
  user: UserRow,
  orderSid: string,
  payWay: OnlinePayWay,
  request: OnlinePayRequest,
  log: PaymentLog = SILENT_LOG,
): Promise<StartedPayment> {
  const gateway = deps.payments.forPayWay(payWay);
  if (!gateway) throw new AppError(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  const order = await findOrderForBuyer(deps.db, user, orderSid);
  assertMay(OrderStateMachine, 'pay', order.status);
  // The price and the coupon claim are fixed together under the order's lock: a refused claim
  // (coupon used up, or held by another order) leaves the order as it was.
  const priced = await deps.db.transaction(async (tx) => {
    const locked = await lockOrderBySid(tx, order.sid);
    if (!locked) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    assertMay(OrderStateMachine, 'pay', locked.status);
    return repriceOrderForPayment(tx, { order: locked, user, code: request.code, referer: request.referer, payWay });
  });
  const amountCents = priced.priceCents;

  const now = Date.now();
  const attempts = await listPaymentAttempts(deps.db, order.sid);
  const reusable = attempts.find(
    (a) =>
      PaymentAttemptStateMachine.may('reuse', a.status) &&
      a.payWay === payWay &&
      a.channel === request.channel &&
      a.gateway === gateway.name &&
      a.amountCents === amountCents &&
      a.link !== null &&
      a.expiresAt.getTime() - now > LINK_REUSE_MARGIN_MS &&
      (request.channel !== 'h5' || now - a.createdAt.getTime() < H5_LINK_REUSE_MS),
  );
  if (reusable?.link) {
    return {
      link: reusable.link,
      channel: request.channel,
      amount: reusable.amountCents,
      expiresAt: reusable.expiresAt.toISOString(),
    };
  }
  const stale = attempts.filter((a) => PaymentAttemptStateMachine.may('close', a.status) && a.payWay === payWay);
  for (const open of stale) {
    const closed = await closePaymentAttempt(deps, open, log);
    if (closed === 'paid') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
  }

  const expiresAt = new Date(now + deps.config.payments.unpaidTtlMinutes * 60_000);
  const attempt = await insertPaymentAttempt(deps.db, {
    outTradeNo: newOutTradeNo(priced.orderNo),
    orderSid: order.sid,
    payWay,
    channel: request.channel,
    gateway: gateway.name,
    amountCents,
    expiresAt,
  });
  let link: string;
  try {
    ({ link } = await gateway.createPayment({
      outTradeNo: attempt.outTradeNo,
      amountCents,
      description: `${deps.config.siteName}-${priced.name}`,
      expiresAt,
      payWay,
      channel: request.channel,
      returnUrl: payReturnUrl(deps.config.publicUrl, order.sid),
      clientIp: request.clientIp,
    }));
  } catch (error) {
    await transitionAttempt(deps.db, attempt.outTradeNo, PaymentAttemptStatus.FAILED);
    await insertPaymentEvent(deps.db, {
      orderSid: order.sid,
      gateway: gateway.name,
      kind: 'create',
      tradeNo: null,
      amountCents,
      verified: false,
      outcome: 'failed',
      payload: { outTradeNo: attempt.outTradeNo, reason: (error as Error).message },
    });
    log.error({ err: error, outTradeNo: attempt.outTradeNo }, 'gateway refused to create the payment');
    throw new AppError(ErrorCode.PAYMENT_GATEWAY_FAILED, undefined, undefined, { cause: error });
  }
  await setPaymentAttemptLink(deps.db, attempt.outTradeNo, link);
  return { link, channel: request.channel, amount: amountCents, expiresAt: expiresAt.toISOString() };
}
