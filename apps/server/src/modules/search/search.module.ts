import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import type { SearchCacheName } from '../../ops/app-metrics.js';
import { getKeywordLists, replaceKeywordList } from './admin-keyword.service.js';
import { curatedKeywords, hotKeywords, refreshHotKeywords } from './hot-keywords.js';
import {
  createFacetCache,
  createPageCache,
  flushLog,
  forgetSearches,
  searchFacets,
  searchMaterials,
  type SearchedMaterials,
} from './material-search.js';
import { createSearch } from './search.service.js';

export interface SearchDeps extends Pick<AppDeps, 'db' | 'config'> {
  /** What a result page shows of its materials: the catalogue's. */
  materials: SearchedMaterials;
  /** A batch of the search log that could not be written (logged, never thrown). */
  reportLogError: (error: unknown) => void;
  /** Each lookup in the search caches (for the metrics). */
  onCacheLookup?: (cache: SearchCacheName, hit: boolean) => void;
  /** A failed load or read of the search index held in memory (logged; it tries again). */
  reportIndexError?: (error: unknown) => void;
  /** The search index finished loading. */
  onIndexReady?: (rows: number, ms: number) => void;
}

/**
 * Material search (result sets, result pages, the keyword vocabulary, the batched search log)
 * and the keywords it suggests (curated, hot). Built once, in services.ts; its caches live as
 * long as the service.
 */
export function createSearchService(deps: SearchDeps) {
  const engine = createSearch(deps.db, {
    reportLogError: deps.reportLogError,
    onCacheLookup: deps.onCacheLookup,
    ...(deps.reportIndexError ? { reportIndexError: deps.reportIndexError } : {}),
    ...(deps.onIndexReady ? { onIndexReady: deps.onIndexReady } : {}),
  });
  const index = engine.search.index!;
  return {
    ...bindService(
      { ...deps, ...engine, pages: createPageCache(deps.onCacheLookup), facetCounts: createFacetCache() },
      { searchMaterials, searchFacets, forgetSearches, flushLog, curatedKeywords, hotKeywords, refreshHotKeywords },
    ),
    /**
     * Starts loading the search index held in memory (SEARCH_INDEX=memory; server.ts, once the
     * server listens): searches take the database path until it is loaded. Resolves when loaded.
     */
    startIndex: () => index.start(),
    stopIndex: () => index.stop(),
    /** Whether the index answers searches yet, and how many materials it holds. */
    indexStatus: () => index.status(),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

/** The operators' keyword lists (pinned hot keywords, the curated list, terms kept off the hot list). */
export function createAdminKeywordService(deps: Pick<AppDeps, 'db'>) {
  return bindService(deps, { getKeywordLists, replaceKeywordList });
}

export type AdminKeywordService = ReturnType<typeof createAdminKeywordService>;
