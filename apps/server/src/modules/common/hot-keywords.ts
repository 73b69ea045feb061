import type { AppDeps } from '../../app-deps.js';
import { pruneSearchLogs, recomputeHotKeywords } from './keywords.repository.js';

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
