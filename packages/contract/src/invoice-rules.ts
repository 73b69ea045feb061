import { OrderType, PayWay } from './enums.js';
import { OrderStateMachine } from './order-machine.js';

// Apart from the invoice declarations (api/invoice.ts), which hold zod schemas: the records pages
// offer 申请发票 by this rule and load no zod.

/** Why an order cannot be invoiced (decision 0014), or null when it can. */
export type InvoiceRefusal = 'not_paid' | 'wallet_paid' | 'nothing_paid';

/**
 * The rule of decision 0014, shared by the server (which refuses) and the web app (which offers
 * 申请发票 only where it would succeed): a paid order, not a licence paid from the wallet (its
 * recharge is invoiced), and something actually paid.
 */
export function invoiceRefusalOf(order: {
  status: string;
  payWay: string | null;
  orderType: string;
  paidCents: number;
}): InvoiceRefusal | null {
  if (!OrderStateMachine.may('requestInvoice', order.status)) return 'not_paid';
  if (order.payWay === PayWay.WALLET && order.orderType !== OrderType.WALLET) return 'wallet_paid';
  if (order.paidCents <= 0 || order.payWay === PayWay.FREE) return 'nothing_paid';
  return null;
}
