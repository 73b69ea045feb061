import { InvoiceStateMachine, type TInvoice, type TOrderListItem, invoiceRefusalOf } from '@gemstock/contract';

/** An invoice that no longer holds its orders: rejected, voided (作废) or reversed (红冲), all final. */
export function isClosedInvoice(invoice: TInvoice): boolean {
  return InvoiceStateMachine.isFinal(invoice.status);
}

/** Whether an order of the list may go on a new invoice (the contract's rule, and not already on one). */
export function canRequestInvoice(order: TOrderListItem): boolean {
  const onActiveInvoice = order.invoice !== null && !isClosedInvoice(order.invoice);
  return !onActiveInvoice && invoiceRefusalOf({ ...order, paidCents: order.finalPrice }) === null;
}

/**
 * Why a paid order offers no 申请发票, said where the button would be (decision 0014): a licence
 * paid from the wallet is invoiced with the recharge that funded it; a free order has nothing to
 * invoice. Null when the order can be invoiced, is not paid, or already has an invoice.
 */
export function invoiceUnavailableReason(order: TOrderListItem): string | null {
  if (order.invoice) return null;
  const refusal = invoiceRefusalOf({ ...order, paidCents: order.finalPrice });
  if (refusal === 'wallet_paid') return '余额支付的订单随充值订单开票，请在充值订单上申请发票';
  if (refusal === 'nothing_paid') return '实付金额为 0，无需开具发票';
  return null;
}
