import {
  CHINA_OFFSET_MS,
  DemandStateMachine,
  type DemandStatus,
  ErrorCode,
  OrderStateMachine,
  OrderStatus,
  OrderType,
  PaymentExceptionStateMachine,
  PaymentExceptionStatus,
  RefundChannel,
  RefundStateMachine,
  RefundStatus,
  type TAdminRefund,
  type TOrderMoneyResponse,
  type TPaymentExceptionResponse,
  type TRefundOnlyResponse,
  type TRefundPreview,
  type TPaidOutRequest,
} from '@gemstock/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError } from '../../lib/app-error.js';
import { newNumericCode, newSid } from '../../lib/ids.js';
import { assertMay } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/index.js';
import { demandsBySids } from '../design/index.js';
import { licencesEndedByRefund, revokeOrderLicences, type LicenceRow } from '../licence/index.js';
import { findOrderBySid, lockOrderBySid, transitionOrder } from '../order/index.js';
import type { OrderRow } from '../../db/rows.js';
import { findUserBySid } from '../user/index.js';
import { isRechargeUntouched, planWalletRefund, refundWalletPayment, takeBackRecharge } from '../wallet/index.js';
import type { GatewayRefund, NotificationHeaders, PaymentGateway } from '../../payment-gateways/payment-gateway.js';
import type { GatewayReply } from '../../payment-gateways/payment-gateway.js';
import { type PaymentLog, SILENT_LOG } from './payment-method.js';
import { presentPaymentException } from './payment-exception.service.js';
import { insertPaymentEvent, listPaymentAttempts } from './payment.repository.js';
import type { PaymentDeps } from './payment.service.js';
import { presentAdminRefund } from './refund-view.js';
import {
  describeRefunds,
  findOrderRefund,
  findRefund,
  findRefundByKey,
  findRefundByNo,
  insertRefund,
  listProcessingRefunds,
  listTransferArrivals,
  lockPaymentException,
  lockRefund,
  type RefundRow,
  setRefundGatewayId,
  sumTransferArrivals,
} from './refund.repository.js';
import { recordGatewayRefundOutcome, transitionPaymentException, transitionRefund } from './refund-transition.js';
import { presentTransferArrival } from './transfer-arrival.js';

/**
 * Refunds (docs/decisions/0029). An operator refunds a paid order once: in one transaction
 * under the order's row lock the refund is recorded (keyed by the request's idempotency key),
 * the order becomes REFUNDED with the cents given back (never above what was received: the
 * check constraint has the last word), its licences end, a custom design stops, a wallet
 * payment goes back to the wallet and a refunded VIP recharge leaves it. Money taken online
 * then goes back through the gateway that took it, whose answer (now, in a notification, or to
 * a query) settles the refund; a transfer's is paid out by bank by the operator. A payment
 * exception's money is refunded the same way. Every step is in the audit log and every money
 * move in payment_events.
 */

export interface RefundDeps extends PaymentDeps {
  /** Timers of sandbox refunds waiting to be settled: one set per refund service, cleared when the app closes. */
  sandboxRefundTimers?: Set<NodeJS.Timeout>;
  now?: () => Date;
}

const GATEWAY_CHANNELS: readonly string[] = [RefundChannel.WECHAT, RefundChannel.ALIPAY, RefundChannel.SANDBOX];
/** Keep a lost refund answer from waiting forever: the sweep asks about refunds older than this. */
const REFUND_QUERY_AFTER_MS = 60_000;
const REFUND_SWEEP_BATCH = 20;

function nowOf(deps: RefundDeps): Date {
  return deps.now?.() ?? new Date();
}

function isGatewayChannel(channel: string): boolean {
  return GATEWAY_CHANNELS.includes(channel);
}

/** A refund asked of its gateway whose answer has not come: only the gateway's word moves it on. */
function awaitsGateway(refund: Pick<RefundRow, 'status'>): boolean {
  return RefundStateMachine.may('succeed', refund.status);
}

/** "RF20260121103000123456": China-time stamp plus 6 random digits; unique by index. */
export function newRefundNo(at: Date): string {
  const stamp = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `RF${stamp}${newNumericCode(6)}`;
}

async function presentRefund(db: DbOrTx, refund: RefundRow): Promise<TAdminRefund> {
  const view = (await describeRefunds(db, [refund.sid])).get(refund.sid);
  return presentAdminRefund(view ?? { ...refund, orderNo: null, operatorName: null });
}

