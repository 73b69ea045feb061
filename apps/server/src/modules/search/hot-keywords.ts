import type { TKeywordsResponse } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import { listCuratedKeywords, listHotKeywords, pruneSearchLogs, recomputeHotKeywords } from './keywords.repository.js';

/** The operators' curated keyword list (the search box's suggestions). */
export async function curatedKeywords(deps: Pick<AppDeps, 'db'>): Promise<TKeywordsResponse> {
  return { keywords: await listCuratedKeywords(deps.db) };
}

/** The hot list as the last background pass left it (home page). */
export async function hotKeywords(deps: Pick<AppDeps, 'db'>): Promise<TKeywordsResponse> {
  return { keywords: await listHotKeywords(deps.db) };
}

/** How often the hot list is rebuilt from the search log (main.ts runs it). */
export const HOT_KEYWORD_REFRESH_MS = 10 * 60_000;

/**
 * One background pass: drops search-log rows past their lifetime, then rebuilds the hot list.
 * Safe to run on several servers at once (the rebuild takes an advisory lock).
 */
export async function refreshHotKeywords(
  deps: Pick<AppDeps, 'db' | 'config'>,
): Promise<{ pruned: number; hot: number }> {
  const { minSearchers, logRetentionDays } = deps.config.hotKeywords;
  const pruned = await pruneSearchLogs(deps.db, logRetentionDays);
  const hot = await recomputeHotKeywords(deps.db, { minSearchers });
  return { pruned, hot };
}
