import { DEMAND_STATUS_VALUES, DemandStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const {
  QUOTE_REQUESTED,
  QUOTED,
  CREATED,
  SUBMITTED,
  DESIGNING,
  DRAFT_REVIEW,
  REVISING,
  FINAL_PRODUCTION,
  DELIVERED,
  CANCELLED,
} = DemandStatus;

/** Paid work a designer is on, from the first draft to the final files. */
const IN_PROGRESS = [DESIGNING, DRAFT_REVIEW, REVISING, FINAL_PRODUCTION] as const;

/**
 * A custom design request (spec §4 customization flow; decisions 0019 and 0024). The advanced
 * tier is placed with its order (CREATED) and starts when the order is paid; the quoted tiers
 * (super, AI video) start with a request the operator prices (QUOTED creates the `dashboard`
 * order). Paid work goes: SUBMITTED → DESIGNING (a designer is assigned) → DRAFT_REVIEW (a draft
 * is up) ⇄ REVISING (the buyer sent feedback) → FINAL_PRODUCTION (the buyer accepted the draft,
 * or the last revision's draft is up: the designer owes the final files) → DELIVERED. The
 * designer may deliver from any working stage. The order's own moves carry the demand with them
 * in the same transaction (`pay`, `cancelWithOrder`, `reopen`). An operator may cancel paid work
 * that cannot be done (the refund is then made by hand, docs/operations.md).
 */
export const DemandStateMachine = defineStateMachine('demand', DEMAND_STATUS_VALUES, {
  // ── the buyer ──
  /** Its order was paid: the work starts. */
  pay: { from: [QUOTED, CREATED], to: SUBMITTED, refusal: 'DEMAND_WRONG_STAGE' },
  /** A quote request withdrawn before it is priced (a priced one: cancel its order). */
  withdraw: { from: [QUOTE_REQUESTED], to: CANCELLED, refusal: 'DEMAND_WRONG_STAGE' },
  /** Feedback on the latest draft, one revision round (the service counts the rounds left). */
  feedback: { from: [DRAFT_REVIEW], to: REVISING, refusal: 'DEMAND_WRONG_STAGE' },
  /** The latest draft taken as it is: the designer owes the final files. */
  accept: { from: [DRAFT_REVIEW], to: FINAL_PRODUCTION, refusal: 'DEMAND_WRONG_STAGE' },
  /** The delivered design file. */
  download: { from: [DELIVERED], refusal: 'DEMAND_WRONG_STAGE' },
  // ── its order ──
  /** Its unpaid order was cancelled (by the buyer or its deadline). */
  cancelWithOrder: { from: [QUOTED, CREATED], to: CANCELLED, refusal: 'DEMAND_WRONG_STAGE' },
  /** Its order was re-opened (a late bank transfer): waiting for payment again, by tier. */
  reopen: { from: [CANCELLED], to: [CREATED, QUOTED], refusal: 'DEMAND_WRONG_STAGE' },
  /** Refunded whole: no draft has been shown yet (docs/decisions/0029). */
  refundWhole: { from: [SUBMITTED, DESIGNING], refusal: 'REFUND_DESIGN_AMOUNT_REQUIRED' },
  /** Refunded by an amount the operator agreed with the buyer: drafts were seen, or an operator stopped the work. */
  refundAgreed: { from: [DRAFT_REVIEW, REVISING, FINAL_PRODUCTION, CANCELLED], refusal: 'REFUND_DESIGN_DELIVERED' },
  /** Its paid order was refunded before the design was delivered (docs/decisions/0029): the work stops. */
  refundWithOrder: { from: [SUBMITTED, ...IN_PROGRESS], to: CANCELLED, refusal: 'REFUND_DESIGN_DELIVERED' },
  // ── the operator ──
  /** A super or AI-video request priced: its `dashboard` order is made. */
  quote: { from: [QUOTE_REQUESTED], to: QUOTED, refusal: 'DEMAND_WRONG_STAGE' },
  /** A designer takes paid work that has not started. */
  assign: { from: [SUBMITTED], to: DESIGNING, refusal: 'DEMAND_WRONG_STAGE' },
  /** Work in progress changes hands. */
  reassign: { from: IN_PROGRESS, refusal: 'DEMAND_WRONG_STAGE' },
  /** The designer saw the buyer's feedback (and may reply). */
  answerFeedback: { from: [REVISING], refusal: 'DEMAND_WRONG_STAGE' },
  /** A draft for the buyer's feedback: the first one, or one answering feedback. */
  putUpDraft: {
    from: [DESIGNING, REVISING],
    to: DRAFT_REVIEW,
    refusal: 'DEMAND_WRONG_STAGE',
    refusalIn: { [SUBMITTED]: 'DEMAND_NOT_ASSIGNED', [DELIVERED]: 'DEMAND_ALREADY_DELIVERED' },
  },
  /** The last revision's draft (the rounds are used up): on to the final files. */
  putUpLastDraft: {
    from: [REVISING],
    to: FINAL_PRODUCTION,
    refusal: 'DEMAND_WRONG_STAGE',
    refusalIn: { [SUBMITTED]: 'DEMAND_NOT_ASSIGNED', [DELIVERED]: 'DEMAND_ALREADY_DELIVERED' },
  },
  /** The final files, with the exclusive licence: from any working stage. */
  deliver: {
    from: IN_PROGRESS,
    to: DELIVERED,
    refusal: 'DEMAND_WRONG_STAGE',
    refusalIn: { [SUBMITTED]: 'DEMAND_NOT_ASSIGNED', [DELIVERED]: 'DEMAND_ALREADY_DELIVERED' },
  },
  /**
   * Work that cannot be done: a request not yet priced, or paid work. An unpaid order's demand
   * (CREATED, QUOTED) follows its order instead, which the buyer or its deadline cancels.
   */
  cancel: { from: [QUOTE_REQUESTED, SUBMITTED, ...IN_PROGRESS], to: CANCELLED, refusal: 'DEMAND_WRONG_STAGE' },
});
export type DemandAction = keyof typeof DemandStateMachine.actions;

/** Who acts next, for the buyer's and the operator's labels. */
export function demandTurnOf(status: string): 'buyer' | 'operator' | 'none' {
  const can = DemandStateMachine.capabilities(status);
  if (can.pay || can.accept) return 'buyer';
  if (can.quote || can.assign || can.deliver) return 'operator';
  return 'none';
}

/** The stages where the operators act next (报价、分配、交付): 今日待办's 待我方处理 and the board's filter. */
export const DEMAND_STATUSES_ON_OPERATORS: readonly DemandStatus[] = DEMAND_STATUS_VALUES.filter(
  (status) => demandTurnOf(status) === 'operator',
);
