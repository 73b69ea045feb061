import { InvoiceStatus, OrderStatus, PaymentAttemptStatus } from './enums.js';
import { defineStateMachine } from './state-machine.js';

/**
 * The order state machine (spec §4): a created order can be paid or cancelled; a paid order is
 * final. A bank-transfer order cancelled at its deadline goes back to CREATED when an operator
 * confirms that its money arrived after all (it is then settled at once). The server moves an
 * order's status only along these edges; the UI reads them to decide which buttons an order shows.
 */
export const OrderStateMachine = defineStateMachine<OrderStatus>('order', {
  [OrderStatus.CREATED]: [OrderStatus.PAYED, OrderStatus.CANCELLED],
  [OrderStatus.PAYED]: [],
  [OrderStatus.CANCELLED]: [OrderStatus.CREATED],
});

export const ORDER_TRANSITIONS = OrderStateMachine.transitions;

export function canTransitionOrder(from: string, to: OrderStatus): boolean {
  return OrderStateMachine.can(from, to);
}

/**
 * One online payment attempt at a gateway. An open attempt is paid, closed (cancel, replaced,
 * expired) or fails; money taken on a closed or failed attempt still makes it PAID (the gateway
 * has it); nothing leaves PAID.
 */
export const PaymentAttemptStateMachine = defineStateMachine<PaymentAttemptStatus>('payment_attempt', {
  [PaymentAttemptStatus.OPEN]: [PaymentAttemptStatus.PAID, PaymentAttemptStatus.CLOSED, PaymentAttemptStatus.FAILED],
  [PaymentAttemptStatus.PAID]: [],
  [PaymentAttemptStatus.CLOSED]: [PaymentAttemptStatus.PAID],
  [PaymentAttemptStatus.FAILED]: [PaymentAttemptStatus.PAID],
});

/**
 * A VAT invoice request. The operator issues it (uploading the PDF) or rejects it with a reason.
 * A wrong issued invoice is voided (作废) or reversed by a red-letter invoice (红冲), with a reason
 * (decision 0025); the right one is a new request that replaces it. Rejected, voided and reversed
 * are final, so the history of what was asked, issued and withdrawn stays as it was.
 */
export const InvoiceStateMachine = defineStateMachine<InvoiceStatus>('invoice', {
  [InvoiceStatus.REQUESTED]: [InvoiceStatus.ISSUED, InvoiceStatus.REJECTED],
  [InvoiceStatus.ISSUED]: [InvoiceStatus.VOIDED, InvoiceStatus.REVERSED],
  [InvoiceStatus.REJECTED]: [],
  [InvoiceStatus.VOIDED]: [],
  [InvoiceStatus.REVERSED]: [],
});
