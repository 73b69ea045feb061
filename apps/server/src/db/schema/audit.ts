import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Operator writes and sign-ins: who, what, when, before and after. `refs` holds the sid of the
 * entry's object and of every other object it concerns (an invoice's orders, a demand's order),
 * so "everything that touched this order" is one indexed lookup. Read newest first by
 * (created_at, id); each filter of the console has an index ending in that order.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a failed sign-in under a name no operator has. */
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
    createdAt: now(),
  },
  (t) => [
    // Also the retention job's order: it moves the oldest rows to audit_logs_archive.
    index('audit_logs_time_idx').on(t.createdAt, t.id),
    index('audit_logs_operator_idx').on(t.operatorSid, t.createdAt, t.id),
    // What one operator did of one kind (财务 Li's 确认到账), however rare among its entries.
    index('audit_logs_operator_action_idx').on(t.operatorSid, t.action, t.createdAt, t.id),
    index('audit_logs_action_idx').on(t.action, t.createdAt, t.id),
    index('audit_logs_entity_time_idx').on(t.entity, t.createdAt, t.id),
    index('audit_logs_refs_gin').using('gin', t.refs),
  ],
);
