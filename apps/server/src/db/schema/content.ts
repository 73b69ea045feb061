import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Content the operators edit (内容管理, docs/decisions/0042): one row per document (the FAQ, an
 * agreement…), naming the version the site shows and the unpublished draft, if any. A document
 * without a row is seeded with its version 1 (the text the site had before) when first read.
 */
export const contentDocuments = pgTable('content_documents', {
  key: text().primaryKey(),
  publishedVersion: integer().notNull(),
  /** The draft being edited: a version never published, newer than every other. */
  draftVersion: integer(),
  updatedAt: now(),
});

/**
 * Every version of every document, kept for good: a consent names one, and a dispute shows its
 * text. `html` is the sanitised drawing of `body` made when the version was saved, so what the
 * site shows is exactly what was previewed and published. Read by (key, version) newest first.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    key: text().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    /** The Markdown as the operator typed it. */
    body: text().notNull(),
    html: text().notNull(),
    /** The version a rollback copied. */
    restoredFrom: integer(),
    /** The operator who wrote it; null for the seeded version 1. */
    createdBy: text(),
    createdAt: now(),
    updatedAt: now(),
    publishedBy: text(),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.key, t.version] })],
);

/**
 * Which version of which agreement a user accepted, doing what (registration, the licence
 * agreement before paying, the VIP agreement), kept as long as the orders and licences it
 * concerns. Read per company, newest first.
 */
export const contentConsents = pgTable(
  'content_consents',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account that ticked it. */
    userSid: text().notNull(),
    /** Its company: the main account (the account itself for a main account). */
    ownerSid: text().notNull(),
    documentKey: text().notNull(),
    version: integer().notNull(),
    context: text().notNull(),
    orderSid: text(),
    createdAt: now(),
  },
  (t) => [index('content_consents_owner_idx').on(t.ownerSid, t.id)],
);