/* What a refund of an order would do */

interface OrderRefundPlan {
  received: number;
  amount: number;
  amountEditable: boolean;
  channel: RefundChannel;
  outTradeNo: string | null;
  licences: LicenceRow[];
  demandStatus: DemandStatus | null;
  endsVip: boolean;
  lapsedCents: number;
}

/** Where the money of a paid order goes back through: the gateway that took it, the wallet or the bank. */
function channelOfOrder(order: OrderRow): RefundChannel | null {
  switch (order.paidGateway) {
    case 'wechat':
      return RefundChannel.WECHAT;
    case 'alipay':
      return RefundChannel.ALIPAY;
    case 'sandbox':
      return RefundChannel.SANDBOX;
    case 'wallet':
      return RefundChannel.WALLET;
    case 'transfer':
      return RefundChannel.TRANSFER;
    default:
      return null;
  }
}

/**
 * The custom design rule (docs/decisions/0029): until a draft is shown the whole amount goes
 * back; once the buyer has seen drafts the operator enters the amount agreed with the buyer; a
 * delivered design is not refunded. Work an operator stopped (CANCELLED while paid) goes back
 * whole unless the operator enters less.
 */
function designAmountRule(status: DemandStatus | null): 'whole' | 'entered' | 'whole_or_entered' {
  if (status === null || DemandStateMachine.may('refundWhole', status)) return 'whole';
  assertMay(DemandStateMachine, 'refundAgreed', status);
  // Paid work still going asks for the agreed amount; work an operator stopped goes back whole by default.
  return DemandStateMachine.may('refundWithOrder', status) ? 'entered' : 'whole_or_entered';
}

/**
 * What refunding the order would do, or the coded refusal. `amount` is the operator's, for a
 * design whose drafts the buyer has seen; undefined asks for the default.
 */
async function planOrderRefund(
  db: DbOrTx,
  deps: RefundDeps,
  order: OrderRow,
  amount: number | undefined,
  now: Date,
): Promise<OrderRefundPlan> {
  assertMay(OrderStateMachine, 'refund', order.status);
  const received = order.paidAmountCents ?? order.priceCents;
  const channel = channelOfOrder(order);
  if (received <= 0 || channel === null) throw new AppError(ErrorCode.REFUND_NOTHING_RECEIVED);

  let outTradeNo: string | null = null;
  if (isGatewayChannel(channel)) {
    if (!deps.payments.byName(channel)) throw new AppError(ErrorCode.REFUND_GATEWAY_UNAVAILABLE);
    const attempts = await listPaymentAttempts(db, order.sid);
    // The attempt that paid the order carries the gateway's trade number the order was settled with.
    const paid = attempts.find((a) => a.gateway === channel && a.tradeNo !== null && a.tradeNo === order.tradeNo);
    if (!paid) throw new AppError(ErrorCode.REFUND_GATEWAY_UNAVAILABLE);
    outTradeNo = paid.outTradeNo;
  }

  let demandStatus: DemandStatus | null = null;
  let rule: ReturnType<typeof designAmountRule> = 'whole';
  if (order.demandSid) {
    const demand = (await demandsBySids(db, [order.demandSid])).get(order.demandSid);
    if (demand && DemandStateMachine.isState(demand.status)) demandStatus = demand.status;
    rule = designAmountRule(demandStatus);
  }
  const endsVip = order.orderType === OrderType.WALLET;
  if (endsVip && !(await isRechargeUntouched(db, order.sid, now))) throw new AppError(ErrorCode.REFUND_RECHARGE_SPENT);
  const licences = await licencesEndedByRefund(db, order.sid);

  if (amount === undefined && rule === 'entered') throw new AppError(ErrorCode.REFUND_DESIGN_AMOUNT_REQUIRED);
  const chosen = amount ?? received;
  if (chosen < 1 || chosen > received || (rule === 'whole' && chosen !== received)) {
    throw new AppError(ErrorCode.REFUND_AMOUNT_INVALID);
  }
  const lapsedCents =
    channel === RefundChannel.WALLET
      ? (await planWalletRefund(db, { orderSid: order.sid, amountCents: chosen, now })).lapsedCents
      : 0;
  return {
    received,
    amount: chosen,
    amountEditable: rule !== 'whole',
    channel,
    outTradeNo,
    licences,
    demandStatus,
    endsVip,
    lapsedCents,
  };
}

