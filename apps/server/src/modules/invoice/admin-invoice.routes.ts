import {
  ADMIN_INVOICE_API,
  ADMIN_INVOICE_FILE_PATH,
  ErrorCode,
  INVOICE_PDF_MAX_BYTES,
  ZAdminInvoice,
  ZSidParams,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { route } from '../../plugins/route.js';
import type { InvoiceService } from './invoice.module.js';

/**
 * The operator's invoice queue. Issuing uploads the PDF itself as the request body
 * (`Content-Type: application/pdf`), so no multipart parser is needed and the console can show
 * the upload's progress.
 */
export async function adminInvoiceRoutes(instance: FastifyInstance, { invoices }: { invoices: InvoiceService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: INVOICE_PDF_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route(app, ADMIN_INVOICE_API.list, async (request) => invoices.listInvoiceQueue(request.query));
  route(app, ADMIN_INVOICE_API.reject, async (request) =>
    invoices.rejectInvoice(request.operator, request.params.id, request.body.reason),
  );
  route(app, ADMIN_INVOICE_API.void, async (request) =>
    invoices.voidInvoice(request.operator, request.params.id, request.body),
  );
  app.put(
    ADMIN_INVOICE_FILE_PATH,
    {
      onRequest: app.requireOperatorOf(['finance']),
      bodyLimit: INVOICE_PDF_MAX_BYTES,
      schema: { params: ZSidParams, response: { 200: zEnvelope(ZAdminInvoice) } },
    },
    async (request) => {
      // The guard ran first: an operator is signed in.
      if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return ok(await invoices.issueInvoice(request.operator, request.params.id, body));
    },
  );
}
