import { LICENCE_API, ORDER_PATHS, ZCertificateParams, ZVerifyCertificateParams } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../plugins/route.js';
import { signedInUser } from '../user/index.js';
import type { LicenceService } from './licence.module.js';
import { renderVerificationPage } from './verify-page.js';

/** Purchased downloads, the purchased list, licence certificates and their public verification. */
export async function licenceRoutes(instance: FastifyInstance, { licences }: { licences: LicenceService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;

  route(app, LICENCE_API.materialDownload, async (request) => {
    const { preset } = request.query;
    return preset
      ? licences.downloadChannelCut(request.user, request.params.id, preset)
      : licences.downloadMaterial(request.user, request.params.id);
  });

  route(app, LICENCE_API.channelCuts, async (request) => licences.listChannelCuts(request.user, request.params.id));

  route(app, LICENCE_API.orderDownload, async (request) =>
    licences.downloadOrder(request.user, request.params.id, request.query.material ?? null),
  );

  route(app, LICENCE_API.purchased, async (request) => licences.listPurchased(request.user, request.query));

  // A PDF and an HTML page: registered by hand, outside the envelope.
  app.get(
    ORDER_PATHS.certificate,
    { onRequest: app.requireUser, schema: { params: ZCertificateParams } },
    async (request, reply) => {
      const { pdf, certNo } = await licences.renderCertificate(
        signedInUser(request),
        request.params.id,
        request.params.materialSid,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="certificate-${certNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(ORDER_PATHS.verifyCertificate, { schema: { params: ZVerifyCertificateParams } }, async (request, reply) => {
    const { certNo } = request.params;
    const found = /^[A-Z0-9-]{6,40}$/.test(certNo) ? await licences.describeForVerification(certNo) : null;
    return reply
      .code(found ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(renderVerificationPage(config.siteName, request.params.certNo, found));
  });
}
