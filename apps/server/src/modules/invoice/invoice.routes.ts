import { ErrorCode, INVOICE_API, INVOICE_PATHS } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../plugins/route.js';
import type { InvoiceService } from './invoice.module.js';

/** An e-invoicing provider's notification is a few hundred bytes of JSON. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The buyer's side of VAT invoices: ask for one on a paid order, download it once issued. */
export async function invoiceRoutes(app: FastifyInstance, { invoices }: { invoices: InvoiceService }) {
  route(app, INVOICE_API.request, async (request) =>
    invoices.requestInvoice(request.user, request.params.id, request.body),
  );
  route(app, INVOICE_API.download, async (request) => invoices.downloadInvoice(request.user, request.params.id));
  await app.register(providerNotifyRoutes, { invoices });
}

/**
 * The e-invoicing provider's report (INVOICE_PROVIDER=http). Its signature covers the exact bytes
 * received, so this context keeps the raw body. Answered in the provider's format: `{code: SUCCESS}`
 * once handled (issued, already issued, or not issued: the request stays for an operator),
 * `{code: FAIL}` with HTTP 400 for what is refused, and 500 for our own failure, so it delivers again.
 */
async function providerNotifyRoutes(app: FastifyInstance, { invoices }: { invoices: InvoiceService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });
  app.post(INVOICE_PATHS.notifyHttp, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
    if (invoices.issuer.provider !== 'http') throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      const report = await invoices.issuer.readNotification(request.headers, raw);
      if (report.kind === 'refused') {
        request.log.warn({ reason: report.reason }, 'invoice provider notification refused');
        return reply.code(400).send({ code: 'FAIL', message: report.reason });
      }
      if (report.kind === 'failed') {
        request.log.warn({ invoice: report.invoiceSid, message: report.message }, 'invoice provider could not issue');
        return reply.send({ code: 'SUCCESS' });
      }
      try {
        await invoices.attachInvoicePdf({ provider: invoices.issuer.provider }, report.invoiceSid, report.pdf);
      } catch (error) {
        // Issued or rejected already (a repeated notification, or an operator was first): done.
        if (error instanceof AppError && error.spec === ErrorCode.ILLEGAL_STATE_TRANSITION)
          return reply.send({ code: 'SUCCESS' });
        if (error instanceof AppError) return reply.code(400).send({ code: 'FAIL', message: error.message });
        throw error;
      }
      return reply.send({ code: 'SUCCESS' });
    } catch (error) {
      request.log.error({ err: error }, 'invoice provider notification could not be processed');
      return reply.code(500).send({ code: 'FAIL', message: 'internal error' });
    }
  });
}
