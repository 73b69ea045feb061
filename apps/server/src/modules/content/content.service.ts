import {
  CONTENT_KEYS,
  type ContentKey,
  type ConsentContext,
  ErrorCode,
  type TConsentsResponse,
  type TContentDocumentsResponse,
  type TContentVersion,
  type TContentVersionsResponse,
  type TPublishedContent,
  ownerSidOf,
} from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { OperatorRow, UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { recordOperatorAction } from '../audit/index.js';
import { renderContent } from './content-render.js';
import {
  type ContentVersionSummaryRow,
  findDocuments,
  findPublished,
  findVersion,
  insertConsents,
  insertPublishedConsent,
  insertVersion,
  listConsents as listConsentRows,
  listVersions as listVersionRows,
  lockDocument,
  markPublished,
  newestVersion,
  seedDocuments,
  updateDocument,
  updateDraftText,
} from './content.repository.js';
import { CONTENT_SEED } from './content-seed.js';

export interface ContentDeps extends Pick<AppDeps, 'db' | 'changes'> {
  /** The published documents this server has read, by key: made by the module's factory. */
  published: Map<ContentKey, TPublishedContent>;
}

/** A key of the catalogue of documents, or CONTENT_NOT_FOUND. */
export function contentKeyOf(key: string): ContentKey {
  const found = CONTENT_KEYS.find((k) => k === key);
  if (!found) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
  return found;
}

/** Seeds version 1 of the documents among `keys` that have no row yet (the texts the site had as code). */
async function ensureDocuments(db: DbOrTx, keys: readonly ContentKey[]): Promise<void> {
  const present = new Set((await findDocuments(db, keys)).map((d) => d.key));
  const missing = keys.filter((k) => !present.has(k));
  await seedDocuments(
    db,
    missing.map((key) => ({ key, ...CONTENT_SEED[key], html: renderContent(key, CONTENT_SEED[key].body) })),
  );
}

const iso = (at: Date | string) => new Date(at).toISOString();

/**
 * GET /api/content/:key. Kept in memory once read; a publish or rollback through this server
 * forgets it at once and, through the change feed (docs/decisions/0040, channel `content`), on
 * every other server as soon as the notification arrives.
 */
export async function getPublished(deps: ContentDeps, rawKey: string): Promise<TPublishedContent> {
  const key = contentKeyOf(rawKey);
  const cached = deps.published.get(key);
  if (cached) return cached;
  let [row] = await findPublished(deps.db, [key]);
  if (!row) {
    await ensureDocuments(deps.db, [key]);
    [row] = await findPublished(deps.db, [key]);
  }
  if (!row) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
  const content: TPublishedContent = {
    key,
    title: row.title,
    version: row.version,
    html: row.html,
    publishedAt: iso(row.publishedAt ?? row.createdAt),
  };
  deps.published.set(key, content);
  return content;
}

/** Drops what this server keeps of the published documents (another server published). */
export function forgetPublished(deps: ContentDeps): void {
  deps.published.clear();
}

/** GET /api/admin/content: every document, in the catalogue's order. */
export async function listDocuments(deps: ContentDeps): Promise<TContentDocumentsResponse> {
  await ensureDocuments(deps.db, CONTENT_KEYS);
  const [documents, published] = await Promise.all([
    findDocuments(deps.db, CONTENT_KEYS),
    findPublished(deps.db, CONTENT_KEYS),
  ]);
  const documentOf = new Map(documents.map((d) => [d.key, d]));
  const publishedOf = new Map(published.map((v) => [v.key, v]));
  return {
    documents: CONTENT_KEYS.flatMap((key) => {
      const document = documentOf.get(key);
      const version = publishedOf.get(key);
      if (!document || !version) return [];
      return [
        {
          key,
          title: version.title,
          publishedVersion: document.publishedVersion,
          publishedAt: iso(version.publishedAt ?? version.createdAt),
          draftVersion: document.draftVersion,
          updatedAt: iso(document.updatedAt),
        },
      ];
    }),
  };
}

async function documentOf(db: DbOrTx, key: ContentKey) {
  await ensureDocuments(db, [key]);
  const [document] = await findDocuments(db, [key]);
  if (!document) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
  return document;
}

function stateOf(document: { publishedVersion: number; draftVersion: number | null }, version: number) {
  if (version === document.publishedVersion) return 'published' as const;
  if (version === document.draftVersion) return 'draft' as const;
  return 'earlier' as const;
}

function summaryOf(document: { publishedVersion: number; draftVersion: number | null }, row: ContentVersionSummaryRow) {
  return {
    version: row.version,
    title: row.title,
    state: stateOf(document, row.version),
    restoredFrom: row.restoredFrom,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt),
    publishedBy: row.publishedBy,
    publishedAt: row.publishedAt ? iso(row.publishedAt) : null,
  };
}

