import { ADMIN_AUDIT_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { listAudit } from './admin-audit.service.js';

/** GET /api/admin/audit?entity=&sid=: the audit log of operator writes. */
export async function adminAuditRoutes(app: FastifyInstance) {
  route(app, ADMIN_AUDIT_API.list, async (request) => listAudit(app.deps, request.query));
}
