import { ADMIN_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { loginOperator, logoutOperator, presentOperator } from './operator.service.js';

/** Back-office sign-in is tighter than buyers': a handful of operators, a valuable target. */
const OPERATOR_LOGIN_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export async function adminAuthRoutes(app: FastifyInstance) {
  route(app, ADMIN_API.login, { config: { rateLimit: OPERATOR_LOGIN_RATE_LIMIT } }, async (request) => ({
    access_token: await loginOperator({ ...app.deps, log: request.log }, request.body),
  }));

  route(app, ADMIN_API.logout, async (request) => {
    await logoutOperator(app.deps, request.operator);
    return null;
  });

  route(app, ADMIN_API.me, async (request) => ({
    operator: presentOperator(request.operator),
    // Operators only: what the console warns about on every page (e.g. servers not sharing media).
    warnings: { cluster: app.deps.state.clusterWarning },
  }));
}
