import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { orders } from './commerce.js';
import { operators, users } from './users.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A VAT invoice request of a company (`ownerSid`: its main account) for one or more paid
 * orders (`invoice_orders`). Requested → issued (the PDF at `fileKey`) or rejected (reason);
 * after a rejection the buyer makes a new request. An issued one may be voided or reversed
 * (reason kept), its replacement pointing back at it through `replacesSid`. The operator's queue reads
 * (status, due_at); the buyer's orders read their invoices through `invoice_orders`.
 */
export const invoices = pgTable(
  'invoices',
  {
    sid: text().primaryKey(),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    requestedBySid: text()
      .notNull()
      .references(() => users.sid),
    type: text().notNull(),
    title: text().notNull(),
    taxpayerNumber: text().notNull(),
    registeredAddress: text(),
    registeredPhone: text(),
    bankName: text(),
    bankAccount: text(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('REQUESTED'),
    rejectReason: text(),
    fileKey: text(),
    /** Promised issue date: 10 working days after the request, China time. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    issuedAt: timestamp({ withTimezone: true }),
    operatorSid: text(),
    /** Why an issued invoice was voided (作废) or reversed by a red-letter invoice (红冲), when, by whom. */
    voidReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidedBySid: text(),
    /** The voided invoice this request re-issues (decision 0025): the same title, orders and amount. */
    replacesSid: text().references((): AnyPgColumn => invoices.sid),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('invoices_replaces_key').on(t.replacesSid),
    index('invoices_status_due_idx').on(t.status, t.dueAt, t.sid),
    index('invoices_due_idx').on(t.dueAt, t.sid),
    index('invoices_owner_idx').on(t.ownerSid, t.createdAt.desc()),
  ],
);

/**
 * The orders an invoice covers and the amount of each. `active` is true while the invoice is
 * waiting or issued and false once it is rejected: the partial unique index lets an order be on
 * at most one active invoice, whatever the concurrency, and on any number of rejected ones.
 */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceSid: text()
      .notNull()
      .references(() => invoices.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    amountCents: bigint({ mode: 'number' }).notNull(),
    active: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceSid, t.orderSid] }),
    uniqueIndex('invoice_orders_active_order_key')
      .on(t.orderSid)
      .where(sql`${t.active}`),
    index('invoice_orders_order_idx').on(t.orderSid),
  ],
);

/**
 * A custom design request (DemandStateMachine in the contract). `ownerSid` is the company (the
 * main account) so every account of it sees the request; `stageDeadline` is when the current
 * stage is due (null while it is the buyer's turn), kept on the row so the operators' board
 * pages by it through an index instead of computing it per row.
 */
export const demands = pgTable(
  'demands',
  {
    sid: text().primaryKey(),
    materialSid: text().references(() => materials.sid),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text().references(() => orders.sid),
    tier: text().notNull().default('advanced'),
    status: text().notNull().default('CREATED'),
    productKey: text(),
    logoKey: text(),
    resultKey: text(),
    detail: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Quoted tiers: what the buyer asked for (text, reference keys, AI video duration and ratio). */
    brief: jsonb().$type<DemandBriefRow>(),
    quotePriceCents: integer(),
    quoteLeadDays: integer(),
    designerSid: text().references(() => operators.sid),
    revisionsUsed: integer().notNull().default(0),
    stageDeadline: timestamp({ withTimezone: true }),
    /** The buyer's latest feedback, and when a designer said it was taken up (same working day). */
    feedbackAt: timestamp({ withTimezone: true }),
    feedbackAnsweredAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // 定制记录 of one account or a company, newest first, sid breaking ties.
    index('demands_user_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
    index('demands_owner_idx').on(t.ownerSid, t.createdAt.desc(), t.sid.desc()),
    index('demands_board_idx').on(t.status, t.stageDeadline, t.sid),
    index('demands_deadline_idx').on(t.stageDeadline, t.sid),
    uniqueIndex('demands_order_key').on(t.orderSid),
  ],
);

export interface DemandBriefRow {
  text: string;
  references: string[];
  duration: number | null;
  aspectRatio: string | null;
}

/**
 * What a designer handed over: drafts (version 1 = first draft, then one per revision) and the
 * final delivery (at most one per demand). The file itself is private; `previewKey` is a
 * downsized picture for the browser (null for a video).
 */
export const designFiles = pgTable(
  'design_files',
  {
    sid: text().primaryKey(),
    demandSid: text()
      .notNull()
      .references(() => demands.sid),
    kind: text().notNull(),
    version: integer().notNull(),
    fileKey: text().notNull(),
    previewKey: text(),
    contentType: text().notNull(),
    width: integer(),
    height: integer(),
    bytes: bigint({ mode: 'number' }).notNull(),
    fileName: text().notNull(),
    uploadedBy: text()
      .notNull()
      .references(() => operators.sid),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('design_files_version_key').on(t.demandSid, t.kind, t.version),
    uniqueIndex('design_files_final_key')
      .on(t.demandSid)
      .where(sql`${t.kind} = 'final'`),
  ],
);

/** Feedback on a draft: pinned to a point (x, y as fractions) or general; from the buyer or a designer. */
export const designComments = pgTable(
  'design_comments',
  {
    sid: text().primaryKey(),
    demandSid: text()
      .notNull()
      .references(() => demands.sid),
    fileSid: text()
      .notNull()
      .references(() => designFiles.sid),
    authorKind: text().notNull(),
    authorSid: text().notNull(),
    x: doublePrecision(),
    y: doublePrecision(),
    body: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('design_comments_demand_idx').on(t.demandSid, t.createdAt)],
);

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

/**
 * Site settings operators change in the console (one row per key, e.g. the customer-service
 * QR image), shared by every server through the database.
 */
export const siteSettings = pgTable('site_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: text(),
  updatedAt: now(),
});

/** Messages kept instead of sent when no mail or SMS provider is configured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    code: text(),
    text: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc())],
);

/**
 * One row per running server process (src/ops/cluster.ts): registered at start, refreshed every
 * HEARTBEAT_INTERVAL_SECONDS with one upsert, deleted on a clean shutdown. Rows of processes
 * that died without one are deleted after an hour by any live server. Times are the
 * database's own clock, so servers' clocks need not agree.
 */
export const serverHeartbeats = pgTable(
  'server_heartbeats',
  {
    /** Random per process start. */
    instanceId: text().primaryKey(),
    host: text().notNull(),
    pid: integer().notNull(),
    /** 'local' or 's3'. */
    storageDriver: text().notNull(),
    /** Which storage: the local media directory, or the S3 endpoint and bucket. */
    storageIdentity: text().notNull(),
    startedAt: now(),
    lastSeenAt: now(),
  },
  // The live-peers query: last_seen_at within the window.
  (t) => [index('server_heartbeats_last_seen_idx').on(t.lastSeenAt)],
);
