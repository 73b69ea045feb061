import { PaymentAttemptStateMachine, PaymentAttemptStatus } from '@gemstock/contract';
import { GatewayError, type GatewayTrade } from '../../payment-gateways/payment-gateway.js';
import { cancelUnpaidOrder, isTransferLike, paymentDeadlineOf, shortestTransferWait } from '../order/index.js';
import {
  insertPaymentEvent,
  listExpiredUnpaidOrders,
  listLeftoverOpenAttempts,
  listPaymentAttempts,
  type PaymentAttemptRow,
} from './payment.repository.js';
import { transitionAttempt } from './payment-attempt-transition.js';
import { type PaymentLog, SILENT_LOG } from './payment-method.js';
import { type PaymentDeps, gatewayOf } from './payment.service.js';
import { applyVerifiedTrade } from './gateway-settlement.js';

/** Bound on one sweep's work so a backlog never makes one tick run for minutes. */
const SWEEP_BATCH = 100;

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
  const open = (await listPaymentAttempts(deps.db, orderSid)).filter((a) =>
    PaymentAttemptStateMachine.may('close', a.status),
  );
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
      now,
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