/** Operator: what refunding the order would do, for the confirmation dialog (or why it cannot be refunded). */
export async function previewOrderRefund(deps: RefundDeps, orderSid: string): Promise<TRefundPreview> {
  const order = await findOrderBySid(deps.db, orderSid);
  if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const owner = await findUserBySid(deps.db, order.ownerSid);
  const existing = await findOrderRefund(deps.db, order.sid);
  const base = {
    orderSid: order.sid,
    orderNo: order.orderNo,
    received: order.paidAmountCents ?? 0,
    payee: { company: owner?.company ?? null, account: owner?.email ?? owner?.mobile ?? owner?.username ?? null },
    refund: existing ? await presentRefund(deps.db, existing) : null,
  };
  try {
    const plan = await planOrderRefund(deps.db, deps, order, undefined, nowOf(deps)).catch((error: unknown) => {
      // A design whose drafts were seen asks the operator for the amount: the dialog shows the whole as the most.
      if (error instanceof AppError && error.spec === ErrorCode.REFUND_DESIGN_AMOUNT_REQUIRED) {
        return planOrderRefund(deps.db, deps, order, order.paidAmountCents ?? order.priceCents, nowOf(deps));
      }
      throw error;
    });
    return {
      ...base,
      refundable: true,
      refusal: null,
      received: plan.received,
      amount: plan.amount,
      maxAmount: plan.received,
      amountEditable: plan.amountEditable,
      channel: plan.channel,
      licences: plan.licences.map((l) => ({ certNo: l.certNo, materialSid: l.materialSid, spec: l.spec })),
      demandStatus: plan.demandStatus,
      endsVip: plan.endsVip,
      lapsedCents: plan.lapsedCents,
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      ...base,
      refundable: false,
      refusal: { code: error.spec.code, message: error.message },
      amount: 0,
      maxAmount: 0,
      amountEditable: false,
      channel: channelOfOrder(order),
      licences: [],
      demandStatus: null,
      endsVip: false,
      lapsedCents: 0,
    };
  }
}

export interface RefundOrderInput {
  idempotencyKey: string;
  reason: string;
  amount?: number | undefined;
  bankSerial?: string | undefined;
  paidOutOn?: string | undefined;
}

type RefundTarget = { orderSid: string } | { exceptionId: number };

function sameTarget(refund: RefundRow, target: RefundTarget): boolean {
  return 'orderSid' in target
    ? refund.orderSid === target.orderSid && refund.exceptionId === null
    : refund.exceptionId === target.exceptionId;
}

/**
 * A request sent again: the refund its key already made when that was for this target, null when
 * the key is new, a coded refusal (REFUND_KEY_REUSED) when it made a refund of something else.
 */
async function refundOfKey(db: DbOrTx, key: string, target: RefundTarget): Promise<RefundRow | null> {
  const earlier = await findRefundByKey(db, key);
  if (earlier && !sameTarget(earlier, target)) throw new AppError(ErrorCode.REFUND_KEY_REUSED);
  return earlier ?? null;
}

/**
 * Operator: refunds a paid order (see the module comment). Idempotent by `idempotencyKey`: the
 * same request again answers the same refund; any other request for a refunded order is
 * refused (REFUND_ORDER_NOT_PAID), however many arrive at once.
 */
