import { AuditAction, AuditEntity, type TAdminKeywordsResponse } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import { type KeywordKind, listKeywordsOfKind, replaceKeywordsOfKind } from './admin-keyword.repository.js';
import { recordOperatorAction } from '../audit/index.js';
import type { OperatorRow } from '../../db/rows.js';

/** Any constants: they only keep two operators saving the same list from interleaving. */
const LIST_LOCK: Record<KeywordKind, number> = { pinned: 7_310_501, curated: 7_310_502, blocked: 7_310_503 };
const ACTION: Record<KeywordKind, string> = {
  pinned: AuditAction.KEYWORDS_PINNED,
  curated: AuditAction.KEYWORDS_CURATED,
  blocked: AuditAction.KEYWORDS_BLOCKED,
};

export async function getKeywordLists(deps: Pick<AppDeps, 'db'>): Promise<TAdminKeywordsResponse> {
  const [pinned, curated, blocked] = await Promise.all([
    listKeywordsOfKind(deps.db, 'pinned'),
    listKeywordsOfKind(deps.db, 'curated'),
    listKeywordsOfKind(deps.db, 'blocked'),
  ]);
  return { pinned, curated, blocked };
}

/**
 * Replaces the pinned hot keywords (shown first in the hot-keyword panel, in this order), the
 * curated list, or the blocked list (never shown as hot; it takes effect at the next read). An unchanged list writes nothing and logs nothing.
 */
export async function replaceKeywordList(
  deps: Pick<AppDeps, 'db'>,
  operator: OperatorRow,
  kind: KeywordKind,
  list: string[],
): Promise<TAdminKeywordsResponse> {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIST_LOCK[kind]})`);
    const before = await listKeywordsOfKind(tx, kind);
    if (JSON.stringify(before) === JSON.stringify(list)) return;
    await replaceKeywordsOfKind(tx, kind, list);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: ACTION[kind],
      entity: AuditEntity.KEYWORDS,
      entitySid: kind,
      before: { keywords: before },
      after: { keywords: list },
    });
  });
  return getKeywordLists(deps);
}
