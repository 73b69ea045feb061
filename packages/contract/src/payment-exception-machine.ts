import { PAYMENT_EXCEPTION_STATUSES, PaymentExceptionStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

const { PENDING, REFUNDED, HANDLED } = PaymentExceptionStatus;

/**
 * A payment exception (支付异常): an operator refunds its money or marks it handled, with a note;
 * either is final (a refund that then fails is followed on the refund, not here).
 */
export const PaymentExceptionStateMachine = defineStateMachine('payment_exception', PAYMENT_EXCEPTION_STATUSES, {
  refund: { from: [PENDING], to: REFUNDED, refusal: 'PAYMENT_EXCEPTION_RESOLVED' },
  handle: { from: [PENDING], to: HANDLED, refusal: 'PAYMENT_EXCEPTION_RESOLVED' },
});
export type PaymentExceptionAction = keyof typeof PaymentExceptionStateMachine.actions;