export async function refundOrder(
  deps: RefundDeps,
  operatorSid: string,
  orderSid: string,
  input: RefundOrderInput,
  log: PaymentLog = SILENT_LOG,
): Promise<TRefundOnlyResponse> {
  const target = { orderSid };
  const earlier = await refundOfKey(deps.db, input.idempotencyKey, target);
  if (earlier) return { refund: await presentRefund(deps.db, earlier) };
  const now = nowOf(deps);
  let made: { refund: RefundRow; isNew: boolean };
  try {
    made = await deps.db.transaction(async (tx) => {
      const order = await lockOrderBySid(tx, orderSid);
      if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
      // A twin of this request committed while this one waited for the lock: its answer is this one's.
      const twin = await refundOfKey(tx, input.idempotencyKey, target);
      if (twin) return { refund: twin, isNew: false };
      const plan = await planOrderRefund(tx, deps, order, input.amount, now);
      const byBank = plan.channel === RefundChannel.TRANSFER;
      if (byBank && (!input.bankSerial || !input.paidOutOn)) throw new AppError(ErrorCode.REFUND_BANK_DETAILS_REQUIRED);
      const settledNow = !isGatewayChannel(plan.channel);
      const created = await insertRefund(tx, {
        sid: newSid(),
        refundNo: newRefundNo(now),
        orderSid: order.sid,
        channel: plan.channel,
        outTradeNo: plan.outTradeNo,
        tradeNo: order.tradeNo,
        paidCents: plan.received,
        amountCents: plan.amount,
        status: settledNow ? RefundStatus.SUCCEEDED : RefundStatus.PROCESSING,
        bankSerial: byBank ? input.bankSerial! : null,
        paidOutOn: byBank ? input.paidOutOn! : null,
        reason: input.reason,
        operatorSid,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
        settledAt: settledNow ? now : null,
      });
      const refunded = await transitionOrder(tx, order, { to: OrderStatus.REFUNDED, refundedCents: plan.amount });
      if (!refunded) throw new AppError(ErrorCode.REFUND_ORDER_NOT_PAID);
      const revoked = await revokeOrderLicences(tx, order, now);
      if (plan.endsVip && !(await takeBackRecharge(tx, { orderSid: order.sid, now }))) {
        throw new AppError(ErrorCode.REFUND_RECHARGE_SPENT);
      }
      const wallet =
        plan.channel === RefundChannel.WALLET
          ? await refundWalletPayment(tx, {
              ownerSid: order.ownerSid,
              orderSid: order.sid,
              amountCents: plan.amount,
              now,
            })
          : null;
      await insertPaymentEvent(tx, {
        orderSid: order.sid,
        gateway: plan.channel,
        kind: 'refund',
        tradeNo: byBank ? input.bankSerial! : null,
        amountCents: plan.amount,
        verified: true,
        outcome: settledNow ? 'refunded' : 'refund_requested',
        payload: { refundSid: created.sid, refundNo: created.refundNo, outTradeNo: plan.outTradeNo, operatorSid },
      });
      await recordOperatorAction(tx, {
        operatorSid,
        action: 'order.refund',
        entity: 'order',
        entitySid: order.sid,
        before: { status: order.status },
        // What was received is a fact of the refund, not a field it changed.
        after: {
          status: refunded.status,
          receivedCents: plan.received,
          refundSid: created.sid,
          refundNo: created.refundNo,
          amountCents: plan.amount,
          channel: plan.channel,
          reason: input.reason,
          revokedCertificates: revoked.map((l) => l.certNo),
          ...(plan.demandStatus ? { demandStatus: plan.demandStatus } : {}),
          ...(plan.endsVip ? { endsVip: true } : {}),
          ...(wallet && wallet.lapsedCents > 0 ? { lapsedCents: wallet.lapsedCents } : {}),
          ...(byBank ? { bankSerial: input.bankSerial, paidOutOn: input.paidOutOn } : {}),
        },
        refs: [created.sid],
      });
      return { refund: created, isNew: true };
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint === 'refunds_idempotency_key') {
      const twin = await refundOfKey(deps.db, input.idempotencyKey, target);
      if (twin) return { refund: await presentRefund(deps.db, twin) };
      throw new AppError(ErrorCode.REFUND_KEY_REUSED);
    }
    if (constraint === 'refunds_order_key') throw new AppError(ErrorCode.REFUND_ORDER_NOT_PAID);
    throw error;
  }
  const refund = made.isNew && awaitsGateway(made.refund) ? await askGateway(deps, made.refund, log) : made.refund;
  return { refund: await presentRefund(deps.db, refund) };
}

/* The gateway's part */

/**
 * Asks the gateway for a PROCESSING refund under its number. An answer of unknown outcome (the
 * gateway unreachable) leaves it PROCESSING: asking again under the same number is safe, and
 * the sweep or the operator's 查询 does.
 */
async function askGateway(deps: RefundDeps, refund: RefundRow, log: PaymentLog): Promise<RefundRow> {
  const gateway = deps.payments.byName(refund.channel);
  if (!gateway || !refund.outTradeNo) return refund;
  let answer: GatewayRefund;
  try {
    answer = await gateway.refund({
      refundNo: refund.refundNo,
      outTradeNo: refund.outTradeNo,
      tradeNo: refund.tradeNo,
      amountCents: refund.amountCents,
      totalCents: refund.paidCents,
      reason: refund.reason,
    });
  } catch (error) {
    log.warn({ err: error, refundNo: refund.refundNo }, 'refund request to the gateway failed; will ask again');
    await insertPaymentEvent(deps.db, {
      orderSid: refund.orderSid,
      gateway: gateway.name,
      kind: 'refund',
      tradeNo: null,
      amountCents: refund.amountCents,
      verified: false,
      outcome: 'refund_unknown',
      payload: { refundSid: refund.sid, refundNo: refund.refundNo, error: (error as Error).message },
    });
    return refund;
  }
  return applyGatewayRefund(deps, gateway, refund, answer, { kind: 'refund', payload: {} }, log);
}

/**
 * The one path from a gateway's word on a refund (its answer, a notification, a query) to the
 * refund's state: recorded in payment_events, then SUCCEEDED or FAILED while PROCESSING only,
 * so repeats and late words change nothing.
 */
async function applyGatewayRefund(
  deps: RefundDeps,
  gateway: PaymentGateway,
  refund: RefundRow,
  answer: GatewayRefund,
  source: { kind: 'refund' | 'refund_notify' | 'refund_query'; payload: Record<string, unknown> },
  log: PaymentLog,
): Promise<RefundRow> {
  await insertPaymentEvent(deps.db, {
    orderSid: refund.orderSid,
    gateway: gateway.name,
    kind: source.kind,
    tradeNo: answer.refundId,
    amountCents: answer.amountCents,
    verified: true,
    outcome: `refund_${answer.state.toLowerCase()}`,
    payload: {
      ...source.payload,
      refundSid: refund.sid,
      refundNo: answer.refundNo,
      state: answer.rawState,
      failure: answer.failure,
    },
  });
  if (answer.refundNo !== refund.refundNo) return refund;
  let moved: RefundRow | undefined;
  if (answer.state === 'SUCCEEDED') {
    moved = await recordGatewayRefundOutcome(deps.db, refund.sid, RefundStatus.SUCCEEDED, {
      gatewayRefundId: answer.refundId ?? refund.gatewayRefundId,
      settledAt: answer.settledAt ?? nowOf(deps),
      failure: null,
    });
    if (moved) log.info({ refundNo: refund.refundNo, gateway: gateway.name }, 'refund settled');
  } else if (answer.state === 'FAILED') {
    moved = await recordGatewayRefundOutcome(deps.db, refund.sid, RefundStatus.FAILED, {
      failure: answer.failure ?? answer.rawState,
    });
    if (moved) log.warn({ refundNo: refund.refundNo, failure: answer.failure }, 'refund refused by the gateway');
  } else if (answer.state === 'PROCESSING') {
    if (answer.refundId && !refund.gatewayRefundId) await setRefundGatewayId(deps.db, refund.sid, answer.refundId);
    if (gateway === deps.payments.sandbox) scheduleSandboxRefund(deps, refund.refundNo, log);
  }
  return moved ?? (await findRefund(deps.db, refund.sid)) ?? refund;
}

/**
 * The sandbox settles a refund it accepted a little later, like WeChat Pay: its signed
 * notification then goes through the same path as WeChat's (handleRefundNotification).
 */
function scheduleSandboxRefund(deps: RefundDeps, refundNo: string, log: PaymentLog): void {
  const sandbox = deps.payments.sandbox;
  const timers = deps.sandboxRefundTimers;
  if (!sandbox || !timers) return;
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (!sandbox.isRefundPending(refundNo)) return;
    const notice = sandbox.signRefundNotification(refundNo);
    handleRefundNotification(deps, sandbox, notice.headers, notice.rawBody, log).catch((error: unknown) =>
      log.error({ err: error, refundNo }, 'sandbox refund notification failed'),
    );
  }, deps.config.payments.sandboxRefundDelaySeconds * 1000);
  timer.unref();
  timers.add(timer);
}

