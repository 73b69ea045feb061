import { ADMIN_OVERVIEW_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { OverviewService } from './overview.module.js';

/** Operator: today's to-do (the console's first page and its menu's counters). */
export async function adminOverviewRoutes(app: FastifyInstance, { overview }: { overview: OverviewService }) {
  route(app, ADMIN_OVERVIEW_API.overview, async (request) => overview.getOverview(request.operator.roles));
}
