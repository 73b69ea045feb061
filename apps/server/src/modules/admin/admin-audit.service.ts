import { ADMIN_COUNT_CAP, type TAuditListResponse, type ZAuditQuery } from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import {
  type AuditRecord,
  countAuditLogs,
  insertAuditLog,
  insertAuditLogs,
  listAuditLogs,
} from './audit-log.repository.js';

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

/**
 * Records an operator's write. Other modules call this inside the transaction of the write it
 * describes, so the entry and the change commit or roll back together.
 */
export async function recordAudit(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await insertAuditLog(tx, record);
}

/** Several entries of one operator action in one statement (e.g. a coupon granted to many). */
export async function recordAudits(tx: DbOrTx, records: readonly AuditRecord[]): Promise<void> {
  await insertAuditLogs(tx, records);
}