/** Stops the sandbox's pending refund notifications (the app is closing). */
export function stopSandboxRefunds(deps: RefundDeps): void {
  for (const timer of deps.sandboxRefundTimers ?? []) clearTimeout(timer);
  deps.sandboxRefundTimers?.clear();
}

/** Longest raw body kept with an unverified delivery. */
const REJECTED_BODY_KEEP = 2048;

/**
 * A refund notification as it arrived (WeChat's REFUND.*, the sandbox's): believed only when
 * its signature verifies; then it settles the refund it names. The reply is what the gateway expects.
 */
export async function handleRefundNotification(
  deps: RefundDeps,
  gateway: PaymentGateway,
  headers: NotificationHeaders,
  rawBody: Buffer,
  log: PaymentLog = SILENT_LOG,
): Promise<{ reply: GatewayReply; outcome: string }> {
  let check: ReturnType<PaymentGateway['parseRefundNotification']>;
  try {
    check = gateway.parseRefundNotification(headers, rawBody);
  } catch (error) {
    log.error({ err: error, gateway: gateway.name }, 'refund notification parser threw');
    check = { ok: false, reason: 'malformed', payload: {} };
  }
  if (!check.ok) {
    await insertPaymentEvent(deps.db, {
      orderSid: null,
      gateway: gateway.name,
      kind: 'refund_notify',
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
    log.warn({ gateway: gateway.name, reason: check.reason }, 'refund notification rejected');
    return { reply: gateway.ackFailure(`rejected: ${check.reason}`), outcome: 'rejected' };
  }
  const refund = await findRefundByNo(deps.db, check.refund.refundNo);
  if (!refund || refund.channel !== gateway.name) {
    // Genuine but not one of ours (a refund made in the merchant platform, or an earlier number
    // of a refund asked again): recorded, and acknowledged so the gateway stops repeating it.
    await insertPaymentEvent(deps.db, {
      orderSid: refund?.orderSid ?? null,
      gateway: gateway.name,
      kind: 'refund_notify',
      tradeNo: check.refund.refundId,
      amountCents: check.refund.amountCents,
      verified: true,
      outcome: 'rejected',
      payload: { ...check.payload, refundNo: check.refund.refundNo, reason: 'unknown_refund' },
    });
    return { reply: gateway.ackSuccess(), outcome: 'unknown_refund' };
  }
  const settled = await applyGatewayRefund(
    deps,
    gateway,
    refund,
    check.refund,
    { kind: 'refund_notify', payload: check.payload },
    log,
  );
  return { reply: gateway.ackSuccess(), outcome: settled.status };
}

/** Operator 查询: asks the gateway how a PROCESSING refund stands (and asks for it again if the gateway never got it). */
export async function syncRefund(
  deps: RefundDeps,
  sid: string,
  log: PaymentLog = SILENT_LOG,
): Promise<TRefundOnlyResponse> {
  const refund = await findRefund(deps.db, sid);
  if (!refund) throw new AppError(ErrorCode.REFUND_NOT_FOUND);
  return { refund: await presentRefund(deps.db, await queryGatewayRefund(deps, refund, log)) };
}

async function queryGatewayRefund(deps: RefundDeps, refund: RefundRow, log: PaymentLog): Promise<RefundRow> {
  if (!awaitsGateway(refund) || !isGatewayChannel(refund.channel) || !refund.outTradeNo) return refund;
  const gateway = deps.payments.byName(refund.channel);
  if (!gateway) throw new AppError(ErrorCode.REFUND_GATEWAY_UNAVAILABLE);
  let answer: GatewayRefund;
  try {
    answer = await gateway.queryRefund(refund.refundNo, refund.outTradeNo);
  } catch (error) {
    log.warn({ err: error, refundNo: refund.refundNo }, 'refund query failed');
    throw new AppError(ErrorCode.PAYMENT_GATEWAY_FAILED);
  }
  // Our request never reached the gateway: asking again under the same number is the same refund.
  if (answer.state === 'NOT_FOUND') return askGateway(deps, refund, log);
  return applyGatewayRefund(deps, gateway, refund, answer, { kind: 'refund_query', payload: {} }, log);
}

/**
 * The sweep: refunds whose gateway answer has not come after a minute are asked about, a few
 * at a time, so a lost notification does not leave a buyer's money in the air.
 */
export async function syncProcessingRefunds(deps: RefundDeps, log: PaymentLog = SILENT_LOG): Promise<number> {
  const due = await listProcessingRefunds(
    deps.db,
    new Date(nowOf(deps).getTime() - REFUND_QUERY_AFTER_MS),
    REFUND_SWEEP_BATCH,
  );
  let settled = 0;
  for (const refund of due) {
    try {
      const after = await queryGatewayRefund(deps, refund, log);
      if (!awaitsGateway(after)) settled += 1;
    } catch (error) {
      log.warn({ err: error, refundNo: refund.refundNo }, 'refund sweep could not ask the gateway');
    }
  }
  return settled;
}

/**
 * Operator 重新发起: a refund the gateway refused is asked again under a new number (the old
 * one is spent at the gateway). Only from FAILED, once however many operators press it.
 */
export async function retryRefund(
  deps: RefundDeps,
  operatorSid: string,
  sid: string,
  note: string,
  log: PaymentLog = SILENT_LOG,
): Promise<TRefundOnlyResponse> {
  const now = nowOf(deps);
  const retried = await deps.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, sid);
    if (!refund) throw new AppError(ErrorCode.REFUND_NOT_FOUND);
    assertMay(RefundStateMachine, 'retry', refund.status);
    if (!isGatewayChannel(refund.channel)) throw new AppError(ErrorCode.REFUND_NOT_FAILED);
    if (!deps.payments.byName(refund.channel)) throw new AppError(ErrorCode.REFUND_GATEWAY_UNAVAILABLE);
    const refundNo = newRefundNo(now);
    const moved = await transitionRefund(tx, refund, RefundStatus.PROCESSING, { refundNo, failure: null });
    if (!moved) throw new AppError(ErrorCode.REFUND_NOT_FAILED);
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'refund.retry',
      entity: refund.orderSid ? 'order' : 'payment_exception',
      entitySid: refund.orderSid ?? String(refund.exceptionId),
      before: { refundStatus: refund.status, refundNo: refund.refundNo, failure: refund.failure },
      after: { refundStatus: moved.status, refundNo, note },
      refs: [refund.sid],
    });
    return moved;
  });
  return { refund: await presentRefund(deps.db, await askGateway(deps, retried, log)) };
}

