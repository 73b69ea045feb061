import {
  PaymentExceptionStateMachine,
  RefundStateMachine,
  RefundStatus,
  type PaymentExceptionStatus,
} from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { transition } from '../../lib/state-transition.js';
import {
  type ExceptionResolution,
  type PaymentExceptionRow,
  type RefundChange,
  type RefundRow,
  updateExceptionStatus,
  updateRefundStatus,
} from './refund.repository.js';

/**
 * The one door through which a refund's status changes: the move must be an edge of
 * RefundStateMachine (otherwise ILLEGAL_STATE_TRANSITION) and the UPDATE is guarded by the
 * status the caller read, so a lost race (a notification and a query answering at once, two
 * operators retrying) comes back as `undefined` with nothing changed.
 */
export async function transitionRefund(
  tx: DbOrTx,
  refund: Pick<RefundRow, 'sid' | 'status'>,
  to: RefundStatus,
  change: RefundChange = {},
): Promise<RefundRow | undefined> {
  return transition(RefundStateMachine, refund.status, to, (from) =>
    updateRefundStatus(tx, refund.sid, [from], to, change),
  );
}

/**
 * What a gateway said of a refund it was asked for: recorded only while the refund waits for
 * it (PROCESSING), so a repeated or late notification changes nothing once it is settled.
 */
export async function recordGatewayRefundOutcome(
  tx: DbOrTx,
  sid: string,
  to: typeof RefundStatus.SUCCEEDED | typeof RefundStatus.FAILED,
  change: RefundChange,
): Promise<RefundRow | undefined> {
  return transitionRefund(tx, { sid, status: RefundStatus.PROCESSING }, to, change);
}

/** The one door of a payment exception's status: PENDING → REFUNDED or HANDLED, once. */
export async function transitionPaymentException(
  tx: DbOrTx,
  exception: Pick<PaymentExceptionRow, 'id' | 'status'>,
  to: PaymentExceptionStatus,
  change: ExceptionResolution,
): Promise<PaymentExceptionRow | undefined> {
  return transition(PaymentExceptionStateMachine, exception.status, to, (from) =>
    updateExceptionStatus(tx, exception.id, [from], to, change),
  );
}
