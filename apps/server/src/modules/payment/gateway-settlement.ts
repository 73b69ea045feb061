import {
  OrderStateMachine,
  OrderStatus,
  PaymentAttemptStateMachine,
  PaymentAttemptStatus,
  PayWay,
  type TPayStatusResponse,
} from '@gemstock/contract';
import type {
  GatewayReply,
  GatewayTrade,
  NotificationHeaders,
  PaymentGateway,
} from '../../payment-gateways/payment-gateway.js';
import { findOrderBySid, settleOrderPayment, type SettleResult } from '../order/index.js';
import type { UserRow } from '../../db/rows.js';
import {
  claimPaymentQuery,
  findPaymentAttemptWithOrder,
  findRewardCouponCode,
  insertPaymentEvent,
  listPaymentAttempts,
  type PaymentAttemptRow,
} from './payment.repository.js';
import { transitionAttempt } from './payment-attempt-transition.js';
import { recordPaymentException } from './payment-exception.service.js';
import { payPollStatusOf } from './pay-status.view.js';
import { type PaymentLog, SILENT_LOG } from './payment-method.js';
import { type PaymentDeps, findOrderForBuyer, gatewayOf } from './payment.service.js';

/** Longest raw body kept with an unverified delivery (forensics without unbounded rows). */
const REJECTED_BODY_KEEP = 2048;

/**
 * What became of a gateway's word about a trade.
 * settled: the order is now paid. duplicate: this payment had settled it before. exception:
 * money arrived that cannot settle its order (listed for operators, never dropped). not_paid:
 * a verified non-payment state (waiting, failed, closed) was noted. rejected: not believed or
 * not ours; nothing changed.
 */
export type TradeOutcome = 'settled' | 'duplicate' | 'exception' | 'not_paid' | 'rejected';

