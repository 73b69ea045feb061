import { COMMON_PATHS, ZHealthResponse, ZKeywordsResponse, ZSiteConfigResponse, zEnvelope } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

  app.get(COMMON_PATHS.keywords, { schema: { response: { 200: zEnvelope(ZKeywordsResponse) } } }, async () =>
    ok({ keywords: await listCuratedKeywords(db) }),
  );

  app.get(COMMON_PATHS.hotKeywords, { schema: { response: { 200: zEnvelope(ZKeywordsResponse) } } }, async () =>
    ok({ keywords: await listHotKeywords(db) }),
  );
}
