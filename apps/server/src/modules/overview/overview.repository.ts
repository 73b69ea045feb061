import {
  DEMAND_STATUS_VALUES,
  demandTurnOf,
  InvoiceStateMachine,
  MaterialReview,
  MaterialStatus,
  OrderStatus,
  PaymentExceptionStateMachine,
  PayWay,
} from '@gemstock/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { demands, invoices, materials, orders, paymentExceptions } from '../../db/schema/index.js';
import { countUpTo } from '../../lib/list-cursor.js';

/**
 * The to-do's counts. Each reads one index over a state that is a small part of its table (a
 * transfer waiting, an exception open, a request to issue, paid work in hand, a failed or
 * unreviewed upload), never a log, and stops after `limit` rows, so the page costs the same on a
 * large database as on a new one.
 */
const one = sql`1`;

/** A demand is the operators' to move when they may price, assign or deliver it. */
const DEMANDS_ON_US = DEMAND_STATUS_VALUES.filter((status) => demandTurnOf(status) === 'operator');

/** orders_status_idx: the CREATED orders (each lapses at its deadline), of them the transfers. */
export function countTransfersWaiting(db: DbOrTx, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one })
      .from(orders)
      .where(and(eq(orders.status, OrderStatus.CREATED), eq(orders.payWay, PayWay.TRANSFER))),
    limit,
  );
}

/** payment_exceptions_status_idx. */
export function countExceptionsOpen(db: DbOrTx, limit: number) {
  return countUpTo(
    db,
    db
      .select({ one })
      .from(paymentExceptions)
      .where(inArray(paymentExceptions.status, [...PaymentExceptionStateMachine.actions.handle.from])),
    limit,
  );
}

/** invoices_status_due_idx: requests that may be issued, and those of them due before `now`. */
export function countInvoicesToIssue(db: DbOrTx, limit: number, dueBefore?: Date) {
  return countUpTo(
    db,
    db
      .select({ one })
      .from(invoices)
      .where(
        and(
          inArray(invoices.status, [...InvoiceStateMachine.actions.issue.from]),
          dueBefore ? lt(invoices.dueAt, dueBefore) : undefined,
        ),
      ),
    limit,
  );
}

/** demands_board_idx (status, stage_deadline). */
export function countDemandsOnUs(db: DbOrTx, limit: number) {
  return countUpTo(db, db.select({ one }).from(demands).where(inArray(demands.status, DEMANDS_ON_US)), limit);
}

/** demands_deadline_idx: a stage's deadline is cleared when the work ends, so only live work has one. */
export function countDemandsOverdue(db: DbOrTx, limit: number, now: Date) {
  return countUpTo(db, db.select({ one }).from(demands).where(lt(demands.stageDeadline, now)), limit);
}

/** materials_status_created_idx: processing failed after the media job's last attempt. */
export function countMediaFailed(db: DbOrTx, limit: number) {
  return countUpTo(db, db.select({ one }).from(materials).where(eq(materials.status, MaterialStatus.FAILED)), limit);
}

/** materials_review_queue_idx (partial: only what is not listed). */
export function countReviewPending(db: DbOrTx, limit: number) {
  return countUpTo(
    db,
    db.select({ one }).from(materials).where(eq(materials.reviewState, MaterialReview.PENDING)),
    limit,
  );
}
