import { COMMON_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';

/** The API's liveness and what every page needs to know of the site (the keywords are modules/search's). */
export async function commonRoutes(app: FastifyInstance) {
  const { config, payments } = app.deps;

  route(app, COMMON_API.health, async () => {
    const index = app.services.search.indexStatus();
    return { status: 'ok' as const, searchIndex: { state: index.state, materials: index.rows } };
  });

  route(app, COMMON_API.siteConfig, async () => ({
    siteName: config.siteName,
    devOutbox: config.devOutbox,
    sandboxPayments: payments.sandbox !== null,
    baiduTongjiSiteId: config.baiduTongjiSiteId ?? null,
  }));
}
