import {
  DEMAND_STATUSES_ON_OPERATORS,
  InvoiceStateMachine,
  MaterialReview,
  MaterialStatus,
  OrderStatus,
  type OverviewItem,
  PaymentExceptionStateMachine,
  PayWay,
} from '@gemstock/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { demands, invoices, materials, orders, paymentExceptions } from '../../db/schema/index.js';

const one = sql`1`;

/** A demand is the operators' to move when they may price, assign or deliver it. */
/**
 * The rows each figure of the to-do counts, as a select for `countUpTo`. Each reads one index over
 * a state that is a small part of its table (a transfer waiting, an exception open, a request to
 * issue, paid work in hand, a failed or unreviewed upload), never a log; the index is named
 * beside each and apps/server/test/api/admin-overview.test.ts checks the plans.
 */
export function overviewCountQuery(db: DbOrTx, item: OverviewItem, now: Date) {
  const rows = db.select({ one });
  switch (item) {
    // orders_status_idx: the CREATED orders (each lapses at its deadline), of them the transfers
    case 'transfersWaiting':
      return rows.from(orders).where(and(eq(orders.status, OrderStatus.CREATED), eq(orders.payWay, PayWay.TRANSFER)));
    // payment_exceptions_status_idx
    case 'exceptionsOpen':
      return rows
        .from(paymentExceptions)
        .where(inArray(paymentExceptions.status, [...PaymentExceptionStateMachine.actions.handle.from]));
    // invoices_status_due_idx, whole and up to now
    case 'invoicesToIssue':
    case 'invoicesOverdue':
      return rows
        .from(invoices)
        .where(
          and(
            inArray(invoices.status, [...InvoiceStateMachine.actions.issue.from]),
            item === 'invoicesOverdue' ? lt(invoices.dueAt, now) : undefined,
          ),
        );
    // demands_board_idx (status, stage_deadline)
    case 'demandsWaiting':
      return rows.from(demands).where(inArray(demands.status, [...DEMAND_STATUSES_ON_OPERATORS]));
    // demands_deadline_idx: a stage's deadline is cleared when the work ends, so only live work has one
    case 'demandsOverdue':
      return rows.from(demands).where(lt(demands.stageDeadline, now));
    // materials_status_created_idx: processing failed after the media job's last attempt
    case 'mediaFailed':
      return rows.from(materials).where(eq(materials.status, MaterialStatus.FAILED));
    // materials_review_queue_idx (partial: only what is not listed)
    case 'reviewPending':
      return rows.from(materials).where(eq(materials.reviewState, MaterialReview.PENDING));
  }
}
