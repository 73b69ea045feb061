import { type Facet, FACETS, facetValues, MAX_RESULT_WINDOW, SortOption } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import type { WireMaterialRow } from '../../db/rows.js';
import type { SearchCacheName } from '../../ops/app-metrics.js';
import { KeywordVocabulary } from './keyword-vocabulary.js';
import { SearchLogWriter } from './search-log.writer.js';
import {
  insertSearchLogs,
  listDistinctKeywords,
  findPalettesBySeq,
  listMatchKeys,
  type MatchCursor,
  type MatchFacets,
  type MatchKeys,
  probeMatches,
} from './search.repository.js';
import { paletteDistance } from '../../media/colour-palette.js';
import { filterCacheKey, hasFacetFilter, ringStartOf, type SearchFilter, withoutFacet } from './search-query.js';
import { SearchSample } from './search-sample.js';
import { lowerBound } from '../../lib/sorted.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { CatalogIndex } from './catalog-index.js';

/**
 * Finds which materials (sequence numbers, in order) are on one page of a search. Once the
 * search index held in memory (catalog-index.ts, docs/decisions/0053) has loaded, it answers
 * every page and facet count. Until then (and with SEARCH_INDEX=database), pages come from the
 * database through in-process caches that are pure speed-ups of a deterministic order
 * (docs/decisions/0004-catalogue-search.md):
 *
 * - match set, per filter: when a filter matches at most COMPLETE_LIMIT materials (judged first
 *   from the in-memory sample, then by the fetch itself), all their sort keys are read in one
 *   query, and every sort, random order and page of it is answered from memory.
 * - window, per filter + sort (+ random order) when there are more: the ordered matches read so
 *   far, extended by keyset walks down the sort's index. A walk then passes over at most
 *   catalogue ÷ COMPLETE_LIMIT rows per match, and reading on from the last match costs the same
 *   at page 50 as at page 1, which OFFSET never does.
 *
 * Only which materials fill a page comes from here, and may lag behind the catalogue by up to the
 * TTLs below; the rows themselves are read fresh whenever a page is built (the service may then
 * reuse a built page briefly, see PAGE_TTL_MS).
 */

/**
 * How long a match set is reused: a new material may take this long to appear in a small
 * result set, and its totals and most-liked order lag as much. Reading a set costs up to
 * COMPLETE_LIMIT rows, so a shorter life would spend much of the database on re-reading.
 */
export const MATCH_SET_TTL_MS = 10 * 60_000;
/** How long an ordered window of a large result set is reused. */
export const WINDOW_TTL_MS = 2 * 60_000;
/**
 * Largest match set read whole. Above it a walk passes over at most catalogue ÷ 50,000 rows per
 * match (20 on a million materials), cheap enough per page; below it, one read of every match
 * serves every sort, seed and page of the filter for MATCH_SET_TTL_MS.
 */
export const COMPLETE_LIMIT = 50_000;
/**
 * Largest search whose facet counts are read exact when its match set is not already held:
 * about 2,000 rows, some tens of milliseconds. Larger ones are estimated from the sample
 * (SAMPLE_SIZE says how well), which costs no query at all.
 */
export const EXACT_COUNT_LIMIT = 2_000;
/** How far above a read-whole limit the sample's estimate must be to skip the read: its error. */
const SAMPLE_MARGIN = 1.3;
/** Smallest chunk read when extending a window, so scrolling on reads ahead rather than per page. */
const MIN_CHUNK = 60;

/** All matches of a filter, as parallel typed arrays (24 bytes a match, off the JS heap). */
interface MatchSet {
  complete: true;
  count: number;
  seq: Float64Array;
  createdUs: Float64Array;
  likeCount: Int32Array;
  shuffleKey: Int32Array;
  /** Per facet, each match's value as 1 + its index in facetValues(facet); 0 when not set. */
  facets: Record<Facet, Uint8Array>;
  newest?: Float64Array;
  mostLiked?: Float64Array;
  /** Sequence numbers along the shuffle ring, and their keys, (shuffle key, seq) ascending. */
  ring?: { seqs: Float64Array; keys: Int32Array };
}

type Probe = MatchSet | { complete: false };

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

