import {
  ErrorCode,
  OrderStateMachine,
  OrderStatus,
  PaymentAttemptStatus,
  type TPayStatusResponse,
} from '@gemstock/contract';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { PaymentGateways } from '../../payments/create-gateways.js';
import {
  GatewayError,
  type GatewayReply,
  type GatewayTrade,
  type NotificationHeaders,
  type OnlinePayWay,
  type PaymentGateway,
} from '../../payments/payment-gateway.js';
import type { OrderRow } from '../order/order.repository.js';
import { isTransferLike, paymentDeadlineOf, shortestTransferWait } from '../order/order-deadline.js';
import { cancelUnpaidOrder, settleOrderPayment } from '../order/order-settlement.js';
import { canViewOrder, findOrder, lockOrder } from '../order/order.service.js';
import type { UserRow } from '../user/user.repository.js';
import { repriceOrderForPayment } from '../order/order-pricing.js';
import {
  claimPaymentQuery,
  findPaymentAttemptWithOrder,
  findRewardCouponCode,
  insertPaymentAttempt,
  insertPaymentEvent,
  listExpiredUnpaidOrders,
  listLeftoverOpenAttempts,
  listPaymentAttempts,
  setPaymentAttemptLink,
  type PaymentAttemptRow,
} from './payment.repository.js';
import { transitionAttempt } from './payment-attempt-transition.js';

/**
 * Online payment: starting a gateway payment at the previewed price, handling what gateways
 * tell us (notifications and active queries go through the same verify-then-settle path),
 * answering the pay drawer's polling, closing gateway trades on cancel, and cancelling orders
 * whose time to pay is over. Money only ever moves in settleOrderPayment (order module).
 */

export interface PaymentDeps {
  config: Config;
  db: Db;
  payments: PaymentGateways;
}

/** The part of a pino/Fastify logger the payment code uses. */
export interface PaymentLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const SILENT_LOG: PaymentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A link about to expire is not handed out again: the buyer gets a fresh one. */
const LINK_REUSE_MARGIN_MS = 60_000;
/** Bound on one sweep's work so a backlog never makes one tick run for minutes. */
const SWEEP_BATCH = 100;
/** Longest raw body kept with an unverified delivery (forensics without unbounded rows). */
const REJECTED_BODY_KEEP = 2048;

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

