import {
  ADMIN_COUNT_CAP,
  ErrorCode,
  PAYMENT_EXCEPTION_STATUSES,
  PaymentExceptionStateMachine,
  PaymentExceptionStatus,
  type TPaymentException,
  type TPaymentExceptionResponse,
  type TPaymentExceptionsResponse,
} from '@gemstock/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal } from '../../lib/list-cursor.js';
import { assertMay } from '../../lib/state-transition.js';
import { recordOperatorAction } from '../audit/index.js';
import { presentAdminRefund } from './refund-view.js';
import {
  describePaymentException,
  describeRefunds,
  type ExceptionListRow,
  type ExceptionValues,
  listPaymentExceptions,
  lockPaymentException,
  upsertPaymentException,
} from './refund.repository.js';
import { transitionPaymentException } from './refund-transition.js';

/**
 * 支付异常 (docs/decisions/0029): money that arrived but could not settle its order. Each is one
 * row per payment, waiting for an operator (待处理) until its money is refunded (已退款, see
 * refund.service.ts) or it is resolved otherwise with a note (已处理).
 */

/** Records (or counts again) a payment that cannot settle its order; settlement and 确认到账 call it. */
export async function recordPaymentException(db: DbOrTx, values: ExceptionValues): Promise<number> {
  return upsertPaymentException(db, values);
}

function statusOf(value: string): PaymentExceptionStatus {
  return (PAYMENT_EXCEPTION_STATUSES as readonly string[]).includes(value)
    ? (value as PaymentExceptionStatus)
    : PaymentExceptionStatus.PENDING;
}

async function presentExceptions(db: DbOrTx, rows: ExceptionListRow[]): Promise<TPaymentException[]> {
  const refunds = await describeRefunds(
    db,
    rows.map((r) => r.refundSid).filter((sid): sid is string => sid !== null),
  );
  return rows.map((r) => {
    const refund = r.refundSid ? refunds.get(r.refundSid) : undefined;
    return {
      id: r.id,
      orderSid: r.orderSid,
      orderNo: r.orderNo,
      orderStatus: r.orderStatus,
      gateway: r.gateway,
      outTradeNo: r.outTradeNo || null,
      tradeNo: r.tradeNo || null,
      amount: r.amountCents,
      reason: r.reason,
      deliveries: r.deliveries,
      firstAt: r.firstAt.toISOString(),
      lastAt: r.lastAt.toISOString(),
      status: statusOf(r.status),
      note: r.note,
      operator: r.operatorName,
      handledAt: r.handledAt?.toISOString() ?? null,
      refund: refund ? presentAdminRefund(refund) : null,
    };
  });
}

/** One exception as the console shows it. */
export async function presentPaymentException(db: DbOrTx, id: number): Promise<TPaymentException> {
  const row = await describePaymentException(db, id);
  if (!row) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_NOT_FOUND);
  const [exception] = await presentExceptions(db, [row]);
  return exception!;
}

/** Operator: 支付异常, newest first, whole or in one state; the count stops at ADMIN_COUNT_CAP. */
export async function listPaymentExceptionsForOperators(
  deps: { db: Db },
  query: { page: number; page_size: number; status?: PaymentExceptionStatus | undefined },
): Promise<TPaymentExceptionsResponse> {
  const { counted, rows } = await listPaymentExceptions(deps.db, {
    status: query.status ?? null,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    countCap: ADMIN_COUNT_CAP,
  });
  return { total: cappedTotal(counted, ADMIN_COUNT_CAP).total, exceptions: await presentExceptions(deps.db, rows) };
}

/**
 * Operator: 已处理 — resolved without a refund here (honoured by hand, refunded in the merchant
 * platform, …), with a note; audit-logged. Only a 待处理 one.
 */
export async function handlePaymentException(
  deps: { db: Db },
  operatorSid: string,
  id: number,
  note: string,
): Promise<TPaymentExceptionResponse> {
  await deps.db.transaction(async (tx) => {
    const exception = await lockPaymentException(tx, id);
    if (!exception) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_NOT_FOUND);
    assertMay(PaymentExceptionStateMachine, 'handle', exception.status);
    const handled = await transitionPaymentException(tx, exception, PaymentExceptionStatus.HANDLED, {
      note,
      operatorSid,
    });
    if (!handled) throw new AppError(ErrorCode.PAYMENT_EXCEPTION_RESOLVED);
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'payment_exception.handle',
      entity: 'payment_exception',
      entitySid: String(id),
      before: { status: exception.status },
      after: { status: handled.status, note, amountCents: exception.amountCents, reason: exception.reason },
      refs: exception.orderSid ? [exception.orderSid] : [],
    });
  });
  return { exception: await presentPaymentException(deps.db, id) };
}
