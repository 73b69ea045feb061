import { ADMIN_AUDIT_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AuditService } from './audit.module.js';

/** GET /api/admin/audit?entity=&sid=: the audit log of operator writes. */
export async function adminAuditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  route(app, ADMIN_AUDIT_API.list, async (request) => audit.listAudit(request.query));
}