/** Orders a buyer may pay and poll: the order module's rule (own orders; a main account's sub-accounts' too). */
async function findOrderForBuyer(db: Db, user: UserRow, orderSid: string): Promise<OrderRow> {
  const order = await findOrder(db, orderSid);
  if (!order || !canViewOrder(user, order)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  return order;
}

function gatewayOf(deps: PaymentDeps, attempt: PaymentAttemptRow): PaymentGateway | null {
  return deps.payments.byName(attempt.gateway);
}

export interface StartedPayment {
  link: string;
  amount: number;
  expiresAt: string;
}

/**
 * POST /api/order/{id}/wechat|alipay: fixes the order's price from {code, referer} with the
 * order module's pricing, then hands out a gateway link for exactly that amount. An open
 * attempt for the same pay way and amount is reused (the same QR code); one for the same pay
 * way at another amount is closed first, so only one price can ever be paid per pay way.
 */
export async function startOnlinePayment(
  deps: PaymentDeps,
  user: UserRow,
  orderSid: string,
  payWay: OnlinePayWay,
  request: { code: string | null; referer: string | null },
  log: PaymentLog = SILENT_LOG,
): Promise<StartedPayment> {
  const gateway = deps.payments.forPayWay(payWay);
  if (!gateway) throw new AppError(ErrorCode.PAYMENT_METHOD_UNAVAILABLE);
  const order = await findOrderForBuyer(deps.db, user, orderSid);
  if (!OrderStateMachine.can(order.status, OrderStatus.PAYED)) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
  // The price and the coupon claim are fixed together under the order's lock: a refused claim
  // (coupon used up, or held by another order) leaves the order as it was.
  const priced = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.sid);
    if (!locked || !OrderStateMachine.can(locked.status, OrderStatus.PAYED))
      throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
    return repriceOrderForPayment(tx, { order: locked, user, code: request.code, referer: request.referer, payWay });
  });
  const amountCents = priced.priceCents;

  const now = Date.now();
  const attempts = await listPaymentAttempts(deps.db, order.sid);
  const reusable = attempts.find(
    (a) =>
      a.status === PaymentAttemptStatus.OPEN &&
      a.payWay === payWay &&
      a.gateway === gateway.name &&
      a.amountCents === amountCents &&
      a.link !== null &&
      a.expiresAt.getTime() - now > LINK_REUSE_MARGIN_MS,
  );
  if (reusable?.link) {
    return { link: reusable.link, amount: reusable.amountCents, expiresAt: reusable.expiresAt.toISOString() };
  }
  for (const stale of attempts.filter((a) => a.status === PaymentAttemptStatus.OPEN && a.payWay === payWay)) {
    const closed = await closePaymentAttempt(deps, stale, log);
    if (closed === 'paid') throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
  }

  const expiresAt = new Date(now + deps.config.payments.unpaidTtlMinutes * 60_000);
  const attempt = await insertPaymentAttempt(deps.db, {
    outTradeNo: newOutTradeNo(priced.orderNo),
    orderSid: order.sid,
    payWay,
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
  return { link, amount: amountCents, expiresAt: expiresAt.toISOString() };
}

/**
 * What became of a gateway's word about a trade.
 * settled: the order is now paid. duplicate: this payment had settled it before. exception:
 * money arrived that cannot settle its order (listed for operators, never dropped). not_paid:
 * a verified non-payment state (waiting, failed, closed) was noted. rejected: not believed or
 * not ours; nothing changed.
 */
export type TradeOutcome = 'settled' | 'duplicate' | 'exception' | 'not_paid' | 'rejected';

export interface HandledTrade {
  outcome: TradeOutcome;
  /** Whether the gateway should be told "received" (it stops redelivering). */
  acknowledge: boolean;
  reason: string | null;
  orderSid: string | null;
  orderStatus: string | null;
}

/**
 * The one path from a verified gateway statement (a notification, or the answer to an active
 * query) to settlement. Checks that the trade is one of our attempts at this gateway and that
 * the amount is exactly what that attempt asked for, then settles with the idempotency key
 * `${gateway}:${tradeNo}`, so any number of deliveries of one payment move money once.
 */
export async function applyVerifiedTrade(
  deps: PaymentDeps,
  gateway: PaymentGateway,
  trade: GatewayTrade,
  source: { kind: 'notify' | 'query' | 'close'; payload: Record<string, unknown> },
  log: PaymentLog = SILENT_LOG,
): Promise<HandledTrade> {
  const { db } = deps;
  const record = async (values: {
    orderSid: string | null;
    outcome: string;
    reason: string | null;
    verified?: boolean;
  }) =>
    insertPaymentEvent(db, {
      orderSid: values.orderSid,
      gateway: gateway.name,
      kind: source.kind,
      tradeNo: trade.tradeNo,
      amountCents: trade.amountCents,
      verified: values.verified ?? true,
      outcome: values.outcome,
      payload: { ...source.payload, outTradeNo: trade.outTradeNo, state: trade.rawState, reason: values.reason },
    });

  const found = await findPaymentAttemptWithOrder(db, trade.outTradeNo);
  const attempt = found?.attempt;
  if (!found || !attempt || attempt.gateway !== gateway.name) {
    await record({ orderSid: attempt?.orderSid ?? null, outcome: 'rejected', reason: 'unknown_order' });
    return { outcome: 'rejected', acknowledge: false, reason: 'unknown_order', orderSid: null, orderStatus: null };
  }
  const orderSid = attempt.orderSid;

  if (trade.state !== 'PAID') {
    if (trade.state === 'FAILED' || trade.state === 'CLOSED') {
      await transitionAttempt(
        db,
        attempt.outTradeNo,
        trade.state === 'FAILED' ? PaymentAttemptStatus.FAILED : PaymentAttemptStatus.CLOSED,
      );
    }
    await record({ orderSid, outcome: 'not_paid', reason: trade.rawState });
    const order = await findOrder(db, orderSid);
    return {
      outcome: 'not_paid',
      acknowledge: true,
      reason: trade.rawState,
      orderSid,
      orderStatus: order?.status ?? null,
    };
  }

  if (!trade.tradeNo) {
    await record({ orderSid, outcome: 'rejected', reason: 'missing_trade_no' });
    return { outcome: 'rejected', acknowledge: false, reason: 'missing_trade_no', orderSid, orderStatus: null };
  }
  if (trade.amountCents !== attempt.amountCents) {
    // Not what we asked this gateway to charge: never settle on it, keep it in front of operators.
    await record({ orderSid, outcome: 'exception', reason: 'amount_mismatch' });
    log.warn(
      { outTradeNo: trade.outTradeNo, amount: trade.amountCents, expected: attempt.amountCents },
      'payment amount differs from the attempt',
    );
    return { outcome: 'exception', acknowledge: false, reason: 'amount_mismatch', orderSid, orderStatus: null };
  }

  const idempotencyKey = `${gateway.name}:${trade.tradeNo}`;
  if (found.orderStatus === OrderStatus.PAYED && found.settlementKey === idempotencyKey) {
    // A redelivery of the payment that paid the order: one read told us so, no lock needed.
    if (attempt.status !== PaymentAttemptStatus.PAID)
      await transitionAttempt(db, attempt.outTradeNo, PaymentAttemptStatus.PAID, trade.tradeNo);
    await record({ orderSid, outcome: 'duplicate', reason: null });
    return { outcome: 'duplicate', acknowledge: true, reason: null, orderSid, orderStatus: OrderStatus.PAYED };
  }

  const { result: settlement, isLeader } = await settleOnce(deps, idempotencyKey, () =>
    settleOrderPayment(
      db,
      {
        orderSid,
        payWay: attempt.payWay === 'ALIPAY' ? 'ALIPAY' : 'WECHAT',
        gateway: gateway.name,
        tradeNo: trade.tradeNo!,
        amountCents: trade.amountCents!,
        paidAt: trade.paidAt ?? new Date(),
        idempotencyKey,
      },
      { reward: deps.config.money.orderReward },
    ),
  );
  // Money was taken on this attempt whatever the order's fate: it is not to be closed.
  if (isLeader) await transitionAttempt(db, attempt.outTradeNo, PaymentAttemptStatus.PAID, trade.tradeNo);
  const orderStatus = settlement.order?.status ?? null;
  // Deliveries that joined another's settlement are its duplicates.
  const outcome = !isLeader && settlement.outcome === 'settled' ? 'already_settled' : settlement.outcome;
  switch (outcome) {
    case 'settled':
      await record({ orderSid, outcome: 'settled', reason: null });
      log.info({ orderSid, outTradeNo: trade.outTradeNo, gateway: gateway.name }, 'order paid online');
      return { outcome: 'settled', acknowledge: true, reason: null, orderSid, orderStatus };
    case 'already_settled':
      await record({ orderSid, outcome: 'duplicate', reason: null });
      return { outcome: 'duplicate', acknowledge: true, reason: null, orderSid, orderStatus };
    case 'order_not_payable': {
      const reason = settlement.order?.status === OrderStatus.CANCELLED ? 'order_cancelled' : 'paid_twice';
      await record({ orderSid, outcome: 'exception', reason });
      log.warn({ orderSid, outTradeNo: trade.outTradeNo, reason }, 'payment for an order that cannot take it');
      // Received and kept for the operators; redelivery would not change anything.
      return { outcome: 'exception', acknowledge: true, reason, orderSid, orderStatus };
    }
    case 'coupon_unclaimed':
      // Paid at a coupon price the order holds no claim for, and none is left: money is kept
      // for the operators (refund or honour by hand), the discount is never given silently.
      await record({ orderSid, outcome: 'exception', reason: 'coupon_unclaimed' });
      log.warn({ orderSid, outTradeNo: trade.outTradeNo }, 'payment at a coupon price without a coupon claim');
      return { outcome: 'exception', acknowledge: true, reason: 'coupon_unclaimed', orderSid, orderStatus };
    case 'amount_mismatch':
      // The order was repriced after this attempt was made and the old price was paid.
      await record({ orderSid, outcome: 'exception', reason: 'price_changed' });
      log.warn({ orderSid, outTradeNo: trade.outTradeNo }, 'payment at a price the order no longer has');
      return { outcome: 'exception', acknowledge: true, reason: 'price_changed', orderSid, orderStatus };
    case 'order_not_found':
    default:
      await record({ orderSid, outcome: 'rejected', reason: 'order_not_found' });
      return { outcome: 'rejected', acknowledge: false, reason: 'order_not_found', orderSid, orderStatus: null };
  }
}

type SettleResult = Awaited<ReturnType<typeof settleOrderPayment>>;

/** Settlements in flight in this server (one app's deps), by idempotency key. */
const settlementsInFlight = new WeakMap<PaymentDeps, Map<string, Promise<SettleResult>>>();

/**
 * Runs one settlement per idempotency key at a time in this process; identical deliveries that
 * arrive meanwhile wait for it instead of each holding a pooled connection while queueing on
 * the order's row lock. Across processes the row lock and the unique settlement key decide.
 */
async function settleOnce(
  deps: PaymentDeps,
  key: string,
  settle: () => Promise<SettleResult>,
): Promise<{ result: SettleResult; isLeader: boolean }> {
  let inFlight = settlementsInFlight.get(deps);
  if (!inFlight) {
    inFlight = new Map();
    settlementsInFlight.set(deps, inFlight);
  }
  const running = inFlight.get(key);
  if (running) return { result: await running, isLeader: false };
  const promise = settle().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return { result: await promise, isLeader: true };
}

export interface NotificationResult {
  reply: GatewayReply;
  handled: HandledTrade;
}

/**
 * A notification as it arrived (headers and the raw body bytes the signature covers). Every
 * delivery is recorded, believed or not; only a verified one can reach settlement. The reply
 * is exactly what the gateway expects.
 */
export async function handleGatewayNotification(
  deps: PaymentDeps,
  gateway: PaymentGateway,
  headers: NotificationHeaders,
  rawBody: Buffer,
  log: PaymentLog = SILENT_LOG,
): Promise<NotificationResult> {
  let check: ReturnType<PaymentGateway['parseNotification']>;
  try {
    check = gateway.parseNotification(headers, rawBody);
  } catch (error) {
    // Adapters are written not to throw on bad input; if one does, it is still a rejection.
    log.error({ err: error, gateway: gateway.name }, 'notification parser threw');
    check = { ok: false, reason: 'malformed', payload: {} };
  }
  if (!check.ok) {
    await insertPaymentEvent(deps.db, {
      orderSid: null,
      gateway: gateway.name,
      kind: 'notify',
      tradeNo: null,
      amountCents: null,
      verified: false,
      outcome: 'rejected',
      payload: {
        ...check.payload,
        reason: check.reason,
        body: rawBody.subarray(0, REJECTED_BODY_KEEP).toString('utf8'),
      },
    });
    log.warn({ gateway: gateway.name, reason: check.reason }, 'payment notification rejected');
    return {
      reply: gateway.ackFailure(`rejected: ${check.reason}`),
      handled: { outcome: 'rejected', acknowledge: false, reason: check.reason, orderSid: null, orderStatus: null },
    };
  }
  const handled = await applyVerifiedTrade(deps, gateway, check.trade, { kind: 'notify', payload: check.payload }, log);
  return {
    reply: handled.acknowledge ? gateway.ackSuccess() : gateway.ackFailure(handled.reason ?? 'rejected'),
    handled,
  };
}

/**
 * Asks the gateway about one open attempt (at most once per interval per attempt, across all
 * servers) and applies a verified PAID, FAILED or CLOSED answer.
 */
async function queryAttempt(
  deps: PaymentDeps,
  attempt: PaymentAttemptRow,
  log: PaymentLog,
): Promise<HandledTrade | null> {
  const gateway = gatewayOf(deps, attempt);
  if (!gateway) return null;
  if (!(await claimPaymentQuery(deps.db, attempt.outTradeNo, deps.config.payments.queryIntervalSeconds))) return null;
  let trade: GatewayTrade;
  try {
    trade = await gateway.queryPayment(attempt.outTradeNo);
  } catch (error) {
    log.warn({ err: error, outTradeNo: attempt.outTradeNo }, 'payment query failed');
    return null;
  }
  if (trade.outTradeNo !== attempt.outTradeNo) return null;
  if (trade.state === 'WAITING' || trade.state === 'NOT_FOUND') return null;
  return applyVerifiedTrade(deps, gateway, trade, { kind: 'query', payload: {} }, log);
}

/**
 * GET /api/order/{id}/pay, polled by the pay drawer. When no notification has settled the
 * order yet, the gateway is asked directly (throttled), so a lost or late notification does
 * not keep a paying buyer waiting.
 */
export async function getPayStatus(
  deps: PaymentDeps,
  user: UserRow,
  orderSid: string,
  log: PaymentLog = SILENT_LOG,
): Promise<TPayStatusResponse> {
  let order = await findOrderForBuyer(deps.db, user, orderSid);
  if (order.status === OrderStatus.CREATED) {
    const attempts = await listPaymentAttempts(deps.db, order.sid);
    for (const attempt of attempts.filter((a) => a.status === PaymentAttemptStatus.OPEN)) {
      const handled = await queryAttempt(deps, attempt, log);
      if (handled?.outcome === 'settled' || handled?.outcome === 'duplicate') break;
    }
    order = (await findOrder(deps.db, order.sid)) ?? order;
    if (order.status === OrderStatus.CREATED) {
      const latest = (await listPaymentAttempts(deps.db, order.sid))[0];
      return { status: latest?.status === PaymentAttemptStatus.FAILED ? 'FAIL' : 'WAITING', coupon: null };
    }
  }
  if (order.status === OrderStatus.PAYED) {
    const coupon = order.rewardCouponSid ? await findRewardCouponCode(deps.db, order.rewardCouponSid) : null;
    return { status: 'SUCCESS', coupon };
  }
  return { status: 'FAIL', coupon: null };
}

/**
 * Closes one attempt at its gateway. 'paid' when the gateway reveals the trade was paid (it is
 * then settled, or recorded as an exception); 'unknown' when the gateway could not be reached.
 */
export async function closePaymentAttempt(
  deps: PaymentDeps,
  attempt: PaymentAttemptRow,
  log: PaymentLog = SILENT_LOG,
): Promise<'closed' | 'paid' | 'unknown'> {
  const gateway = gatewayOf(deps, attempt);
  if (!gateway) {
    // The gateway is no longer configured; nothing can be done at it from here.
    await transitionAttempt(deps.db, attempt.outTradeNo, PaymentAttemptStatus.CLOSED);
    return 'closed';
  }
  try {
    await gateway.closePayment(attempt.outTradeNo);
    await transitionAttempt(deps.db, attempt.outTradeNo, PaymentAttemptStatus.CLOSED);
    await insertPaymentEvent(deps.db, {
      orderSid: attempt.orderSid,
      gateway: gateway.name,
      kind: 'close',
      tradeNo: null,
      amountCents: attempt.amountCents,
      verified: true,
      outcome: 'closed',
      payload: { outTradeNo: attempt.outTradeNo },
    });
    return 'closed';
  } catch (error) {
    // GatewayError normally; anything else from an adapter is treated the same: not closed.
    log.warn(
      {
        err: error,
        outTradeNo: attempt.outTradeNo,
        gatewayCode: error instanceof GatewayError ? error.gatewayCode : undefined,
      },
      'closing the gateway payment failed; asking its state',
    );
  }
  // Closing fails when the trade was paid meanwhile (WeChat ORDERPAID, Alipay TRADE_STATUS_ERROR).
  let trade: GatewayTrade;
  try {
    trade = await gateway.queryPayment(attempt.outTradeNo);
  } catch (error) {
    log.warn({ err: error, outTradeNo: attempt.outTradeNo }, 'payment query failed while closing');
    return 'unknown';
  }
  if (trade.state === 'PAID') {
    await applyVerifiedTrade(deps, gateway, trade, { kind: 'close', payload: {} }, log);
    return 'paid';
  }
  if (trade.state === 'CLOSED' || trade.state === 'NOT_FOUND' || trade.state === 'FAILED') {
    await transitionAttempt(deps.db, attempt.outTradeNo, PaymentAttemptStatus.CLOSED);
    return 'closed';
  }
  return 'unknown';
}

export interface ClosedPayments {
  /** A gateway revealed the order was paid: do not cancel it (it has been settled). */
  paid: boolean;
  /** Attempts that could not be closed because their gateway did not answer. */
  unclosed: number;
}

/**
 * The hook the order cancel calls before cancelling a CREATED order: closes every open gateway
 * trade of the order so it can no longer be paid. When a gateway reveals a payment, the order
 * is settled instead and `paid` is true; the caller's conditional cancel then finds the order
 * PAYED and leaves it. A payment that still slips through later is recorded as an exception.
 */
export async function closeGatewayPayments(
  deps: PaymentDeps,
  orderSid: string,
  log: PaymentLog = SILENT_LOG,
): Promise<ClosedPayments> {
  const open = (await listPaymentAttempts(deps.db, orderSid)).filter((a) => a.status === PaymentAttemptStatus.OPEN);
  let paid = false;
  let unclosed = 0;
  for (const attempt of open) {
    const result = await closePaymentAttempt(deps, attempt, log);
    if (result === 'paid') paid = true;
    if (result === 'unknown') unclosed += 1;
  }
  return { paid, unclosed };
}

export interface SweepResult {
  cancelled: string[];
  /** Leftover gateway trades of paid or cancelled orders that were closed. */
  closedLeftovers: number;
}

/**
 * One pass of the unpaid-order sweep: cancels CREATED orders whose time to pay is over (after
 * closing their gateway trades; an order a gateway reveals as paid is settled instead), then
 * closes open trades left over on orders that were paid another way or cancelled.
 */
export async function cancelExpiredOrders(
  deps: PaymentDeps,
  log: PaymentLog = SILENT_LOG,
  now: Date = new Date(),
): Promise<SweepResult> {
  const { payments } = deps.config;
  const candidates = await listExpiredUnpaidOrders(
    deps.db,
    {
      onlineBefore: new Date(now.getTime() - payments.unpaidTtlMinutes * 60_000),
      transferBefore: new Date(now.getTime() - shortestTransferWait(payments)),
    },
    SWEEP_BATCH,
  );
  // The database narrows transfer orders by calendar days; the working-day calendar decides.
  const due = candidates.filter(
    (order) => !isTransferLike(order) || (paymentDeadlineOf(order, null, payments) ?? now) <= now,
  );
  const cancelled: string[] = [];
  for (const { sid } of due) {
    try {
      // Every attempt of a due order has passed its time_expire, so the gateways refuse
      // payment whether or not the close below gets through.
      const closed = await closeGatewayPayments(deps, sid, log);
      if (closed.paid) continue;
      if (await cancelUnpaidOrder(deps.db, sid)) {
        cancelled.push(sid);
        log.info({ orderSid: sid }, 'unpaid order cancelled');
      }
    } catch (error) {
      log.error({ err: error, orderSid: sid }, 'cancelling an unpaid order failed');
    }
  }
  let closedLeftovers = 0;
  for (const attempt of await listLeftoverOpenAttempts(deps.db, SWEEP_BATCH)) {
    try {
      if ((await closePaymentAttempt(deps, attempt, log)) === 'closed') closedLeftovers += 1;
    } catch (error) {
      log.error({ err: error, outTradeNo: attempt.outTradeNo }, 'closing a leftover payment failed');
    }
  }
  return { cancelled, closedLeftovers };
}

/**
 * The order module's trade closer before a buyer's cancel (wired in app.ts): every open
 * gateway trade of the order is closed first, and a trade found paid is settled, so the cancel
 * that follows never turns a payment into a manual refund.
 */
export function closeGatewayPaymentsBeforeCancel(deps: PaymentDeps, log: PaymentLog = SILENT_LOG) {
  return (order: { sid: string }): Promise<ClosedPayments> => closeGatewayPayments(deps, order.sid, log);
}

/**
 * The payment module's `order.cancelled` listener (subscribed in app.ts): once an order is
 * cancelled, any gateway trade opened between the close and the cancel is closed too. A payment
 * that beat the close is recorded as an exception by the normal path.
 */
export function closeGatewayPaymentsOnCancel(deps: PaymentDeps, log: PaymentLog = SILENT_LOG) {
  return async ({ order }: { order: { sid: string } }): Promise<void> => {
    await closeGatewayPayments(deps, order.sid, log);
  };
}
