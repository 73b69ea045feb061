import { DemandStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

/**
 * A custom design request (spec §4 customization flow; decision 0019). The advanced tier is
 * placed with its order (CREATED) and starts when the order is paid; the quoted tiers (super,
 * AI video) start with a request the operator prices (QUOTED creates the `dashboard` order).
 * Paid work goes: SUBMITTED → DESIGNING (a designer is assigned) → DRAFT_REVIEW (a draft is up)
 * ⇄ REVISING (the buyer sent feedback) → DELIVERED (the final files). The order's own moves
 * carry the demand with them in the same transaction: paid → SUBMITTED, cancelled → CANCELLED,
 * a late bank transfer re-opening the order → back to CREATED or QUOTED. An operator may cancel
 * paid work that cannot be done (the refund is then made by hand, docs/operations.md).
 */
export const DemandStateMachine = defineStateMachine<DemandStatus>('demand', {
  [DemandStatus.QUOTE_REQUESTED]: [DemandStatus.QUOTED, DemandStatus.CANCELLED],
  [DemandStatus.QUOTED]: [DemandStatus.SUBMITTED, DemandStatus.CANCELLED],
  [DemandStatus.CREATED]: [DemandStatus.SUBMITTED, DemandStatus.CANCELLED],
  [DemandStatus.SUBMITTED]: [DemandStatus.DESIGNING, DemandStatus.CANCELLED],
  [DemandStatus.DESIGNING]: [DemandStatus.DRAFT_REVIEW, DemandStatus.DELIVERED, DemandStatus.CANCELLED],
  [DemandStatus.DRAFT_REVIEW]: [DemandStatus.REVISING, DemandStatus.DELIVERED, DemandStatus.CANCELLED],
  [DemandStatus.REVISING]: [DemandStatus.DRAFT_REVIEW, DemandStatus.DELIVERED, DemandStatus.CANCELLED],
  [DemandStatus.DELIVERED]: [],
  [DemandStatus.CANCELLED]: [DemandStatus.CREATED, DemandStatus.QUOTED],
});
