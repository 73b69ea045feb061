import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rows moved out of the hot tables once they are past their working life
 * (docs/decisions/0027-how-long-each-table-lives.md): the same columns and ids, no identity, no
 * foreign keys, read only by people reconstructing the past. The retention job moves them here
 * in batches and deletes them when their keeping period (counted from the end of their China
 * year) is over.
 */
export const paymentEventsArchive = pgTable(
  'payment_events_archive',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    orderSid: text(),
    gateway: text().notNull(),
    kind: text().notNull(),
    tradeNo: text(),
    amountCents: bigint({ mode: 'number' }),
    verified: boolean().notNull(),
    outcome: text().notNull(),
    payload: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('payment_events_archive_order_idx').on(t.orderSid, t.createdAt),
    // The end-of-keeping purge walks the oldest rows.
    index('payment_events_archive_created_idx').on(t.createdAt),
  ],
);

export const auditLogsArchive = pgTable(
  'audit_logs_archive',
  {
    id: bigint({ mode: 'number' }).primaryKey(),
    operatorSid: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entitySid: text(),
    refs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    before: jsonb(),
    after: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The console's audit search reads the archive with the same filters as audit_logs.
  (t) => [
    index('audit_logs_archive_time_idx').on(t.createdAt, t.id),
    index('audit_logs_archive_operator_idx').on(t.operatorSid, t.createdAt, t.id),
    index('audit_logs_archive_operator_action_idx').on(t.operatorSid, t.action, t.createdAt, t.id),
    index('audit_logs_archive_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_logs_archive_entity_time_idx').on(t.entity, t.createdAt, t.id),
    index('audit_logs_archive_refs_gin').using('gin', t.refs),
  ],
);