/** Why money that arrived could not settle its order (stored as the exception's reason). */
export type PaymentExceptionReason =
  'amount_mismatch' | 'order_cancelled' | 'paid_twice' | 'coupon_unclaimed' | 'price_changed';

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

  /** The one place an online payment is recorded as settled (the order is now PAYED). */
  const settled = async (orderSid: string, orderStatus: string | null, payWay: string): Promise<HandledTrade> => {
    await record({ orderSid, outcome: 'settled', reason: null });
    deps.metrics?.paymentSettled(payWay);
    log.info({ orderSid, outTradeNo: trade.outTradeNo, gateway: gateway.name }, 'order paid online');
    return { outcome: 'settled', acknowledge: true, reason: null, orderSid, orderStatus };
  };
  /**
   * The one place money that cannot settle its order is recorded as a payment exception: listed
   * for operators (refund or honour by hand), never dropped and never settled silently.
   */
  const exception = async (
    orderSid: string,
    reason: PaymentExceptionReason,
    answer: { acknowledge: boolean; orderStatus: string | null },
    warning: { fields: object; message: string },
  ): Promise<HandledTrade> => {
    await record({ orderSid, outcome: 'exception', reason });
    // One row per payment for the operators to refund or resolve (支付异常); deliveries are counted on it.
    await recordPaymentException(db, {
      gateway: gateway.name,
      outTradeNo: trade.outTradeNo,
      tradeNo: trade.tradeNo ?? '',
      reason,
      orderSid,
      amountCents: trade.amountCents,
    });
    deps.metrics?.paymentException(reason);
    log.warn(warning.fields, warning.message);
    return { outcome: 'exception', acknowledge: answer.acknowledge, reason, orderSid, orderStatus: answer.orderStatus };
  };

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
    const order = await findOrderBySid(db, orderSid);
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
    return exception(
      orderSid,
      'amount_mismatch',
      { acknowledge: false, orderStatus: null },
      {
        fields: { outTradeNo: trade.outTradeNo, amount: trade.amountCents, expected: attempt.amountCents },
        message: 'payment amount differs from the attempt',
      },
    );
  }

  const idempotencyKey = `${gateway.name}:${trade.tradeNo}`;
  if (OrderStateMachine.may('download', found.orderStatus) && found.settlementKey === idempotencyKey) {
    // A redelivery of the payment that paid the order: one read told us so, no lock needed.
    if (PaymentAttemptStateMachine.may('settle', attempt.status))
      await transitionAttempt(db, attempt.outTradeNo, PaymentAttemptStatus.PAID, trade.tradeNo);
    await record({ orderSid, outcome: 'duplicate', reason: null });
    return { outcome: 'duplicate', acknowledge: true, reason: null, orderSid, orderStatus: OrderStatus.PAYED };
  }

  const reward = await deps.orderReward.current();
  const { result: settlement, isLeader } = await settleOnce(deps, idempotencyKey, () =>
    settleOrderPayment(
      db,
      {
        orderSid,
        payWay: attempt.payWay === PayWay.ALIPAY ? PayWay.ALIPAY : PayWay.WECHAT,
        gateway: gateway.name,
        tradeNo: trade.tradeNo!,
        amountCents: trade.amountCents!,
        paidAt: trade.paidAt ?? new Date(),
        idempotencyKey,
      },
      { reward },
    ),
  );
  // Money was taken on this attempt whatever the order's fate: it is not to be closed.
  if (isLeader) await transitionAttempt(db, attempt.outTradeNo, PaymentAttemptStatus.PAID, trade.tradeNo);
  const orderStatus = settlement.order?.status ?? null;
  // Deliveries that joined another's settlement are its duplicates.
  const outcome = !isLeader && settlement.outcome === 'settled' ? 'already_settled' : settlement.outcome;
  switch (outcome) {
    case 'settled':
      return settled(orderSid, orderStatus, settlement.order?.payWay ?? attempt.payWay);
    case 'already_settled':
      await record({ orderSid, outcome: 'duplicate', reason: null });
      return { outcome: 'duplicate', acknowledge: true, reason: null, orderSid, orderStatus };
    case 'order_not_payable': {
      // A cancelled order could only be re-opened; any other was paid by another payment.
      const reason: PaymentExceptionReason =
        settlement.order && OrderStateMachine.may('reopen', settlement.order.status) ? 'order_cancelled' : 'paid_twice';
      // Received and kept for the operators; redelivery would not change anything.
      return exception(
        orderSid,
        reason,
        { acknowledge: true, orderStatus },
        {
          fields: { orderSid, outTradeNo: trade.outTradeNo, reason },
          message: 'payment for an order that cannot take it',
        },
      );
    }
    case 'coupon_unclaimed':
      // Paid at a coupon price the order holds no claim for, and none is left: money is kept
      // for the operators (refund or honour by hand), the discount is never given silently.
      return exception(
        orderSid,
        'coupon_unclaimed',
        { acknowledge: true, orderStatus },
        {
          fields: { orderSid, outTradeNo: trade.outTradeNo },
          message: 'payment at a coupon price without a coupon claim',
        },
      );
    case 'amount_mismatch':
      // The order was repriced after this attempt was made and the old price was paid.
      return exception(
        orderSid,
        'price_changed',
        { acknowledge: true, orderStatus },
        {
          fields: { orderSid, outTradeNo: trade.outTradeNo },
          message: 'payment at a price the order no longer has',
        },
      );
    case 'order_not_found':
    default:
      await record({ orderSid, outcome: 'rejected', reason: 'order_not_found' });
      return { outcome: 'rejected', acknowledge: false, reason: 'order_not_found', orderSid, orderStatus: null };
  }
}

/**
 * Runs one settlement per idempotency key at a time in this process; identical deliveries that
 * arrive meanwhile wait for it instead of each holding a pooled connection while queueing on
 * the order's row lock. Across processes (and without `settlementsInFlight`) the row lock and
 * the unique settlement key decide.
 */
async function settleOnce(
  deps: PaymentDeps,
  key: string,
  settle: () => Promise<SettleResult>,
): Promise<{ result: SettleResult; isLeader: boolean }> {
  const inFlight = deps.settlementsInFlight;
  if (!inFlight) return { result: await settle(), isLeader: true };
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
  if (!OrderStateMachine.may('pay', order.status)) return answerPoll(deps, order, undefined);
  const attempts = await listPaymentAttempts(deps.db, order.sid);
  for (const attempt of attempts.filter((a) => PaymentAttemptStateMachine.may('close', a.status))) {
    const handled = await queryAttempt(deps, attempt, log);
    if (handled?.outcome === 'settled' || handled?.outcome === 'duplicate') break;
  }
  order = (await findOrderBySid(deps.db, order.sid)) ?? order;
  return answerPoll(deps, order, (await listPaymentAttempts(deps.db, order.sid))[0]);
}

async function answerPoll(
  deps: PaymentDeps,
  order: { status: string; rewardCouponSid: string | null },
  latestAttempt: PaymentAttemptRow | undefined,
): Promise<TPayStatusResponse> {
  const status = payPollStatusOf(order, latestAttempt);
  // The reward coupon of a paid order is shown with its success.
  const coupon =
    status === 'SUCCESS' && order.rewardCouponSid ? await findRewardCouponCode(deps.db, order.rewardCouponSid) : null;
  return { status, coupon };
}
