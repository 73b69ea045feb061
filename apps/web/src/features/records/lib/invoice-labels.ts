import { InvoiceStatus, InvoiceType, type TInvoice } from '@gemstock/contract';

/** How an invoice reads on the records pages. */

export const INVOICE_TYPE_SHORT: Record<InvoiceType, string> = {
  [InvoiceType.ORDINARY]: '普票',
  [InvoiceType.SPECIAL]: '专票',
};

/** A withdrawn invoice: voided (作废) or reversed by a red-letter invoice (红冲). */
export const WITHDRAWN_TEXT: Partial<Record<InvoiceStatus, string>> = {
  [InvoiceStatus.VOIDED]: '已作废',
  [InvoiceStatus.REVERSED]: '已红冲',
};

/** Why the operator refused the request, when it was refused. */
export function invoiceRejectionOf(invoice: Pick<TInvoice, 'status' | 'rejectReason'>): string | null {
  return invoice.status === InvoiceStatus.REJECTED ? (invoice.rejectReason ?? '') : null;
}
