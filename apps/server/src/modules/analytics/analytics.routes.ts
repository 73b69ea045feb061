import { ANALYTICS_API, BEACON_MAX_BYTES } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AnalyticsService } from './analytics.module.js';
import { asksNotToBeTracked } from './analytics.service.js';

/**
 * Per client address, in memory on each server (or shared through REDIS_URL). A browser sends a
 * batch every few seconds at most, so this only stops floods; a body over 16 KB is refused (413)
 * before it is read.
 */
export const BEACON_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** The buyer site's page views (a first-party beacon). */
export async function analyticsRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  route(
    app,
    ANALYTICS_API.beacon,
    { bodyLimit: BEACON_MAX_BYTES, config: { rateLimit: BEACON_RATE_LIMIT } },
    async (request) => analytics.acceptBeacon(request.body, request.user ?? null, asksNotToBeTracked(request.headers)),
  );
}
