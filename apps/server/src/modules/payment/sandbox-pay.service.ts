import { ErrorCode, PaymentAttemptStateMachine, type TSandboxPayResponse } from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import { GatewayError } from '../../payment-gateways/payment-gateway.js';
import { findOrderBySid } from '../order/index.js';
import { findPaymentAttempt } from './payment.repository.js';
import { handleGatewayNotification } from './gateway-settlement.js';
import type { PaymentLog } from './payment-method.js';
import type { PaymentDeps } from './payment.service.js';
import { payReturnUrl } from './online-method.js';

/**
 * The sandbox's pay page: what a payer sees after scanning the QR code, and what happens when
 * they press 确认支付 or 支付失败. It plays the remote gateway, so it only reads the attempt; the
 * effect comes from the signed notification it sends through the normal notify path.
 */

export interface SandboxPaymentView {
  outTradeNo: string;
  orderNo: string;
  orderName: string;
  amountCents: number;
  payWay: string;
  /** OPEN (payable), PAID, CLOSED, FAILED (payable again), EXPIRED. */
  state: string;
  /** h5: opened by a phone's own browser, which the page sends back to `returnUrl`, like WeChat H5 and Alipay wap pay. */
  channel: string;
  returnUrl: string;
}

async function findSandboxAttempt(deps: PaymentDeps, outTradeNo: string) {
  const attempt = await findPaymentAttempt(deps.db, outTradeNo);
  if (!attempt || attempt.gateway !== 'sandbox') throw new AppError(ErrorCode.PAYMENT_NOT_FOUND);
  return attempt;
}

/** Open at the gateway but past its time: the gateway refuses it, like a closed one. */
function isExpired(attempt: { status: string; expiresAt: Date }): boolean {
  return PaymentAttemptStateMachine.may('close', attempt.status) && attempt.expiresAt.getTime() <= Date.now();
}

export async function describeSandboxPayment(deps: PaymentDeps, outTradeNo: string): Promise<SandboxPaymentView> {
  const attempt = await findSandboxAttempt(deps, outTradeNo);
  const order = await findOrderBySid(deps.db, attempt.orderSid);
  const expired = isExpired(attempt);
  return {
    outTradeNo,
    orderNo: order?.orderNo ?? '',
    orderName: order?.name ?? '',
    amountCents: attempt.amountCents,
    payWay: attempt.payWay,
    state: expired ? 'EXPIRED' : attempt.status,
    channel: attempt.channel,
    returnUrl: payReturnUrl(deps.config.publicUrl, attempt.orderSid),
  };
}

/**
 * The payer's decision on the sandbox page. Like a real gateway, it refuses closed and expired
 * payments; paying again after success repeats the same payment (the same trade number), which
 * settlement recognises.
 */
export async function completeSandboxPayment(
  deps: PaymentDeps,
  outTradeNo: string,
  result: 'SUCCESS' | 'FAIL',
  log: PaymentLog,
): Promise<TSandboxPayResponse> {
  const sandbox = deps.payments.sandbox;
  if (!sandbox) throw new AppError(ErrorCode.PAYMENT_NOT_FOUND);
  const attempt = await findSandboxAttempt(deps, outTradeNo);
  // Closed or expired is refused; a paid one (no longer settled) may be paid again: the same
  // payment, which settlement recognises.
  const payable = PaymentAttemptStateMachine.may('pay', attempt.status) && !isExpired(attempt);
  if (!payable && PaymentAttemptStateMachine.may('settle', attempt.status))
    throw new AppError(ErrorCode.PAYMENT_CLOSED);
  let notice: ReturnType<typeof sandbox.signNotification>;
  try {
    notice = sandbox.signNotification({ outTradeNo, amountCents: attempt.amountCents, result });
  } catch (error) {
    // Closed at the sandbox after the attempt was read (an order cancelled meanwhile).
    if (error instanceof GatewayError) throw new AppError(ErrorCode.PAYMENT_CLOSED);
    throw error;
  }
  const { handled } = await handleGatewayNotification(deps, sandbox, notice.headers, notice.rawBody, log);
  const outcome = result === 'FAIL' && handled.outcome === 'not_paid' ? 'failed' : handled.outcome;
  return { result, outcome, orderStatus: handled.orderStatus };
}
