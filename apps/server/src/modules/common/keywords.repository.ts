import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { keywords, searchLogs } from '../../db/schema/index.js';

const HOT_KEYWORD_COUNT = 10;
const HOT_WINDOW_DAYS = 7;

export async function listCuratedKeywords(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(eq(keywords.kind, 'curated'))
    .orderBy(asc(keywords.position), asc(keywords.id));
  return rows.map((r) => r.keyword);
}

/** Operator-pinned keywords first, then the most searched of the last week. */
export async function listHotKeywords(db: DbOrTx): Promise<string[]> {
  const pinned = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(eq(keywords.kind, 'pinned'))
    .orderBy(asc(keywords.position), asc(keywords.id));
  const since = new Date(Date.now() - HOT_WINDOW_DAYS * 24 * 3600 * 1000);
  const searched = await db
    .select({ keyword: searchLogs.keyword, n: sql<number>`count(*)::int` })
    .from(searchLogs)
    .where(and(gte(searchLogs.createdAt, since)))
    .groupBy(searchLogs.keyword)
    .orderBy(desc(sql`count(*)`))
    .limit(HOT_KEYWORD_COUNT * 2);
  const result: string[] = [];
  for (const k of [...pinned.map((p) => p.keyword), ...searched.map((s) => s.keyword)]) {
    if (!result.includes(k)) result.push(k);
    if (result.length >= HOT_KEYWORD_COUNT) break;
  }
  return result;
}
