import type { DbOrTx } from '../../db/client.js';
import { type AuditRecord, insertAuditLog } from './audit-log.repository.js';

/**
 * Records an operator's action in the audit log, inside the caller's transaction so the record
 * and the change commit together. The front door for modules whose operator actions are audited.
 */
export async function recordOperatorAction(tx: DbOrTx, record: AuditRecord): Promise<void> {
  await insertAuditLog(tx, record);
}
