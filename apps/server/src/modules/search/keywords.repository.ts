import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { hotKeywords, keywords } from '../../db/schema/index.js';

/** How many terms the hot-keyword panel shows. */
export const HOT_KEYWORD_COUNT = 10;
/** Searches older than this no longer make a term hot. */
const HOT_WINDOW_DAYS = 7;
/** Computed terms kept, so that blocking a few still leaves a full panel. */
const HOT_KEYWORDS_KEPT = 50;
/** Any constant: two servers recomputing at once take turns. */
const RECOMPUTE_LOCK = 7_310_601;

export async function listCuratedKeywords(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ keyword: keywords.keyword })
    .from(keywords)
    .where(eq(keywords.kind, 'curated'))
    .orderBy(asc(keywords.position), asc(keywords.id));
  return rows.map((r) => r.keyword);
}

/**
 * Operator-pinned keywords first, then the terms last computed by recomputeHotKeywords; a term
 * on the operator's blocked list never appears (checked here too, so a block works at once).
 * Reads two small tables: nothing here touches the search log.
 */
export async function listHotKeywords(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(sql`
    select candidate.keyword from (
      select keyword, 0 as tier, position as rank, id from ${keywords} where kind = 'pinned'
      union all
      select keyword, 1 as tier, rank, 0 as id from ${hotKeywords}
    ) as candidate
    where lower(candidate.keyword) not in (select lower(keyword) from ${keywords} where kind = 'blocked')
    order by candidate.tier, candidate.rank, candidate.id`);
  const rows = (result as unknown as { rows: { keyword: string }[] }).rows;
  const list: string[] = [];
  for (const { keyword } of rows) {
    if (!list.includes(keyword)) list.push(keyword);
    if (list.length >= HOT_KEYWORD_COUNT) break;
  }
  return list;
}

export interface HotKeywordRules {
  /** Different people (accounts, or client addresses of visitors) who searched the term. */
  minSearchers: number;
}

/**
 * Rebuilds the hot_keywords table from the last week of the search log, in one transaction
 * (readers see the old list or the new one, never a half). A term qualifies when its searches
 * found something — the latest one included, so a term whose materials are gone drops out —
 * and enough different people searched it; blocked terms are left out. Returns the count kept.
 */
export async function recomputeHotKeywords(db: DbOrTx, rules: HotKeywordRules): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RECOMPUTE_LOCK})`);
    await tx.delete(hotKeywords);
    const result = await tx.execute(sql`
      insert into ${hotKeywords} (keyword, rank, searchers)
      select keyword, row_number() over (order by searchers desc, searches desc, keyword), searchers
      from (
        select keyword,
               count(distinct searcher_key) filter (where result_count > 0) as searchers,
               count(*) filter (where result_count > 0) as searches,
               (array_agg(result_count order by created_at desc, id desc))[1] as latest_result_count
        from search_logs
        where created_at > now() - make_interval(days => ${HOT_WINDOW_DAYS})
          and searcher_key is not null
          and lower(keyword) not in (select lower(keyword) from ${keywords} where kind = 'blocked')
        group by keyword
      ) as counted
      where searchers >= ${rules.minSearchers} and latest_result_count > 0
      order by searchers desc, searches desc, keyword
      limit ${HOT_KEYWORDS_KEPT}
      returning keyword`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  });
}

/** Deletes search-log rows older than `retentionDays`; returns how many went. */
export async function pruneSearchLogs(db: DbOrTx, retentionDays: number): Promise<number> {
  const result = await db.execute(sql`
    with removed as (
      delete from search_logs where created_at < now() - make_interval(days => ${retentionDays}) returning 1
    )
    select count(*)::int as n from removed`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
