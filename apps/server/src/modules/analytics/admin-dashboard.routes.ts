import { ADMIN_DASHBOARD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AnalyticsService } from './analytics.module.js';

/** Operator: the 数据看板 (money figures for 管理员 and 财务 only). */
export async function adminDashboardRoutes(app: FastifyInstance, { analytics }: { analytics: AnalyticsService }) {
  route(app, ADMIN_DASHBOARD_API.dashboard, async (request) =>
    analytics.getDashboard(request.query, request.operator.roles),
  );
}
