import type { DbOrTx } from '../../db/client.js';
import { type AuditRecord, insertAuditLog, insertAuditLogs } from './audit-log.repository.js';

/**
 * Records an operator's action in the audit log, inside the caller's transaction so the record
 * and the change commit together. The front door for modules whose operator actions are audited.
 */
export async function recordOperatorAction(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await insertAuditLog(tx, record);
}

/** Several entries of one operator action in one statement (e.g. a coupon granted to many). */
export async function recordOperatorActions(tx: DbOrTx, records: readonly AuditRecord[]): Promise<void> {
  await insertAuditLogs(tx, records);
}
