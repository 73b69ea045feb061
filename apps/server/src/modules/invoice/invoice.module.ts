import { bindService } from '../../lib/bind-service.js';
import {
  attachInvoicePdf,
  downloadInvoice,
  type InvoiceDeps,
  issueInvoice,
  listInvoiceQueue,
  rejectInvoice,
  requestInvoice,
  voidInvoice,
} from './invoice.service.js';

/**
 * VAT invoices: the buyer asks and downloads, the operators issue, reject and void, the
 * e-invoicing provider reports. Built once, in services.ts (with the one invoice issuer).
 */
export function createInvoiceService(deps: InvoiceDeps) {
  return {
    ...bindService(deps, {
      requestInvoice,
      downloadInvoice,
      listInvoiceQueue,
      issueInvoice,
      rejectInvoice,
      voidInvoice,
      attachInvoicePdf,
    }),
    /** Manual (the operators) or an e-invoicing provider (INVOICE_PROVIDER). */
    issuer: deps.issuer,
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
