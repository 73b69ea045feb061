import { COMMON_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { listCuratedKeywords, listHotKeywords } from './keywords.repository.js';

export async function commonRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;

  route(app, COMMON_API.health, async () => ({ status: 'ok' as const }));

  route(app, COMMON_API.siteConfig, async () => ({
    siteName: config.siteName,
    devOutbox: config.devOutbox,
    sandboxPayments: app.deps.payments.sandbox !== null,
  }));

  route(app, COMMON_API.keywords, async () => ({ keywords: await listCuratedKeywords(db) }));

  route(app, COMMON_API.hotKeywords, async () => ({ keywords: await listHotKeywords(db) }));
}
