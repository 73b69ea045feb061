import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { keywords } from '../../db/schema/index.js';

export type KeywordKind = 'pinned' | 'curated' | 'blocked';

export async function listKeywordsOfKind(db: DbOrTx, kind: KeywordKind): Promise<string[]> {
  const rows = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(eq(keywords.kind, kind))
    .orderBy(asc(keywords.position), asc(keywords.id));
  return rows.map((r) => r.keyword);
}

/** Replaces the whole list of one kind, in order. Run inside a transaction. */
export async function replaceKeywordsOfKind(db: DbOrTx, kind: KeywordKind, list: string[]): Promise<void> {
  await db.delete(keywords).where(eq(keywords.kind, kind));
  if (list.length > 0) {
    await db.insert(keywords).values(list.map((keyword, position) => ({ kind, keyword, position })));
  }
}
