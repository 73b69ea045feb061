import { REFUND_STATUSES, RefundStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const { PROCESSING, SUCCEEDED, FAILED } = RefundStatus;

/**
 * A refund (docs/decisions/0029). The gateway's answer moves a PROCESSING refund; a FAILED one is
 * asked again (a new refund number) or paid out by bank by the operator. SUCCEEDED is final.
 */
export const RefundStateMachine = defineStateMachine('refund', REFUND_STATUSES, {
  /** The gateway gave the money back (or the wallet was credited). */
  succeed: { from: [PROCESSING], to: SUCCEEDED, refusal: 'ILLEGAL_STATE_TRANSITION' },
  /** The gateway refused or closed it. */
  fail: { from: [PROCESSING], to: FAILED, refusal: 'ILLEGAL_STATE_TRANSITION' },
  /** The operator asks the gateway again, with a new refund number. */
  retry: { from: [FAILED], to: PROCESSING, refusal: 'REFUND_NOT_FAILED' },
  /** The operator paid it out by bank and records the serial number. */
  payOutByBank: { from: [FAILED], to: SUCCEEDED, refusal: 'REFUND_NOT_FAILED' },
});
export type RefundAction = keyof typeof RefundStateMachine.actions;
