import { MAX_RESULT_WINDOW, SortOption } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import {
  estimateMatches,
  listMatchKeys,
  type MatchCursor,
  type MatchKeys,
  probeMatches,
} from './catalog.repository.js';
import { filterCacheKey, ringStartOf, type SearchFilter } from './search-query.js';
import { TtlCache } from './ttl-cache.js';

/**
 * Finds which materials (sequence numbers, in order) are on one page of a search. Pages come
 * from the database through two in-process caches, both pure speed-ups of a deterministic
 * order (docs/decisions/0004-catalogue-search.md):
 *
 * - probe, per filter: the matches counted up to MAX_RESULT_WINDOW. A filter with at most that
 *   many matches gets all their sort keys in the same query, and every sort, seed and page of it
 *   is then answered from memory.
 * - window, per filter + sort (+ seed for random) when there are more: the ordered matches read
 *   so far, extended by keyset walks down the sort's index. Reading on from the last match costs
 *   the same at page 50 as at page 1, which OFFSET never does.
 *
 * The material rows themselves are always read fresh, so like counts and disabling show at once;
 * only which materials fill a page may lag behind the catalogue by up to the TTLs below.
 */

/** How long a probe (count and small result sets) is reused: totals and orders may lag this much. */
export const PROBE_TTL_MS = 5 * 60_000;
/** How long an ordered window of a large result set is reused. */
export const WINDOW_TTL_MS = 2 * 60_000;
/** An estimate this far above the cap cannot be a result set under the cap. */
const LARGE_ESTIMATE = 3 * MAX_RESULT_WINDOW;

/** A filter whose index condition is one token, or none: its estimate comes straight from statistics. */
function isSingleCondition(filter: SearchFilter): boolean {
  const tokens = filter.tokens.length + (filter.format ? 1 : 0) + (filter.orientation ? 1 : 0);
  return tokens <= 1 && filter.longWords.length === 0 && filter.period === undefined;
}

/** Smallest chunk read when extending a window, so scrolling on reads ahead rather than per page. */
const MIN_CHUNK = 60;

interface CompleteProbe {
  complete: true;
  count: number;
  matches: MatchKeys[];
  newest?: number[];
  mostLiked?: number[];
  /** Matches along the shuffle ring: (shuffle key, seq) ascending. */
  ring?: { seqs: number[]; keys: number[] };
}

type Probe = CompleteProbe | { complete: false };

interface ResultWindow {
  now: Date;
  sort: SortOption;
  ringStart: number;
  lap: 0 | 1;
  after: MatchKeys | null;
  seqs: number[];
  exhausted: boolean;
  pending: Promise<void> | null;
}

export interface SearchPageRequest {
  filter: SearchFilter;
  sort: SortOption;
  /** Required for the random sort. */
  seed: number;
  page: number;
  pageSize: number;
  now: Date;
}

export interface SearchPage {
  total: number;
  totalCapped: boolean;
  seqs: number[];
}

function byNewest(a: MatchKeys, b: MatchKeys): number {
  return b.createdUs - a.createdUs || b.seq - a.seq;
}
function byMostLiked(a: MatchKeys, b: MatchKeys): number {
  return b.likeCount - a.likeCount || b.seq - a.seq;
}
function byRing(a: MatchKeys, b: MatchKeys): number {
  return a.shuffleKey - b.shuffleKey || a.seq - b.seq;
}

