import { INVOICE_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { createDownloadUrlSigner } from '../../lib/download-url.js';
import { route } from '../../plugins/route.js';
import { downloadInvoice, type InvoiceDeps, requestInvoice } from './invoice.service.js';

/** The buyer's side of VAT invoices: ask for one on a paid order, download it once issued. */
export async function invoiceRoutes(app: FastifyInstance) {
  const deps: InvoiceDeps = {
    ...app.deps,
    // The same signer (key derived from JWT_SECRET) the original-download route verifies.
    signer: createDownloadUrlSigner(app.deps.config.jwtSecret),
    log: app.log,
  };
  route(app, INVOICE_API.request, async (request) =>
    requestInvoice(deps, request.user, request.params.id, request.body),
  );
  route(app, INVOICE_API.download, async (request) => downloadInvoice(deps, request.user, request.params.id));
}
