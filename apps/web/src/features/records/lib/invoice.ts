import { InvoiceStatus, type TOrderListItem, invoiceRefusalOf } from '@gemstock/contract';

/** Whether an order of the list may go on a new invoice (the contract's rule, and not already on one). */
export function canRequestInvoice(order: TOrderListItem): boolean {
  const onActiveInvoice = order.invoice !== null && order.invoice.status !== InvoiceStatus.REJECTED;
  return !onActiveInvoice && invoiceRefusalOf({ ...order, paidCents: order.finalPrice }) === null;
}
