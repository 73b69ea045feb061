import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLogs } from '../../db/schema/index.js';
import { rowsOf, textArray } from '../../db/sql.js';

export interface AuditRecord {
  /** Null only for a failed sign-in under a name no operator has. */
  operatorSid: string | null;
  action: string;
  entity: string;
  entitySid: string | null;
  before: unknown;
  after: unknown;
  /**
   * Sids of other objects the action concerns (an invoice's orders), so a search by any of
   * them finds the entry; the entry's own object is always one.
   */
  refs?: readonly string[];
}

function valuesOf(record: AuditRecord) {
  const refs = [...new Set([...(record.entitySid ? [record.entitySid] : []), ...(record.refs ?? [])])];
  return {
    operatorSid: record.operatorSid,
    action: record.action,
    entity: record.entity,
    entitySid: record.entitySid,
    refs,
    before: record.before ?? null,
    after: record.after ?? null,
  };
}

/** One operator write; call it inside the transaction of the write itself. */
export async function recordOperatorAction(db: DbOrTx, record: AuditRecord): Promise<void> {
  await db.insert(auditLogs).values(valuesOf(record));
}

/** Several operator writes of one request (a coupon batch) in one statement, inside that request's transaction. */
export async function recordOperatorActions(db: DbOrTx, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(auditLogs).values(records.map(valuesOf));
}

/**
 * The sids an id typed into the audit search may stand for: the text itself (any object's sid:
 * material 编号, invoice 编号, demand…), the order of that order number and the invoices, the
 * demand and the payment exceptions of that order, the coupon of that code. Read from the other modules' tables here
 * because it is one indexed lookup each (orders_order_no_key, invoice_orders_order_idx,
 * demands_order_key, coupons_code_key) and only the audit asks it.
 */
export async function auditRefsOf(db: DbOrTx, typed: string): Promise<string[]> {
  const lower = typed.toLowerCase();
  const upper = typed.toUpperCase();
  const [row] = rowsOf<{ refs: string[] | null }>(
    await db.execute(sql`
      with o as (select sid from orders where order_no = ${typed} or sid = ${lower})
      select array(
        select ${typed}::text
        union select ${lower}::text
        union select sid from o
        union select invoice_sid from invoice_orders where order_sid in (select sid from o)
        union select sid from demands where order_sid in (select sid from o)
        union select id::text from payment_exceptions where order_sid in (select sid from o)
        union select sid from coupons where code = ${upper}
      ) as refs`),
  );
  return row?.refs ?? [typed];
}

export interface AuditSearch {
  /** Entries whose refs hold any of these. */
  refs?: string[] | undefined;
  /** Entries whose refs hold this one. */
  ref?: string | undefined;
  operatorSid?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  /** created_at ≥ since and < until. */
  since?: Date | undefined;
  until?: Date | undefined;
  /** Keyset: entries strictly older than this (created_at, id) position. */
  before?: { at: string; id: number } | undefined;
}

export interface AuditRow {
  id: number;
  operatorSid: string | null;
  operatorName: string | null;
  operatorUsername: string | null;
  action: string;
  entity: string;
  entitySid: string | null;
  entityRef: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
  /** created_at to the microsecond in UTC, for the cursor. */
  at: string;
  archived: boolean;
}

/** The search by object: the entries holding any of `refs`, or `ref`; null when there is none. */
function refsCondition(search: AuditSearch): SQL | null {
  const parts: SQL[] = [];
  if (search.refs) parts.push(sql`refs && ${textArray(search.refs)}`);
  if (search.ref) parts.push(sql`refs @> ${textArray([search.ref])}`);
  return parts.length ? sql.join(parts, sql` and `) : null;
}

/** Every other filter, and the cursor. */
function conditions(search: AuditSearch): SQL {
  const parts: SQL[] = [sql`true`];
  if (search.operatorSid) parts.push(sql`operator_sid = ${search.operatorSid}`);
  if (search.action) parts.push(sql`action = ${search.action}`);
  if (search.entity) parts.push(sql`entity = ${search.entity}`);
  if (search.since) parts.push(sql`created_at >= ${search.since.toISOString()}::timestamptz`);
  if (search.until) parts.push(sql`created_at < ${search.until.toISOString()}::timestamptz`);
  if (search.before) {
    parts.push(sql`(created_at, id) < (${search.before.at}::timestamptz, ${search.before.id}::bigint)`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * One page of the audit, newest first by (created_at, id), read from the hot table and its
 * archive alike: each branch walks the index of its filter in that order and stops at `limit`
 * rows, and every archived entry is older than every hot one (the retention job moves the oldest
 * first), so the merged page is exact and the last page reaches the oldest entry kept.
 *
 * A search by object reads the object's entries through the refs GIN index first (a
 * materialized CTE) and filters and sorts those: an object has few entries, while the planner,
 * which cannot tell how rare a ref is, would otherwise walk the time index of the whole table
 * looking for them.
 */
export async function searchAuditLogs(db: DbOrTx, search: AuditSearch, limit: number): Promise<AuditRow[]> {
  const where = conditions(search);
  const byRefs = refsCondition(search);
  const columns = sql.raw('id, operator_sid, action, entity, entity_sid, before, after, created_at');
  const branch = (table: 'audit_logs' | 'audit_logs_archive', archived: boolean) => {
    const from = byRefs
      ? sql`(with hits as materialized (select ${columns} from ${sql.raw(table)} where ${byRefs})
             select ${columns}, ${sql.raw(String(archived))} as archived from hits where ${where}`
      : sql`(select ${columns}, ${sql.raw(String(archived))} as archived from ${sql.raw(table)} where ${where}`;
    return sql`${from} order by created_at desc, id desc limit ${limit})`;
  };
  const rows = rowsOf<{
    id: string | number;
    operator_sid: string | null;
    operator_name: string | null;
    operator_username: string | null;
    action: string;
    entity: string;
    entity_sid: string | null;
    entity_ref: string | null;
    before: unknown;
    after: unknown;
    created_at: string | Date;
    at: string;
    archived: boolean;
  }>(
    await db.execute(sql`
      select e.id, e.operator_sid, op.name as operator_name, op.username as operator_username,
             e.action, e.entity, e.entity_sid,
             case when e.entity = 'order' then coalesce(o.order_no, e.entity_sid)
                  when e.entity = 'coupon' then coalesce(c.code, e.entity_sid)
                  else e.entity_sid end as entity_ref,
             e.before, e.after, e.created_at,
             to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
             e.archived
      from (${branch('audit_logs', false)} union all ${branch('audit_logs_archive', true)}) e
      left join operators op on op.sid = e.operator_sid
      left join orders o on e.entity = 'order' and o.sid = e.entity_sid
      left join coupons c on e.entity = 'coupon' and c.sid = e.entity_sid
      order by e.created_at desc, e.id desc
      limit ${limit}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    operatorSid: r.operator_sid,
    operatorName: r.operator_name,
    operatorUsername: r.operator_username,
    action: r.action,
    entity: r.entity,
    entitySid: r.entity_sid,
    entityRef: r.entity_ref,
    before: r.before,
    after: r.after,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
    at: r.at,
    archived: r.archived,
  }));
}