/** A facet value's slot in MatchSet.facets: 1 + its index in the vocabulary, 0 for none or unknown. */
const FACET_SLOTS = Object.fromEntries(
  FACETS.map((f) => [f, new Map<string, number>(facetValues(f).map((v, i) => [v, i + 1]))]),
) as Record<Facet, Map<string, number>>;

function toMatchSet(count: number, matches: (MatchKeys & { facets: MatchFacets })[]): MatchSet {
  const set: MatchSet = {
    complete: true,
    count,
    seq: new Float64Array(matches.length),
    createdUs: new Float64Array(matches.length),
    likeCount: new Int32Array(matches.length),
    shuffleKey: new Int32Array(matches.length),
    facets: Object.fromEntries(FACETS.map((f) => [f, new Uint8Array(matches.length)])) as Record<Facet, Uint8Array>,
  };
  matches.forEach((m, i) => {
    set.seq[i] = m.seq;
    set.createdUs[i] = m.createdUs;
    set.likeCount[i] = m.likeCount;
    set.shuffleKey[i] = m.shuffleKey;
    for (const f of FACETS) {
      const value = m.facets[f];
      set.facets[f][i] = value === null ? 0 : (FACET_SLOTS[f].get(value) ?? 0);
    }
  });
  return set;
}

/** How many materials each value of a facet has, every value of the vocabulary listed. */
export interface FacetCounts {
  counts: Record<Facet, { value: string; count: number }[]>;
  /** Some count was estimated from the sample (its filter matches more than a set read whole). */
  approximate: boolean;
}

/** Sequence numbers of the set in the order `compare` gives its indices. */
function orderedSeqs(set: MatchSet, compare: (a: number, b: number) => number): Float64Array {
  const indices = Array.from({ length: set.seq.length }, (_, i) => i).sort(compare);
  return Float64Array.from(indices, (i) => set.seq[i]!);
}

export class CatalogSearch {
  private readonly probes: TtlCache<Probe>;
  private readonly windows: TtlCache<ResultWindow>;
  private readonly sample: SearchSample;
  private readonly completeLimit: number;
  private readonly exactCountLimit: number;
  /** The index held in memory; searches take the database path until it is ready. */
  readonly index: CatalogIndex | null;

  constructor(
    private readonly db: Db,
    options: {
      /** The search index held in memory (none: the database answers every search). */
      index?: CatalogIndex;
      matchSetTtlMs?: number;
      windowTtlMs?: number;
      completeLimit?: number;
      /** Largest search whose facet counts are read exact (EXACT_COUNT_LIMIT). */
      exactCountLimit?: number;
      /** Told of each match-set and window lookup (AppDeps.metrics). */
      onCacheLookup?: (cache: SearchCacheName, hit: boolean) => void;
    } = {},
  ) {
    this.sample = new SearchSample(db);
    this.index = options.index ?? null;
    this.completeLimit = options.completeLimit ?? COMPLETE_LIMIT;
    this.exactCountLimit = Math.min(this.completeLimit, options.exactCountLimit ?? EXACT_COUNT_LIMIT);
    // Bounded by matches held, not by entries: about 100 MB of match sets (sort keys plus the
    // sorted orders, some 50 bytes a match) and 25 MB of window sequence numbers.
    this.probes = new TtlCache<Probe>({
      ttlMs: options.matchSetTtlMs ?? MATCH_SET_TTL_MS,
      maxWeight: 2_000_000,
      weigh: (p) => (p.complete ? p.seq.length : 1),
      onLookup: (hit) => options.onCacheLookup?.('match_set', hit),
    });
    this.windows = new TtlCache<ResultWindow>({
      ttlMs: options.windowTtlMs ?? WINDOW_TTL_MS,
      maxWeight: 3_000_000,
      weigh: (w) => w.seqs.length,
      onLookup: (hit) => options.onCacheLookup?.('window', hit),
    });
  }

  /** Forgets every cached order, e.g. after an operator changed the catalogue in bulk. */
  clear(): void {
    this.probes.clear();
    this.windows.clear();
    // The index reads the change at once; searches wait for that read.
    this.index?.refreshNow();
  }