/** Operator 登记线下退款: a refund the gateway refused, paid out by bank instead (serial, day). */
export async function payOutRefund(
  deps: RefundDeps,
  operatorSid: string,
  sid: string,
  input: TPaidOutRequest,
): Promise<TRefundOnlyResponse> {
  const now = nowOf(deps);
  const paid = await deps.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, sid);
    if (!refund) throw new AppError(ErrorCode.REFUND_NOT_FOUND);
    assertMay(RefundStateMachine, 'payOutByBank', refund.status);
    const moved = await transitionRefund(tx, refund, RefundStatus.SUCCEEDED, {
      channel: RefundChannel.TRANSFER,
      bankSerial: input.bankSerial,
      paidOutOn: input.paidOutOn,
      settledAt: now,
    });
    if (!moved) throw new AppError(ErrorCode.REFUND_NOT_FAILED);
    await insertPaymentEvent(tx, {
      orderSid: refund.orderSid,
      gateway: RefundChannel.TRANSFER,
      kind: 'refund',
      tradeNo: input.bankSerial,
      amountCents: refund.amountCents,
      verified: true,
      outcome: 'refunded',
      payload: { refundSid: refund.sid, refundNo: refund.refundNo, paidOutOn: input.paidOutOn, operatorSid },
    });
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'refund.paid_out',
      entity: refund.orderSid ? 'order' : 'payment_exception',
      entitySid: refund.orderSid ?? String(refund.exceptionId),
      before: { refundStatus: refund.status, channel: refund.channel, failure: refund.failure },
      after: {
        refundStatus: moved.status,
        channel: moved.channel,
        amountCents: refund.amountCents,
        bankSerial: input.bankSerial,
        paidOutOn: input.paidOutOn,
        note: input.note,
      },
      refs: [refund.sid],
    });
    return moved;
  });
  return { refund: await presentRefund(deps.db, paid) };
}

