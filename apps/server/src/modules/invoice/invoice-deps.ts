import type { FastifyInstance } from 'fastify';
import { createDownloadUrlSigner } from '../../lib/download-url.js';
import { createInvoiceIssuer } from './invoice-issuer.js';
import type { InvoiceDeps } from './invoice.service.js';

/** What the invoice routes (buyer, operator, provider) give the service. */
export function invoiceDepsOf(app: FastifyInstance): InvoiceDeps {
  return {
    ...app.deps,
    // The same signer (key derived from JWT_SECRET) the original-download route verifies.
    signer: createDownloadUrlSigner(app.deps.config.jwtSecret),
    issuer: createInvoiceIssuer(app.deps.config.invoicing, app.deps.config.publicUrl),
    log: app.log,
  };
}
