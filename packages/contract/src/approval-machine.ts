import { AUDIT_STATUS_VALUES, AuditStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const { NONE, PENDING, APPROVED, REJECTED } = AuditStatus;

/**
 * A main account's approval of a sub-account paying an order from the company wallet (the
 * order's `auditStatus`). The sub-account's first wallet payment asks for it; the main account
 * approves or refuses, and may change its mind on a refused or not yet asked order; a request
 * still pending is withdrawn when the order is cancelled. The order must still be unpaid
 * (its own machine); the sub-account pays from the wallet once approved.
 */
export const ApprovalStateMachine = defineStateMachine('approval', AUDIT_STATUS_VALUES, {
  request: { from: [NONE], to: PENDING, refusal: 'AUDIT_REQUIRED' },
  approve: { from: [NONE, PENDING, REJECTED], to: APPROVED, refusal: 'AUDIT_NOT_PENDING' },
  reject: { from: [NONE, PENDING, REJECTED], to: REJECTED, refusal: 'AUDIT_NOT_PENDING' },
  /** The order was cancelled while the request waited. */
  withdraw: { from: [PENDING], to: NONE, refusal: 'AUDIT_NOT_PENDING' },
  /** A request waits for the main account's answer (the records' 通过 / 拒绝 buttons). */
  decide: { from: [PENDING], refusal: 'AUDIT_NOT_PENDING' },
  /** The sub-account may pay from the company wallet. */
  payFromWallet: { from: [APPROVED], refusal: 'AUDIT_REQUIRED', refusalIn: { [REJECTED]: 'AUDIT_REJECTED' } },
});
export type ApprovalAction = keyof typeof ApprovalStateMachine.actions;