  /**
   * A page's materials from the index's store (in the order of `seqs`, those off sale left out),
   * or null: the index is not ready or does not hold one of them; the caller reads the database.
   */
  heldMaterials(seqs: readonly number[]): WireMaterialRow[] | null {
    return this.index?.heldMaterials(seqs) ?? null;
  }

  /** The database path's caches and sample are not needed once the index answers. */
  releaseDatabasePath(): void {
    this.probes.clear();
    this.windows.clear();
    this.sample.release();
  }

  /**
   * The most matches of a filter read whole. A colour or a facet choice multiplies the filters
   * buyers ask for (fourteen swatches and any colour × every keyword × the facet rows), so each
   * of those is asked too rarely for a read of up to COMPLETE_LIMIT rows (half a second on a
   * million materials) to be shared; above MAX_RESULT_WINDOW matches a walk reads at most
   * catalogue ÷ MAX_RESULT_WINDOW rows per match instead, and totals stay exact below it.
   */
  private readWholeLimit(filter: SearchFilter): number {
    return filter.color || hasFacetFilter(filter)
      ? Math.min(this.completeLimit, MAX_RESULT_WINDOW)
      : this.completeLimit;
  }

  /** Whether the sample says a filter matches more than `limit` (null: it cannot tell). */
  private async judgedLarge(filter: SearchFilter, now: Date, limit: number): Promise<boolean | null> {
    const estimate = await this.sample.estimateMatches(filter, now);
    if (estimate === null) return null;
    // The margin covers the sample's error (about ±13 % at 50,000 matches, two standard deviations).
    return estimate > SAMPLE_MARGIN * limit;
  }

  private async loadProbe(filter: SearchFilter, now: Date): Promise<Probe> {
    // Reading tens of thousands of rows only to learn that there are more is the costliest
    // thing a search can do; the sample tells a large result set from a small one for free.
    if (await this.judgedLarge(filter, now, this.readWholeLimit(filter))) return { complete: false };
    const found = await probeMatches(this.db, filter, now, this.readWholeLimit(filter));
    return found.matches ? toMatchSet(found.count, found.matches) : { complete: false };
  }

  /**
   * One page of a search. Under a colour and the random order (the default), the page's
   * materials come closest colour first: a random order promises nothing else, and the buyer
   * who picked 宝蓝 sees the bluest of the page first. Other orders are kept as asked.
   */
  async findPage(request: SearchPageRequest): Promise<SearchPage> {
    const found = await this.findPageInOrder(request);
    const colour = request.filter.color;
    if (!colour || request.sort !== SortOption.RANDOM || found.seqs.length < 2) return found;
    // the palettes held by the index, else read (both compared to the hundredth)
    let distance = this.index?.paletteDistances(found.seqs, colour.lab) ?? null;
    if (!distance) {
      const palettes = await findPalettesBySeq(this.db, found.seqs);
      distance = new Map(found.seqs.map((s) => [s, paletteDistance(palettes.get(s) ?? [], colour.lab)]));
    }
    return { ...found, seqs: [...found.seqs].sort((x, y) => distance.get(x)! - distance.get(y)!) };
  }

