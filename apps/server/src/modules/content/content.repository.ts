import { type ContentKey } from '@gemstock/contract';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { preparedSqlIn, rowsOf } from '../../db/sql.js';
import { contentConsents, contentDocuments, contentVersions, operators, users } from '../../db/schema/index.js';

export type ContentDocumentRow = typeof contentDocuments.$inferSelect;
export type ContentVersionRow = typeof contentVersions.$inferSelect;
export type ContentConsentInsert = typeof contentConsents.$inferInsert;

/** Version 1 of documents that have none yet (several servers may seed at once: the first wins). */
export async function seedDocuments(
  tx: DbOrTx,
  seeds: readonly { key: ContentKey; title: string; body: string; html: string }[],
): Promise<void> {
  if (seeds.length === 0) return;
  await tx
    .insert(contentVersions)
    .values(
      seeds.map((s) => ({
        key: s.key,
        version: 1,
        title: s.title,
        body: s.body,
        html: s.html,
        publishedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(contentDocuments)
    .values(seeds.map((s) => ({ key: s.key, publishedVersion: 1 })))
    .onConflictDoNothing();
}

export async function findDocuments(db: DbOrTx, keys: readonly ContentKey[]): Promise<ContentDocumentRow[]> {
  return db
    .select()
    .from(contentDocuments)
    .where(inArray(contentDocuments.key, [...keys]));
}

/** The document's row, locked until the transaction ends: one change of a document at a time. */
export async function lockDocument(tx: DbOrTx, key: ContentKey): Promise<ContentDocumentRow | undefined> {
  const [row] = await tx.select().from(contentDocuments).where(eq(contentDocuments.key, key)).for('update');
  return row;
}

export async function updateDocument(
  tx: DbOrTx,
  key: ContentKey,
  set: { publishedVersion?: number; draftVersion: number | null },
): Promise<void> {
  await tx
    .update(contentDocuments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(contentDocuments.key, key));
}

/** The published version of each document asked for, with its text. */
export async function findPublished(
  db: DbOrTx,
  keys: readonly ContentKey[],
): Promise<(ContentVersionRow & { key: ContentKey })[]> {
  const rows = await db
    .select({ version: contentVersions })
    .from(contentDocuments)
    .innerJoin(
      contentVersions,
      and(
        eq(contentVersions.key, contentDocuments.key),
        eq(contentVersions.version, contentDocuments.publishedVersion),
      ),
    )
    .where(inArray(contentDocuments.key, [...keys]));
  return rows.map((r) => r.version as ContentVersionRow & { key: ContentKey });
}

const author = alias(operators, 'author');
const publisher = alias(operators, 'publisher');
const versionSummary = {
  version: contentVersions.version,
  title: contentVersions.title,
  restoredFrom: contentVersions.restoredFrom,
  createdAt: contentVersions.createdAt,
  publishedAt: contentVersions.publishedAt,
  createdBy: sql<string | null>`coalesce(${author.name}, ${author.username})`,
  publishedBy: sql<string | null>`coalesce(${publisher.name}, ${publisher.username})`,
};
export type ContentVersionSummaryRow = {
  version: number;
  title: string;
  restoredFrom: number | null;
  createdAt: Date;
  publishedAt: Date | null;
  createdBy: string | null;
  publishedBy: string | null;
};

/** A page of a document's versions, newest first (the primary key's order), after `before` when given. */
export async function listVersions(
  db: DbOrTx,
  key: ContentKey,
  page: { limit: number; before?: number | undefined },
): Promise<ContentVersionSummaryRow[]> {
  return db
    .select(versionSummary)
    .from(contentVersions)
    .leftJoin(author, eq(author.sid, contentVersions.createdBy))
    .leftJoin(publisher, eq(publisher.sid, contentVersions.publishedBy))
    .where(
      and(
        eq(contentVersions.key, key),
        page.before === undefined ? undefined : lt(contentVersions.version, page.before),
      ),
    )
    .orderBy(desc(contentVersions.version))
    .limit(page.limit);
}

export async function findVersion(
  db: DbOrTx,
  key: ContentKey,
  version: number,
): Promise<(ContentVersionSummaryRow & { body: string; html: string }) | undefined> {
  const [row] = await db
    .select({ ...versionSummary, body: contentVersions.body, html: contentVersions.html })
    .from(contentVersions)
    .leftJoin(author, eq(author.sid, contentVersions.createdBy))
    .leftJoin(publisher, eq(publisher.sid, contentVersions.publishedBy))
    .where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)));
  return row;
}

export async function newestVersion(tx: DbOrTx, key: ContentKey): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${contentVersions.version}), 0)::int` })
    .from(contentVersions)
    .where(eq(contentVersions.key, key));
  return Number(row?.n ?? 0);
}

export async function insertVersion(tx: DbOrTx, row: typeof contentVersions.$inferInsert): Promise<void> {
  await tx.insert(contentVersions).values(row);
}

export async function updateDraftText(
  tx: DbOrTx,
  key: ContentKey,
  version: number,
  text: { title: string; body: string; html: string },
): Promise<void> {
  await tx
    .update(contentVersions)
    .set({ ...text, updatedAt: sql`now()` })
    .where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)));
}

export async function markPublished(tx: DbOrTx, key: ContentKey, version: number, operatorSid: string): Promise<void> {
  await tx
    .update(contentVersions)
    .set({ publishedBy: operatorSid, publishedAt: sql`now()` })
    .where(and(eq(contentVersions.key, key), eq(contentVersions.version, version)));
}

export async function insertConsents(tx: DbOrTx, rows: readonly ContentConsentInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(contentConsents).values([...rows]);
}

/**
 * One document's consent at its published version, read and written in one statement: true
 * when written; false (nothing written) when the document does not exist yet or `version` is
 * given and is not the published one, which the caller then tells apart the long way.
 */
export async function insertPublishedConsent(
  tx: DbOrTx,
  row: Omit<ContentConsentInsert, 'version'> & { version: number | null },
): Promise<boolean> {
  const result = await preparedSqlIn(
    tx,
    'content_consent_published',
    () => sql`
      INSERT INTO ${contentConsents} ("user_sid", "owner_sid", "document_key", "version", "context", "order_sid")
      SELECT ${sql.placeholder('user')}::text, ${sql.placeholder('owner')}::text, d."key", d."published_version",
        ${sql.placeholder('context')}::text, ${sql.placeholder('order')}::text
      FROM ${contentDocuments} d
      WHERE d."key" = ${sql.placeholder('key')}::text
        AND (${sql.placeholder('version')}::int IS NULL OR d."published_version" = ${sql.placeholder('version')}::int)
      RETURNING "id"`,
  ).execute({
    user: row.userSid,
    owner: row.ownerSid,
    context: row.context,
    order: row.orderSid ?? null,
    key: row.documentKey,
    version: row.version,
  });
  return rowsOf(result).length === 1;
}

/** A company's consents, newest first (content_consents_owner_idx), after the id `before` when given. */
export async function listConsents(db: DbOrTx, ownerSid: string, page: { limit: number; before?: number | undefined }) {
  return db
    .select({
      id: contentConsents.id,
      key: contentConsents.documentKey,
      version: contentConsents.version,
      context: contentConsents.context,
      orderSid: contentConsents.orderSid,
      createdAt: contentConsents.createdAt,
      account: sql<string>`coalesce(${users.username}, ${users.email}, ${users.mobile}, ${contentConsents.userSid})`,
    })
    .from(contentConsents)
    .leftJoin(users, eq(users.sid, contentConsents.userSid))
    .where(
      and(
        eq(contentConsents.ownerSid, ownerSid),
        page.before === undefined ? undefined : lt(contentConsents.id, page.before),
      ),
    )
    .orderBy(desc(contentConsents.id))
    .limit(page.limit);
}