const BAD_CURSOR = '分页位置不正确，请从第一页重新查看';

/** GET /api/admin/content/:key/versions: newest first; the cursor is the last version shown. */
export async function listVersions(
  deps: ContentDeps,
  rawKey: string,
  query: { page_size: number; cursor?: string | undefined },
): Promise<TContentVersionsResponse> {
  const key = contentKeyOf(rawKey);
  let before: number | undefined;
  if (query.cursor !== undefined) {
    before = Number(query.cursor);
    if (!Number.isInteger(before) || before < 1) {
      throw new AppError(ErrorCode.VALIDATION, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
    }
  }
  const document = await documentOf(deps.db, key);
  const rows = await listVersionRows(deps.db, key, { limit: query.page_size + 1, before });
  const page = rows.slice(0, query.page_size);
  return {
    versions: page.map((row) => summaryOf(document, row)),
    nextCursor: rows.length > query.page_size ? String(page.at(-1)!.version) : null,
  };
}

async function versionOf(db: DbOrTx, key: ContentKey, version: number): Promise<TContentVersion> {
  const document = await documentOf(db, key);
  const row = await findVersion(db, key, version);
  if (!row) throw new AppError(ErrorCode.CONTENT_VERSION_NOT_FOUND);
  return { key, ...summaryOf(document, row), body: row.body, html: row.html };
}

/** GET /api/admin/content/:key/versions/:version. */
export async function getVersion(deps: ContentDeps, rawKey: string, version: number): Promise<TContentVersion> {
  return versionOf(deps.db, contentKeyOf(rawKey), version);
}

/** POST /api/admin/content/preview: exactly what the site would show for the body. */
export function previewContent(_deps: ContentDeps, input: { key: string; body: string }): { html: string } {
  return { html: renderContent(contentKeyOf(input.key), input.body) };
}

/**
 * PUT /api/admin/content/:key/draft. A document has at most one draft: the first save after a
 * publish makes a new version (the newest number), later saves replace its text. `base` is the
 * version the editor opened; when another operator saved or published since, nothing is written
 * (CONTENT_EDIT_CONFLICT) rather than their text being overwritten unseen.
 */
export async function saveDraft(
  deps: ContentDeps,
  operator: OperatorRow,
  rawKey: string,
  input: { title: string; body: string; base: number },
): Promise<TContentVersion> {
  const key = contentKeyOf(rawKey);
  await ensureDocuments(deps.db, [key]);
  const html = renderContent(key, input.body);
  return deps.db.transaction(async (tx) => {
    const document = await lockDocument(tx, key);
    if (!document) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
    const newest = await newestVersion(tx, key);
    if (input.base !== newest) throw new AppError(ErrorCode.CONTENT_EDIT_CONFLICT);
    let version = document.draftVersion;
    if (version === null) {
      version = newest + 1;
      await insertVersion(tx, { key, version, title: input.title, body: input.body, html, createdBy: operator.sid });
      await updateDocument(tx, key, { draftVersion: version });
    } else {
      await updateDraftText(tx, key, version, { title: input.title, body: input.body, html });
    }
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'content.save_draft',
      entity: 'content',
      entitySid: key,
      before: null,
      after: { version, title: input.title, length: input.body.length },
    });
    return versionOf(tx, key, version);
  });
}

/** After a publish or rollback committed: this server at once, the others through the change feed. */
async function announce(deps: ContentDeps): Promise<void> {
  forgetPublished(deps);
  await deps.changes.publish('content');
}

/** POST /api/admin/content/:key/publish: the draft becomes what the site shows. */
export async function publishDraft(
  deps: ContentDeps,
  operator: OperatorRow,
  rawKey: string,
  input: { version: number },
): Promise<TContentVersion> {
  const key = contentKeyOf(rawKey);
  await ensureDocuments(deps.db, [key]);
  const published = await deps.db.transaction(async (tx) => {
    const document = await lockDocument(tx, key);
    if (!document) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
    if (document.draftVersion !== input.version) {
      if (!(await findVersion(tx, key, input.version))) throw new AppError(ErrorCode.CONTENT_VERSION_NOT_FOUND);
      throw new AppError(ErrorCode.CONTENT_NOT_DRAFT);
    }
    await markPublished(tx, key, input.version, operator.sid);
    await updateDocument(tx, key, { publishedVersion: input.version, draftVersion: null });
    const version = await versionOf(tx, key, input.version);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'content.publish',
      entity: 'content',
      entitySid: key,
      before: { version: document.publishedVersion },
      after: { version: input.version, title: version.title },
    });
    return version;
  });
  await announce(deps);
  return published;
}

