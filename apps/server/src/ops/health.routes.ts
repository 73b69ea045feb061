import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { checkReadiness } from './readiness.js';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/**
 * Probes for orchestrators and load balancers (docs/operations.md § Health). Liveness says the
 * process answers at all; readiness says it should get traffic. Neither needs a sign-in and
 * neither is rate limited; readiness names the failing check, never a secret.
 */
export async function healthRoutes(app: FastifyInstance) {
  app.get(HEALTH_PATHS.live, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ code: 0, data: { status: 'ok' }, message: 'ok' }),
  );

  app.get(HEALTH_PATHS.ready, async (_request, reply) => {
    const readiness = await checkReadiness(app.deps);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) {
      return reply.send({ code: 0, data: { status: 'ready', checks: readiness.checks }, message: 'ok' });
    }
    // A server on local media next to others is misconfigured rather than unwell: its own code.
    const spec = readiness.checks.cluster.ok ? ErrorCode.SERVICE_NOT_READY : ErrorCode.STORAGE_NOT_SHARED;
    return reply
      .status(spec.http)
      .send({ code: spec.code, data: { status: 'not_ready', checks: readiness.checks }, message: spec.message });
  });
}
