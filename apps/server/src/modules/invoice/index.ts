/**
 * The invoice module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. VAT invoices: requests, the operators' queue, the e-invoicing provider.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminInvoiceRoutes } from './admin-invoice.routes.js';
export { createInvoiceIssuer } from './invoice-issuer.js';
export { createInvoiceService } from './invoice.module.js';
export { invoiceRoutes } from './invoice.routes.js';
export { invoicesOfOrders } from './invoice.service.js';