/**
 * POST /api/admin/content/:key/rollback: an earlier version's text is published again as a new
 * version (so every consent keeps naming the text it was given). A draft in progress stays in
 * the history, unpublished.
 */
export async function rollbackTo(
  deps: ContentDeps,
  operator: OperatorRow,
  rawKey: string,
  input: { version: number },
): Promise<TContentVersion> {
  const key = contentKeyOf(rawKey);
  await ensureDocuments(deps.db, [key]);
  const restored = await deps.db.transaction(async (tx) => {
    const document = await lockDocument(tx, key);
    if (!document) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
    const source = await findVersion(tx, key, input.version);
    if (!source) throw new AppError(ErrorCode.CONTENT_VERSION_NOT_FOUND);
    if (input.version === document.publishedVersion) throw new AppError(ErrorCode.CONTENT_ALREADY_PUBLISHED);
    const version = (await newestVersion(tx, key)) + 1;
    await insertVersion(tx, {
      key,
      version,
      title: source.title,
      body: source.body,
      // drawn again: the sanitiser of today applies to an old text published again
      html: renderContent(key, source.body),
      restoredFrom: input.version,
      createdBy: operator.sid,
    });
    await markPublished(tx, key, version, operator.sid);
    await updateDocument(tx, key, { publishedVersion: version, draftVersion: null });
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: 'content.rollback',
      entity: 'content',
      entitySid: key,
      before: { version: document.publishedVersion, draftVersion: document.draftVersion },
      after: { version, restoredFrom: input.version, title: source.title },
    });
    return versionOf(tx, key, version);
  });
  await announce(deps);
  return restored;
}

/** One agreement a user ticked: its key and, when the page said so, the version it showed. */
export interface AgreedDocument {
  key: ContentKey;
  version?: number | undefined;
}

/**
 * Records, in the caller's transaction, which version of each agreement the user accepted. A
 * version the page showed that is no longer the published one is refused (CONSENT_OUTDATED:
 * the user must read the new text); without one, the published version is the one accepted.
 */
export async function recordConsents(
  tx: DbOrTx,
  consent: { user: UserRow; documents: readonly AgreedDocument[]; context: ConsentContext; orderSid?: string | null },
): Promise<void> {
  const [only] = consent.documents;
  if (consent.documents.length === 1 && only) {
    // An order's one agreement (every placement): read and written in one statement; a missing
    // document or an outdated version falls through to the long way, which says which.
    const written = await insertPublishedConsent(tx, {
      userSid: consent.user.sid,
      ownerSid: ownerSidOf(consent.user),
      documentKey: only.key,
      version: only.version ?? null,
      context: consent.context,
      orderSid: consent.orderSid ?? null,
    });
    if (written) return;
  }
  const keys = consent.documents.map((d) => d.key);
  // One read when every document exists (every order placed after the first): the seed and its
  // second read happen only on a fresh database.
  let found = await findDocuments(tx, keys);
  if (found.length < new Set(keys).size) {
    await ensureDocuments(tx, keys);
    found = await findDocuments(tx, keys);
  }
  const publishedOf = new Map(found.map((d) => [d.key, d.publishedVersion]));
  const rows = consent.documents.map((document) => {
    const published = publishedOf.get(document.key);
    if (published === undefined) throw new AppError(ErrorCode.CONTENT_NOT_FOUND);
    if (document.version !== undefined && document.version !== published) {
      throw new AppError(ErrorCode.CONSENT_OUTDATED);
    }
    return {
      userSid: consent.user.sid,
      ownerSid: ownerSidOf(consent.user),
      documentKey: document.key,
      version: published,
      context: consent.context,
      orderSid: consent.orderSid ?? null,
    };
  });
  await insertConsents(tx, rows);
}

/** GET /api/admin/consents: a company's accepted agreements, newest first; the cursor is the last id shown. */
export async function listConsents(
  deps: ContentDeps,
  query: { company: string; page_size: number; cursor?: string | undefined },
): Promise<TConsentsResponse> {
  let before: number | undefined;
  if (query.cursor !== undefined) {
    before = Number(query.cursor);
    if (!Number.isInteger(before) || before < 1) {
      throw new AppError(ErrorCode.VALIDATION, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
    }
  }
  const rows = await listConsentRows(deps.db, query.company, { limit: query.page_size + 1, before });
  const page = rows.slice(0, query.page_size);
  return {
    consents: page.map((r) => ({
      key: contentKeyOf(r.key),
      version: r.version,
      context: r.context as ConsentContext,
      orderSid: r.orderSid,
      account: r.account,
      createdAt: iso(r.createdAt),
    })),
    nextCursor: rows.length > query.page_size ? String(page.at(-1)!.id) : null,
  };
}