/** First index whose key is at or above `start` (keys ascending); keys.length when none is. */
function lowerBound(keys: number[], start: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class CatalogSearch {
  private readonly probes: TtlCache<Probe>;
  private readonly windows: TtlCache<ResultWindow>;

  constructor(
    private readonly db: Db,
    options: { probeTtlMs?: number; windowTtlMs?: number } = {},
  ) {
    // Bounded by matches held, not by entries: about 60 MB of sort keys for probes (a match's
    // keys take some 60 bytes) and 25 MB of sequence numbers for windows.
    this.probes = new TtlCache<Probe>({
      ttlMs: options.probeTtlMs ?? PROBE_TTL_MS,
      maxWeight: 1_000_000,
      weigh: (p) => (p.complete ? p.matches.length : 1),
    });
    this.windows = new TtlCache<ResultWindow>({
      ttlMs: options.windowTtlMs ?? WINDOW_TTL_MS,
      maxWeight: 3_000_000,
      weigh: (w) => w.seqs.length,
    });
  }

  /** Forgets every cached order, e.g. after an operator changed the catalogue in bulk. */
  clear(): void {
    this.probes.clear();
    this.windows.clear();
  }

  async findPage(request: SearchPageRequest): Promise<SearchPage> {
    const { filter, sort, page, pageSize, now } = request;
    const offset = (page - 1) * pageSize;
    const key = filterCacheKey(filter);
    const probe = await this.probes.getOrLoad(key, async () => {
      // Counting even up to the cap reads ten thousand rows. For one token (a short keyword, one
      // filter, or nothing: the whole catalogue) the statistics are exact enough to see a large
      // result set without counting it; its total is reported as capped either way.
      if (isSingleCondition(filter) && (await estimateMatches(this.db, filter, now)) >= LARGE_ESTIMATE) {
        return { complete: false as const };
      }
      const found = await probeMatches(this.db, filter, now, MAX_RESULT_WINDOW);
      return found.matches
        ? { complete: true as const, count: found.count, matches: found.matches }
        : { complete: false as const };
    });

    if (probe.complete) {
      return {
        total: probe.count,
        totalCapped: false,
        seqs: this.sliceComplete(probe, sort, request.seed, offset, pageSize),
      };
    }

    const windowKey = `${key}|${sort}|${sort === SortOption.RANDOM ? ringStartOf(request.seed) : ''}`;
    let window = this.windows.get(windowKey);
    if (!window) {
      window = {
        now,
        sort,
        ringStart: ringStartOf(request.seed),
        lap: 0,
        after: null,
        seqs: [],
        exhausted: false,
        pending: null,
      };
      this.windows.set(windowKey, window);
    }
    await this.extend(window, filter, offset + pageSize);
    this.windows.reweigh(windowKey);
    return { total: MAX_RESULT_WINDOW, totalCapped: true, seqs: window.seqs.slice(offset, offset + pageSize) };
  }

  private sliceComplete(probe: CompleteProbe, sort: SortOption, seed: number, offset: number, size: number): number[] {
    switch (sort) {
      case SortOption.NEWEST:
        probe.newest ??= [...probe.matches].sort(byNewest).map((m) => m.seq);
        return probe.newest.slice(offset, offset + size);
      case SortOption.MOST_LIKED:
        probe.mostLiked ??= [...probe.matches].sort(byMostLiked).map((m) => m.seq);
        return probe.mostLiked.slice(offset, offset + size);
      case SortOption.RANDOM: {
        if (!probe.ring) {
          const sorted = [...probe.matches].sort(byRing);
          probe.ring = { seqs: sorted.map((m) => m.seq), keys: sorted.map((m) => m.shuffleKey) };
        }
        // The same ring walk as the database's (listMatchKeys): from the seed's start, wrapping.
        const { seqs, keys } = probe.ring;
        const start = lowerBound(keys, ringStartOf(seed));
        const out: number[] = [];
        for (let i = offset; i < Math.min(offset + size, seqs.length); i += 1)
          out.push(seqs[(start + i) % seqs.length]!);
        return out;
      }
    }
  }

  /** Reads on until the window holds `need` matches or the result set ends; one reader at a time. */
  private async extend(window: ResultWindow, filter: SearchFilter, need: number): Promise<void> {
    while (window.seqs.length < need && !window.exhausted) {
      if (window.pending) {
        await window.pending;
        continue;
      }
      // The first page reads exactly what it shows, so a new visitor waits for nothing more;
      // after that, reading ahead makes the next pages free.
      const limit = window.seqs.length === 0 ? need : Math.max(need - window.seqs.length, MIN_CHUNK);
      window.pending = this.readChunk(window, filter, limit).finally(() => {
        window.pending = null;
      });
      await window.pending;
    }
  }

  private async readChunk(window: ResultWindow, filter: SearchFilter, limit: number): Promise<void> {
    const cursor: MatchCursor =
      window.sort === SortOption.RANDOM
        ? { sort: SortOption.RANDOM, ringStart: window.ringStart, lap: window.lap, after: window.after }
        : { sort: window.sort, after: window.after };
    const rows = await listMatchKeys(this.db, filter, window.now, cursor, limit);
    for (const row of rows) window.seqs.push(row.seq);
    if (rows.length > 0) window.after = rows[rows.length - 1]!;
    if (rows.length < limit) {
      if (window.sort === SortOption.RANDOM && window.lap === 0) {
        window.lap = 1;
        window.after = null;
      } else {
        window.exhausted = true;
      }
    }
  }
}
