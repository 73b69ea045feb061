import { ADMIN_COUNT_CAP, type TAuditListResponse, type ZAuditQuery } from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { countAuditLogs, listAuditLogs } from './audit-log.repository.js';

/** Operator writes, newest first, optionally of one entity kind and one entity. */
export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  query: z.output<typeof ZAuditQuery>,
): Promise<TAuditListResponse> {
  const filter = { entity: query.entity, entitySid: query.sid };
  const [rows, total] = await Promise.all([
    listAuditLogs(deps.db, filter, { offset: (query.page - 1) * query.page_size, limit: query.page_size }),
    countAuditLogs(deps.db, filter, ADMIN_COUNT_CAP),
  ]);
  return { total, entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}
