import {
  ADMIN_PATHS,
  ErrorCode,
  ZAdminLoginRequest,
  ZEmptyResponse,
  ZOperatorResponse,
  ZTokenResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { loginOperator, logoutOperator, presentOperator } from './operator.service.js';

/** Back-office sign-in is tighter than buyers': a handful of operators, a valuable target. */
const OPERATOR_LOGIN_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export async function adminAuthRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    ADMIN_PATHS.login,
    {
      config: { rateLimit: OPERATOR_LOGIN_RATE_LIMIT },
      schema: { body: ZAdminLoginRequest, response: { 200: zEnvelope(ZTokenResponse) } },
    },
    async (request) => ok({ access_token: await loginOperator({ ...app.deps, log: request.log }, request.body) }),
  );

  app.post(
    ADMIN_PATHS.logout,
    { onRequest: app.requireOperator, schema: { response: { 200: zEnvelope(ZEmptyResponse) } } },
    async (request) => {
      if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
      await logoutOperator(app.deps, request.operator);
      return ok(null);
    },
  );

  app.get(
    ADMIN_PATHS.me,
    { onRequest: app.requireOperator, schema: { response: { 200: zEnvelope(ZOperatorResponse) } } },
    async (request) => {
      if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
      // Operators only: what the console warns about on every page (e.g. servers not sharing media).
      return ok({ operator: presentOperator(request.operator), warnings: { cluster: app.deps.state.clusterWarning } });
    },
  );
}
