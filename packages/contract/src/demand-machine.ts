import { DemandStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

/**
 * A custom design request (spec §4 customization flow; decisions 0019 and 0024). The advanced
 * tier is placed with its order (CREATED) and starts when the order is paid; the quoted tiers
 * (super, AI video) start with a request the operator prices (QUOTED creates the `dashboard`
 * order). Paid work goes: SUBMITTED → DESIGNING (a designer is assigned) → DRAFT_REVIEW (a draft
 * is up) ⇄ REVISING (the buyer sent feedback) → FINAL_PRODUCTION (the buyer accepted the draft,
 * or the last revision's draft is up: the designer owes the final files) → DELIVERED. The
 * designer may deliver from any working stage. The order's own moves carry the demand with them
 * in the same transaction: paid → SUBMITTED, cancelled → CANCELLED, a late bank transfer
 * re-opening the order → back to CREATED or QUOTED. An operator may cancel paid work that
 * cannot be done (the refund is then made by hand, docs/operations.md).
 */
export const DemandStateMachine = defineStateMachine<DemandStatus>('demand', {
  [DemandStatus.QUOTE_REQUESTED]: [DemandStatus.QUOTED, DemandStatus.CANCELLED],
  [DemandStatus.QUOTED]: [DemandStatus.SUBMITTED, DemandStatus.CANCELLED],
  [DemandStatus.CREATED]: [DemandStatus.SUBMITTED, DemandStatus.CANCELLED],
  [DemandStatus.SUBMITTED]: [DemandStatus.DESIGNING, DemandStatus.CANCELLED],
  [DemandStatus.DESIGNING]: [DemandStatus.DRAFT_REVIEW, DemandStatus.DELIVERED, DemandStatus.CANCELLED],
  [DemandStatus.DRAFT_REVIEW]: [
    DemandStatus.REVISING,
    DemandStatus.FINAL_PRODUCTION,
    DemandStatus.DELIVERED,
    DemandStatus.CANCELLED,
  ],
  [DemandStatus.REVISING]: [
    DemandStatus.DRAFT_REVIEW,
    DemandStatus.FINAL_PRODUCTION,
    DemandStatus.DELIVERED,
    DemandStatus.CANCELLED,
  ],
  [DemandStatus.FINAL_PRODUCTION]: [DemandStatus.DELIVERED, DemandStatus.CANCELLED],
  [DemandStatus.DELIVERED]: [],
  [DemandStatus.CANCELLED]: [DemandStatus.CREATED, DemandStatus.QUOTED],
});

// What a stage offers, read from the machine so the server and both UIs ask the same table.

/** Paid work a designer is on (from a designer's first draft to the final files). */
export function isDemandInProgress(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.DELIVERED);
}

/** A new draft is taken (it answers feedback, or is the first one). */
export function demandTakesDraft(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.DRAFT_REVIEW);
}

/** The final files are taken: any working stage (the designer may deliver early). */
export function demandTakesFinal(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.DELIVERED);
}

/** A designer may be assigned: paid work that has not started, or work in progress changing hands. */
export function demandTakesDesigner(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.DESIGNING) || isDemandInProgress(status);
}

/** A request waiting for its price (a cancelled one may be re-opened to QUOTED, but is not priced). */
export function demandAwaitsQuote(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.QUOTED) && DemandStateMachine.can(status, DemandStatus.CANCELLED);
}

/**
 * An operator may cancel it: a request not yet priced, or paid work. An unpaid order's demand
 * (CREATED, QUOTED) follows its order instead, which the buyer or its deadline cancels.
 */
export function operatorMayCancelDemand(status: string): boolean {
  return (
    demandAwaitsQuote(status) || DemandStateMachine.can(status, DemandStatus.DESIGNING) || isDemandInProgress(status)
  );
}

/** The buyer may still withdraw it (before it is priced; a priced one: cancel its order). */
export function buyerMayWithdrawDemand(status: string): boolean {
  return demandAwaitsQuote(status);
}

/** Waiting for the buyer to pay its order. */
export function demandAwaitsPayment(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.SUBMITTED);
}

/** The latest draft waits for the buyer: feedback (while rounds are left) or acceptance. */
export function demandAwaitsBuyerReview(status: string): boolean {
  return DemandStateMachine.can(status, DemandStatus.REVISING);
}

/**
 * Where a draft upload takes the demand: back to the buyer for feedback, or, when the feedback
 * rounds are used up, straight to the final files (nobody waits on a buyer who cannot answer).
 */
export function demandStatusAfterDraft(revisionsUsed: number, maxRevisions: number): DemandStatus {
  return revisionsUsed >= maxRevisions ? DemandStatus.FINAL_PRODUCTION : DemandStatus.DRAFT_REVIEW;
}
