import { PaymentAttemptStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const { OPEN, PAID, CLOSED, FAILED } = PaymentAttemptStatus;

/**
 * One online payment attempt at a gateway. An open attempt is paid, closed (cancel, replaced,
 * expired) or fails; money taken on a closed or failed attempt still makes it PAID (the gateway
 * has it); nothing leaves PAID. The server records what a gateway reported along these edges.
 */
export const PaymentAttemptStateMachine = defineStateMachine('payment_attempt', [OPEN, PAID, CLOSED, FAILED], {
  /** The gateway took the money. */
  settle: { from: [OPEN, CLOSED, FAILED], to: PAID, refusal: 'ILLEGAL_STATE_TRANSITION' },
  /** Closed at the gateway: the order was cancelled, the attempt replaced or expired. */
  close: { from: [OPEN], to: CLOSED, refusal: 'PAYMENT_CLOSED' },
  /** The gateway reported the payment failed. */
  fail: { from: [OPEN], to: FAILED, refusal: 'PAYMENT_CLOSED' },
  /** Its link may be handed to the buyer again (same pay way, channel and amount, time left). */
  reuse: { from: [OPEN], refusal: 'PAYMENT_CLOSED' },
  /** The payer may still pay it on the gateway's page (a failed one may be tried again). */
  pay: { from: [OPEN, FAILED], refusal: 'PAYMENT_CLOSED' },
});
export type PaymentAttemptAction = keyof typeof PaymentAttemptStateMachine.actions;