  private async findPageInOrder(request: SearchPageRequest): Promise<SearchPage> {
    const { filter, sort, page, pageSize, now } = request;
    const offset = (page - 1) * pageSize;
    if (this.index?.ready) {
      await this.index.settled();
      return this.index.page({ filter, sort, ringStart: ringStartOf(request.seed), offset, size: pageSize, now });
    }
    const key = filterCacheKey(filter);
    const probe = await this.probes.getOrLoad(key, () => this.loadProbe(filter, now));

    if (probe.complete) {
      return {
        total: Math.min(probe.count, MAX_RESULT_WINDOW),
        totalCapped: probe.count > MAX_RESULT_WINDOW,
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

  /**
   * Counts per value of each facet for a search: for each facet, over the search without that
   * facet's own choice. A match set the result pages already hold, or one of at most
   * EXACT_COUNT_LIMIT matches (then read and kept for the pages), is counted exactly in memory;
   * anything else is estimated from the sample and marked approximate.
   */
  async facetCounts(filter: SearchFilter, now: Date): Promise<FacetCounts> {
    if (this.index?.ready) {
      await this.index.settled();
      const exact = this.index.facetCounts(filter, now);
      const counts = Object.fromEntries(
        FACETS.map((facet) => [
          facet,
          (facetValues(facet) as string[]).map((value) => ({ value, count: exact[facet].get(value) ?? 0 })),
        ]),
      ) as FacetCounts['counts'];
      return { counts, approximate: false };
    }
    let approximate = false;
    const entries = await Promise.all(
      FACETS.map(async (facet) => {
        const values: string[] = facetValues(facet);
        const over = withoutFacet(filter, facet);
        const key = filterCacheKey(over);
        // A set the pages already hold is counted exactly whatever its size. Otherwise only a
        // search of at most EXACT_COUNT_LIMIT matches is read (and kept for its pages); a larger
        // one is estimated from the sample without touching the database, so a count never
        // waits for a read of thousands of rows, nor learns by reading them that there are more.
        let probe = this.probes.peek(key);
        if (!probe && (await this.judgedLarge(over, now, this.exactCountLimit))) probe = { complete: false };
        probe ??= await this.probes.getOrLoad(key, () => this.loadProbe(over, now));
        let byValue: Map<string, number>;
        if (probe.complete) {
          const tally = new Uint32Array(values.length + 1);
          for (const slot of probe.facets[facet]) tally[slot]! += 1;
          byValue = new Map(values.map((v, i) => [v, tally[i + 1]!]));
        } else {
          approximate = true;
          byValue = (await this.sample.estimateFacetCounts(over, facet, now)) ?? new Map();
        }
        return [facet, values.map((value) => ({ value, count: byValue.get(value) ?? 0 }))] as const;
      }),
    );
    return { counts: Object.fromEntries(entries) as FacetCounts['counts'], approximate };
  }

  private sliceComplete(set: MatchSet, sort: SortOption, seed: number, offset: number, size: number): number[] {
    switch (sort) {
      case SortOption.NEWEST:
        set.newest ??= orderedSeqs(set, (a, b) => set.createdUs[b]! - set.createdUs[a]! || set.seq[b]! - set.seq[a]!);
        return Array.from(set.newest.subarray(offset, offset + size));
      case SortOption.MOST_LIKED:
        set.mostLiked ??= orderedSeqs(
          set,
          (a, b) => set.likeCount[b]! - set.likeCount[a]! || set.seq[b]! - set.seq[a]!,
        );
        return Array.from(set.mostLiked.subarray(offset, offset + size));
      case SortOption.RANDOM: {
        if (!set.ring) {
          const indices = Array.from({ length: set.seq.length }, (_, i) => i).sort(
            (a, b) => set.shuffleKey[a]! - set.shuffleKey[b]! || set.seq[a]! - set.seq[b]!,
          );
          set.ring = {
            seqs: Float64Array.from(indices, (i) => set.seq[i]!),
            keys: Int32Array.from(indices, (i) => set.shuffleKey[i]!),
          };
        }
        // The same ring walk as the database's (listMatchKeys): from the seed's start, wrapping.
        const { seqs, keys } = set.ring;
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

/**
 * The search module's front door for the catalogue: the result-set search, the keyword
 * vocabulary and the batched search log, each on the given database.
 */
export function createSearch(
  db: Db,
  options: {
    reportLogError: (error: unknown) => void;
    /** Each lookup in the result-set caches (for the metrics). */
    onCacheLookup?: (cache: SearchCacheName, hit: boolean) => void;
    /** A failed load or read of the search index (it tries again). */
    reportIndexError?: (error: unknown) => void;
    /** The search index finished loading. */
    onIndexReady?: (rows: number, ms: number) => void;
  },
) {
  let search: CatalogSearch | null = null;
  const index = new CatalogIndex(db, {
    onError: options.reportIndexError,
    onReady: (rows, ms) => {
      search?.releaseDatabasePath();
      options.onIndexReady?.(rows, ms);
    },
  });
  search = new CatalogSearch(db, { onCacheLookup: options.onCacheLookup, index });
  return {
    search,
    vocabulary: new KeywordVocabulary(() => listDistinctKeywords(db)),
    searchLog: new SearchLogWriter((entries) => insertSearchLogs(db, entries), options.reportLogError),
  };
}