/* Payment exceptions */

export interface RefundExceptionInput {
  idempotencyKey: string;
  reason: string;
  bankSerial?: string | undefined;
  paidOutOn?: string | undefined;
}

/**
 * Operator: gives a payment exception's money back the way it came (the gateway that took it;
 * an over-paid transfer by bank), the whole amount, once; the exception becomes 已退款.
 */
export async function refundPaymentException(
  deps: RefundDeps,
  operatorSid: string,
  id: number,
  input: RefundExceptionInput,
  log: PaymentLog = SILENT_LOG,
): Promise<TPaymentExceptionResponse> {
  const target = { exceptionId: id };
  const earlier = await refundOfKey(deps.db, input.idempotencyKey, target);
  if (earlier) return { exception: await presentPaymentException(deps.db, id) };
  const now = nowOf(deps);
  let made: { refund: RefundRow; isNew: boolean };
  try {
    made = await deps.db.transaction(async (tx) => {
      const exception = await lockPaymentException(tx, id);
      if (!exception) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_NOT_FOUND);
      const twin = await refundOfKey(tx, input.idempotencyKey, target);
      if (twin) return { refund: twin, isNew: false };
      assertMay(PaymentExceptionStateMachine, 'refund', exception.status);
      const amount = exception.amountCents;
      if (amount === null || amount <= 0) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_NO_AMOUNT);
      const byBank = exception.gateway === RefundChannel.TRANSFER;
      if (byBank && (!input.bankSerial || !input.paidOutOn)) throw new AppError(ErrorCode.REFUND_BANK_DETAILS_REQUIRED);
      if (!byBank && (!isGatewayChannel(exception.gateway) || !deps.payments.byName(exception.gateway))) {
        throw new AppError(ErrorCode.REFUND_GATEWAY_UNAVAILABLE);
      }
      const created = await insertRefund(tx, {
        sid: newSid(),
        refundNo: newRefundNo(now),
        orderSid: exception.orderSid,
        exceptionId: exception.id,
        channel: exception.gateway,
        outTradeNo: byBank ? null : exception.outTradeNo,
        tradeNo: exception.tradeNo || null,
        paidCents: amount,
        amountCents: amount,
        status: byBank ? RefundStatus.SUCCEEDED : RefundStatus.PROCESSING,
        bankSerial: byBank ? input.bankSerial! : null,
        paidOutOn: byBank ? input.paidOutOn! : null,
        reason: input.reason,
        operatorSid,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
        settledAt: byBank ? now : null,
      });
      const resolved = await transitionPaymentException(tx, exception, PaymentExceptionStatus.REFUNDED, {
        note: input.reason,
        operatorSid,
        refundedCents: amount,
      });
      if (!resolved) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_RESOLVED);
      await insertPaymentEvent(tx, {
        orderSid: exception.orderSid,
        gateway: exception.gateway,
        kind: 'refund',
        tradeNo: byBank ? input.bankSerial! : null,
        amountCents: amount,
        verified: true,
        outcome: byBank ? 'refunded' : 'refund_requested',
        payload: { refundSid: created.sid, refundNo: created.refundNo, exceptionId: exception.id, operatorSid },
      });
      await recordOperatorAction(tx, {
        operatorSid,
        action: 'payment_exception.refund',
        entity: 'payment_exception',
        entitySid: String(exception.id),
        before: { status: exception.status },
        after: {
          status: resolved.status,
          refundSid: created.sid,
          refundNo: created.refundNo,
          amountCents: amount,
          channel: exception.gateway,
          reason: input.reason,
          ...(byBank ? { bankSerial: input.bankSerial, paidOutOn: input.paidOutOn } : {}),
        },
        refs: [created.sid, ...(exception.orderSid ? [exception.orderSid] : [])],
      });
      return { refund: created, isNew: true };
    });
  } catch (error) {
    const constraint = uniqueViolationConstraint(error);
    if (constraint === 'refunds_idempotency_key') {
      const twin = await refundOfKey(deps.db, input.idempotencyKey, target);
      if (twin) return { exception: await presentPaymentException(deps.db, id) };
      throw new AppError(ErrorCode.REFUND_KEY_REUSED);
    }
    if (constraint === 'refunds_exception_key') throw new AppError(ErrorCode.PAYMENT_EXCEPTION_RESOLVED);
    throw error;
  }
  if (made.isNew && awaitsGateway(made.refund)) await askGateway(deps, made.refund, log);
  return { exception: await presentPaymentException(deps.db, id) };
}

/* The order's money beyond its price */

/** Operator: what the bank statement showed for the order, and its refund. */
export async function describeOrderMoney(deps: { db: Db }, orderSid: string): Promise<TOrderMoneyResponse> {
  const order = await findOrderBySid(deps.db, orderSid);
  if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const [arrivals, received, refund] = await Promise.all([
    listTransferArrivals(deps.db, orderSid),
    sumTransferArrivals(deps.db, orderSid),
    findOrderRefund(deps.db, orderSid),
  ]);
  return {
    received,
    arrivals: arrivals.map((a) => presentTransferArrival(a, a.operatorName)),
    refund: refund ? await presentRefund(deps.db, refund) : null,
  };
}
