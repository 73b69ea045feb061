import { ADMIN_MATERIAL_PATHS, ZAuditListResponse, ZAuditQuery, zEnvelope } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { listAudit } from './admin-audit.service.js';

/** GET /api/admin/audit?entity=&sid=: the audit log of operator writes. */
export async function adminAuditRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireOperator);

  app.get(
    ADMIN_MATERIAL_PATHS.audit,
    { schema: { querystring: ZAuditQuery, response: { 200: zEnvelope(ZAuditListResponse) } } },
    async (request) => ok(await listAudit(app.deps, request.query)),
  );
}
