import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs, operators } from '../../db/schema/index.js';

export interface AuditRecord {
  operatorSid: string;
  action: string;
  entity: string;
  entitySid: string | null;
  before: unknown;
  after: unknown;
}

/** One operator write; call it inside the transaction of the write itself. */
export async function insertAuditLog(db: DbOrTx, record: AuditRecord): Promise<void> {
  await db.insert(auditLogs).values({
    operatorSid: record.operatorSid,
    action: record.action,
    entity: record.entity,
    entitySid: record.entitySid,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}

/** Several operator writes of one request (a coupon batch) in one statement, inside that request's transaction. */
export async function insertAuditLogs(db: DbOrTx, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(auditLogs).values(
    records.map((record) => ({
      operatorSid: record.operatorSid,
      action: record.action,
      entity: record.entity,
      entitySid: record.entitySid,
      before: record.before ?? null,
      after: record.after ?? null,
    })),
  );
}

export interface AuditFilter {
  entity?: string | undefined;
  entitySid?: string | undefined;
}

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.entity) parts.push(eq(auditLogs.entity, filter.entity));
  if (filter.entitySid) parts.push(eq(auditLogs.entitySid, filter.entitySid));
  return parts.length ? and(...parts) : undefined;
}

export async function listAuditLogs(db: DbOrTx, filter: AuditFilter, page: { offset: number; limit: number }) {
  return db
    .select({
      id: auditLogs.id,
      operatorSid: auditLogs.operatorSid,
      operatorName: operators.username,
      action: auditLogs.action,
      entity: auditLogs.entity,
      entitySid: auditLogs.entitySid,
      before: auditLogs.before,
      after: auditLogs.after,
      createdAt: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(operators, eq(operators.sid, auditLogs.operatorSid))
    .where(conditions(filter))
    .orderBy(desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Counted up to `cap`: the log only grows. */
export async function countAuditLogs(db: DbOrTx, filter: AuditFilter, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(auditLogs)
    .where(conditions(filter))
    .limit(cap)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(inner);
  return Number(row?.n ?? 0);
}
