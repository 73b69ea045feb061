import {
  COMMON_PATHS,
  ZHealthResponse,
  ZKeywordsResponse,
  ZServiceResponse,
  ZSiteConfigResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { ok } from '../../plugins/envelope.js';
import { listCuratedKeywords, listHotKeywords } from './keywords.repository.js';

export async function commonRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app.deps;

  app.get(COMMON_PATHS.health, { schema: { response: { 200: zEnvelope(ZHealthResponse) } } }, async () =>
    ok({ status: 'ok' as const }),
  );

  app.get(COMMON_PATHS.siteConfig, { schema: { response: { 200: zEnvelope(ZSiteConfigResponse) } } }, async () =>
    ok({
      siteName: config.siteName,
      devOutbox: config.devOutbox,
      sandboxPayments: app.deps.payments.sandbox !== null,
    }),
  );

  app.get(COMMON_PATHS.service, { schema: { response: { 200: zEnvelope(ZServiceResponse) } } }, async () =>
    ok({ service: config.serviceQrUrl }),
  );

  // Until SERVICE_QR_URL points at the real customer-service QR image, serve a QR code that
  // leads to the FAQ page, so the icon is never a broken image.
  let qrSvg: Promise<string> | undefined;
  app.get('/api/common/service/qr.svg', async (_request, reply) => {
    qrSvg ??= QRCode.toString(`${config.publicUrl}/question`, { type: 'svg', margin: 1, width: 240 });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(await qrSvg);
  });

  app.get(COMMON_PATHS.keywords, { schema: { response: { 200: zEnvelope(ZKeywordsResponse) } } }, async () =>
    ok({ keywords: await listCuratedKeywords(db) }),
  );

  app.get(COMMON_PATHS.hotKeywords, { schema: { response: { 200: zEnvelope(ZKeywordsResponse) } } }, async () =>
    ok({ keywords: await listHotKeywords(db) }),
  );
}
