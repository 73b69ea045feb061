import { type Facet, FACETS, facetValues, MAX_RESULT_WINDOW, orientationOf, SortOption } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import type { WireMaterialRow } from '../../db/rows.js';
import { lowerBound } from '../../lib/sorted.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import {
  type IndexRow,
  listIndexRows,
  listWrittenIndexRows,
  readSnapshotXmin,
  type WrittenPosition,
} from './catalog-index.repository.js';
import {
  PALETTE_COMPARED_SCALE,
  PALETTE_SIZE,
  type PaletteColour,
  paletteDistance,
} from '../../media/colour-palette.js';
import { MaterialStore } from './material-store.js';
import { filterCacheKey, periodStart, type SearchFilter, withoutFacet } from './search-query.js';
import { normalizeSearchText, searchTokensFor } from './search-tokens.js';

/**
 * Every material's search columns held in this process (docs/decisions/0053), answering which
 * materials are on a page of a search and how many match, with exactly the conditions and orders
 * of search.repository.ts, without asking PostgreSQL. Loaded in chunks at start, then kept
 * current by reading the rows written since the last read (`written_xid`), every second and at
 * once when a catalogue change is heard.
 *
 * Row i is one material, held as columns (typed arrays); hidden rows (not buyer-visible) stay in
 * place and are skipped. Search tokens and colour cells are posting lists of row indices,
 * ascending. The three sort orders are permutations of the rows, with each row's rank in them.
 */

/** Rows read a query while loading and polling. */
export const INDEX_CHUNK = 5_000;
/** How often the rows written since the last read are read. */
export const INDEX_POLL_MS = 1_000;
/** How long a like may wait before the most-liked order takes it in. */
export const LIKED_LAG_MS = 3_000;
/**
 * A search whose candidates from the posting lists are at most this many is collected whole and
 * sorted by rank; a larger one walks the sort's order (measured at 1,000,000 materials, 0053).
 */
export const SORT_LIMIT = 20_000;
/**
 * Positions of a sort's order per block whose matches a walked filter counts once (WalkedMatches):
 * a page skips whole blocks by their counts and tests the rows of at most its start's block and
 * the blocks it is drawn from. A power of two.
 */
export const WALK_BLOCK = 1_024;
/** A block's count not yet known (WALK_BLOCK is far below it). */
const UNCOUNTED = 0xffff;
/**
 * How long a filter's tested matches are reused while the index is unchanged when it has a
 * period: the period's start moves with the clock, so they are tested again after this.
 */
const PERIOD_TTL_MS = 30_000;
/**
 * How long what the clock plays no part in (candidate sets, unions, the matches of a filter
 * without a period) is kept while the index is unchanged; the weight limits bound the memory.
 */
const KEPT_TTL_MS = 600_000;
/** Rows the load's posting build goes through between two yields to the event loop. */
const POSTING_BUILD_SLICE = 50_000;

const NONE = -1;

/** A facet value's slot: 1 + its index in the vocabulary, 0 for none or unknown. */
const FACET_SLOTS = Object.fromEntries(
  FACETS.map((f) => [f, new Map<string, number>(facetValues(f).map((v, i) => [v, i + 1]))]),
) as Record<Facet, Map<string, number>>;

/** Each facet's values by slot - 1 (FACET_SLOTS read backwards). */
const FACET_VALUES = Object.fromEntries(FACETS.map((f) => [f, facetValues(f) as string[]])) as Record<Facet, string[]>;

/** A facet value's slot (FACET_SLOTS), 0 for none or a value outside the vocabulary. */
function slotOf(facet: Facet, value: string | null): number {
  return value === null ? 0 : (FACET_SLOTS[facet].get(value) ?? 0);
}

const ORIENTATION_CODES: Record<string, number> = { PORTRAIT: 1, LANDSCAPE: 2, SQUARE: 3 };

/** A posting list: row indices ascending, grown by doubling. */
interface Posting {
  rows: Uint32Array;
  length: number;
}

function appendTo(posting: Posting, row: number): void {
  if (posting.length === posting.rows.length) {
    const grown = new Uint32Array(Math.max(4, posting.rows.length * 2));
    grown.set(posting.rows);
    posting.rows = grown;
  }
  posting.rows[posting.length++] = row;
}

/** The list without `remove` and with `add` (both ascending), in one pass. */
function mergePosting(posting: Posting, add: number[], remove: number[]): void {
  const out = new Uint32Array(Math.max(4, posting.length + add.length));
  let n = 0;
  let a = 0;
  let r = 0;
  for (let i = 0; i < posting.length; i += 1) {
    const row = posting.rows[i]!;
    while (a < add.length && add[a]! < row) out[n++] = add[a++]!;
    while (r < remove.length && remove[r]! < row) r += 1;
    if (r < remove.length && remove[r] === row) continue;
    if (a < add.length && add[a] === row) a += 1;
    out[n++] = row;
  }
  while (a < add.length) out[n++] = add[a++]!;
  posting.rows = out;
  posting.length = n;
}

/** First index ≥ from in list[0..length) whose value is ≥ target (galloping). */
function gallop(list: Uint32Array, length: number, from: number, target: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < length && list[hi]! < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > length) hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function intersect(a: Uint32Array, b: Posting): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i += 1) {
    j = gallop(b.rows, b.length, j, a[i]!);
    if (j < b.length && b.rows[j] === a[i]) out[n++] = a[i]!;
  }
  // A copy when much is unused: the candidate sets are cached and weighed by their length, and a
  // view would keep the whole buffer (the shorter list's size) alive.
  return n * 2 < out.length ? out.slice(0, n) : out.subarray(0, n);
}

/**
 * Stable LSD radix sort of `rows` by unsigned 32-bit keys, most significant last: rows equal on
 * every key keep their order.
 */
function radixSort(rows: Uint32Array, keys: Uint32Array[]): Uint32Array {
  let from = rows.slice();
  let to = new Uint32Array(rows.length);
  const counts = new Uint32Array(65_537);
  for (const key of keys) {
    for (const shift of [0, 16]) {
      counts.fill(0);
      for (let i = 0; i < from.length; i += 1) counts[((key[from[i]!]! >>> shift) & 0xffff) + 1]! += 1;
      for (let d = 1; d <= 65_536; d += 1) counts[d]! += counts[d - 1]!;
      for (let i = 0; i < from.length; i += 1) {
        const row = from[i]!;
        to[counts[(key[row]! >>> shift) & 0xffff]!++] = row;
      }
      [from, to] = [to, from];
    }
  }
  return from;
}

/** What a search asks of a row, compiled once per query. */
interface Spec {
  tokens: Posting[];
  /** The colour's cells (term ids; a row holds one of them). */
  cells: number[];
  /** Per filtered facet, its chosen values (term ids; a row holds one of them). */
  facetLists: number[][];
  format: number;
  orientation: number;
  sinceUs: number | null;
  longWords: string[];
}

/**
 * A set of rows: ascending indices while they take less room than a bit a row, else the bits
 * only (a swatch's cells hold up to 800,000 of a million materials: 3.2 MB as indices, 125 kB as
 * bits). A list's bits are made when a walk or an intersection first needs them.
 */
interface RowSet {
  rows: Uint32Array | null;
  bits: Uint32Array | null;
  size: number;
}

/** Rows on any of a group of lists (a colour's cells, a facet's values). */
interface UnionSet extends RowSet {
  key: string;
}

/** Rows holding a filter's tokens, colour and facet values; `set` null when nothing narrows. */
interface CandidateSet {
  key: string;
  set: RowSet | null;
}

/**
 * A filter's matches in one sort's order, counted to one more than MAX_RESULT_WINDOW. Few
 * candidates: every match's rank in the order, ascending — the same for every seed of the random
 * order, which only rotates it. Many: the compiled filter, whose pages walk the order (WalkedMatches).
 */
type Matches = { kind: 'ranked'; ranks: Uint32Array; count: number } | WalkedMatches;

/**
 * A filter's candidates tested, whatever the sort: how many match (to one more than
 * MAX_RESULT_WINDOW) and, when the candidates are few, the matching rows (ascending), which each
 * sort ranks. Every sort of a filter shares one test of its candidates.
 */
interface TestedFilter {
  spec: Spec | null;
  /** The key of the candidate set that narrows the filter; null when nothing narrows. */
  candidateKey: string | null;
  count: number;
  rows: Uint32Array | null;
}

const weightOf = (set: RowSet | null) => (set ? (set.rows?.length ?? 0) + (set.bits?.length ?? 0) : 0) + 1;

/**
 * A filter with many candidates, paged by walking the sort's order from the page's start. The
 * matches of each block of the order (WALK_BLOCK positions) are counted the first time a walk
 * passes it and kept with the filter, so every later page, from any seed's start on the ring,
 * skips the blocks before its own by their counts: a jump to page 50 or a new visitor's first page
 * tests the rows of two or three blocks, not every row from the start.
 */
interface WalkedMatches {
  kind: 'walked';
  spec: Spec;
  /** The candidate set narrowing the walk (its bits, kept apart); null when nothing narrows. */
  candidateKey: string | null;
  count: number;
  /** Matches in each block of the order; UNCOUNTED until counted. */
  blockCounts: Uint16Array;
  /** Matches in the part of its block after a start (keyed by the start) or before it (by -1 - start). */
  partCounts: Map<number, number>;
}

export interface IndexPage {
  total: number;
  totalCapped: boolean;
  seqs: number[];
}

export type IndexState = 'off' | 'loading' | 'ready';

export interface IndexStatus {
  state: IndexState;
  rows: number;
  /** Milliseconds the load took (null until it finished). */
  loadMs: number | null;
}

export interface CatalogIndexOptions {
  pollMs?: number;
  chunk?: number;
  sortLimit?: number;
  /** Positions per counted block of a walked order (WALK_BLOCK; below UNCOUNTED, as counts are two bytes). */
  walkBlock?: number;
  likedLagMs?: number;
  /** A failed load or poll (logged; the index tries again). */
  onError?: (error: unknown) => void;
  /** Told when the load finished (rows, milliseconds). */
  onReady?: (rows: number, ms: number) => void;
}

export class CatalogIndex {
  private state: IndexState = 'off';
  private n = 0;
  private seq: Float64Array = new Float64Array(0);
  private createdUs: Float64Array = new Float64Array(0);
  private likeCount: Int32Array = new Int32Array(0);
  private shuffleKey: Int32Array = new Int32Array(0);
  private visible: Uint8Array = new Uint8Array(0);
  private format: Uint8Array = new Uint8Array(0);
  private orientation: Uint8Array = new Uint8Array(0);
  private facet = Object.fromEntries(FACETS.map((f) => [f, new Uint8Array(0)])) as Record<Facet, Uint8Array>;
  /** Keywords (ids of interned raw keywords) of each row: CSR, rewritten rows appended at the end. */
  private kwStart: Uint32Array = new Uint32Array(0);
  private kwCount: Uint16Array = new Uint16Array(0);
  private kwFlat: Uint32Array = new Uint32Array(1024);
  private kwUsed = 0;
  /**
   * Each row's palette: PALETTE_SIZE colours of l, a, b in hundredths (comparedPaletteValue),
   * and how many colours it has: what puts a colour page's closest materials first.
   */
  private paletteLab: Int16Array = new Int16Array(0);
  private paletteCount: Uint8Array = new Uint8Array(0);
  /** Colour cells (term ids) of each row, held the same way. */
  private cellStart: Uint32Array = new Uint32Array(0);
  private cellCount: Uint16Array = new Uint16Array(0);
  private cellFlat: Uint32Array = new Uint32Array(1024);
  private cellUsed = 0;
  private readonly keywordIds = new Map<string, number>();
  /** Each interned keyword as stored (ids of keywordIds). */
  private readonly keywordRaw: string[] = [];
  private readonly keywordNormalized: string[] = [];
  private readonly keywordTerms: Uint32Array[] = [];
  private readonly termIds = new Map<string, number>();
  private readonly postings: Posting[] = [];
  private readonly formatCodes = new Map<string, number>();
  /** The format of each code from 1 (formatCodes). */
  private readonly formatNames: string[] = [];
  /** What a result page shows of each row that the columns above do not hold (material-store.ts). */
  private readonly store = new MaterialStore();
  /**
   * The row of each seq (-1: none), indexed by seq: seqs come from a sequence, dense but for the
   * odd gap, so an array by seq is a tenth of a Map's memory (about 4 bytes a material, not 40–60).
   */
  private rowBySeq: Int32Array = new Int32Array(0);
  /** Per facet, the term id of each slot's posting list (-1 until a row holds it). */
  private readonly facetTerms = Object.fromEntries(FACETS.map((f) => [f, new Int32Array(256).fill(-1)])) as Record<
    Facet,
    Int32Array
  >;
  private newest: Uint32Array = new Uint32Array(0);
  private liked: Uint32Array = new Uint32Array(0);
  private ring: Uint32Array = new Uint32Array(0);
  private rankNewest: Uint32Array = new Uint32Array(0);
  private rankLiked: Uint32Array = new Uint32Array(0);
  private rankRing: Uint32Array = new Uint32Array(0);
  /** Rows whose like count changed since the most-liked order was last brought up to date. */
  private readonly likedPending = new Set<number>();
  private likedAppliedAt = 0;
  /** Bumped by every change a search can see; the most-liked order has its own. */
  private generation = 0;
  private likedGeneration = 0;
  private readonly matches: TtlCache<Matches>;
  private readonly tested: TtlCache<TestedFilter>;
  private readonly unions: TtlCache<UnionSet>;
  private readonly candidateSets: TtlCache<CandidateSet>;
  private lastXmin: string | null = null;
  private loadMs: number | null = null;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private urgent: Promise<void> | null = null;
  private loading: Promise<void> | null = null;
  private readonly pollMs: number;
  private readonly chunk: number;
  private readonly sortLimit: number;
  private readonly walkBlock: number;
  private readonly likedLagMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogIndexOptions = {},
  ) {
    this.pollMs = options.pollMs ?? INDEX_POLL_MS;
    this.chunk = options.chunk ?? INDEX_CHUNK;
    this.sortLimit = options.sortLimit ?? SORT_LIMIT;
    this.walkBlock = options.walkBlock ?? WALK_BLOCK;
    if (!(this.walkBlock > 0 && this.walkBlock < UNCOUNTED)) throw new RangeError(`walkBlock ${this.walkBlock}`);
    this.likedLagMs = options.likedLagMs ?? LIKED_LAG_MS;
    this.matches = new TtlCache<Matches>({
      ttlMs: KEPT_TTL_MS,
      // Ranks and block counts held: 16 MB in all.
      maxWeight: 4_000_000,
      weigh: (m) => (m.kind === 'ranked' ? m.ranks.length : m.blockCounts.length / 2 + m.partCounts.size * 8) + 16,
    });
    this.tested = new TtlCache<TestedFilter>({
      ttlMs: KEPT_TTL_MS,
      // Matching rows held: 8 MB in all.
      maxWeight: 2_000_000,
      weigh: (t) => (t.rows?.length ?? 0) + 16,
    });
    this.unions = new TtlCache<UnionSet>({
      ttlMs: KEPT_TTL_MS,
      // Row indices and bitset words held: 16 MB in all.
      maxWeight: 4_000_000,
      weigh: weightOf,
    });
    this.candidateSets = new TtlCache<CandidateSet>({
      ttlMs: KEPT_TTL_MS,
      // Row indices and bitset words held: 16 MB in all (a million materials' bitset is 125 kB).
      maxWeight: 4_000_000,
      weigh: (c) => weightOf(c.set),
    });
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  status(): IndexStatus {
    return { state: this.state, rows: this.n, loadMs: this.loadMs };
  }

  /** Starts loading (in the background) and, once loaded, polling. */
  start(): Promise<void> {
    if (!this.stopped) return this.loading ?? Promise.resolve();
    this.stopped = false;
    this.state = 'loading';
    this.loading = this.loadUntilDone();
    return this.loading;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loading?.catch(() => undefined);
    await this.polling?.catch(() => undefined);
  }

  /**
   * Reads the rows written since the last read now (a catalogue change was heard); searches wait
   * for it (settled), so a change made through this process shows in its next search.
   */
  refreshNow(): void {
    if (this.state !== 'ready' || this.stopped) return;
    this.urgent = this.pollOnce().finally(() => {
      this.urgent = null;
    });
  }

  /** Resolves once a read asked for by refreshNow has been applied (never rejects). */
  async settled(): Promise<void> {
    await this.urgent?.catch(() => undefined);
  }

  /* ------------------------------------------------------------------ loading and polling */

  private async loadUntilDone(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.load();
        break;
      } catch (error) {
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, 5_000).unref());
      }
    }
  }

  private async load(): Promise<void> {
    const started = Date.now();
    this.reset();
    // Any transaction that writes a material after this has an id at least this: the first poll
    // reads its rows again, whichever chunks below saw them or not.
    const xmin = await readSnapshotXmin(this.db);
    let afterSeq = 0;
    for (;;) {
      if (this.stopped) return;
      const chunk = await listIndexRows(this.db, { afterSeq, limit: this.chunk });
      for (const row of chunk.rows) this.appendLoaded(row);
      if (chunk.rows.length < this.chunk) break;
      afterSeq = chunk.rows[chunk.rows.length - 1]!.seq;
      await yieldToEvents();
    }
    await this.buildPostings();
    await this.buildOrders();
    this.lastXmin = xmin;
    await this.pollOnce();
    this.loadMs = Date.now() - started;
    this.state = 'ready';
    this.options.onReady?.(this.n, this.loadMs);
    this.schedulePoll();
  }

  private reset(): void {
    this.n = 0;
    this.store.reset();
    this.grow(1024);
    this.kwUsed = 0;
    this.cellUsed = 0;
    this.postings.length = 0;
    this.termIds.clear();
    this.keywordIds.clear();
    this.keywordRaw.length = 0;
    this.keywordNormalized.length = 0;
    this.keywordTerms.length = 0;
    this.rowBySeq = new Int32Array(0);
    this.likedPending.clear();
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pollOnce()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => this.schedulePoll());
    }, this.pollMs);
    this.timer.unref();
  }

  /** One read of the rows written since the last; a read asked for during one runs after it. */
  private pollOnce(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      // The read in progress reads once more before it ends.
      return this.polling;
    }
    this.polling = (async () => {
      try {
        do {
          this.pollAgain = false;
          await this.readChanges();
        } while (this.pollAgain && !this.stopped);
      } finally {
        this.polling = null;
      }
    })();
    return this.polling;
  }

  /**
   * Rows written by transactions with an id at least the xmin of the previous read. A transaction
   * still running then had such an id, so whatever it wrote is read by this or a later read once
   * it commits; a row read twice is applied twice to the same effect.
   */
  private async readChanges(): Promise<void> {
    const since = this.lastXmin;
    if (since === null) return;
    let after: WrittenPosition | null = null;
    let xmin: string | null = null;
    for (;;) {
      const chunk = await listWrittenIndexRows(this.db, { sinceXid: since, after, limit: this.chunk });
      xmin ??= chunk.xmin;
      this.apply(chunk.rows);
      if (chunk.rows.length < this.chunk || chunk.last === null) break;
      after = chunk.last;
      await yieldToEvents();
    }
    this.lastXmin = xmin;
    if (this.likedPending.size > 0 && Date.now() - this.likedAppliedAt >= this.likedLagMs) this.applyLikes();
  }

  /* ------------------------------------------------------------------ rows */

  private grow(capacity: number): void {
    const copy = <T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(
      old: T,
      make: (size: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old.subarray(0, Math.min(this.n, old.length)) as never);
      return next;
    };
    this.seq = copy(this.seq, (s) => new Float64Array(s));
    this.createdUs = copy(this.createdUs, (s) => new Float64Array(s));
    this.likeCount = copy(this.likeCount, (s) => new Int32Array(s));
    this.shuffleKey = copy(this.shuffleKey, (s) => new Int32Array(s));
    this.visible = copy(this.visible, (s) => new Uint8Array(s));
    this.format = copy(this.format, (s) => new Uint8Array(s));
    this.orientation = copy(this.orientation, (s) => new Uint8Array(s));
    for (const f of FACETS) this.facet[f] = copy(this.facet[f], (s) => new Uint8Array(s));
    this.kwStart = copy(this.kwStart, (s) => new Uint32Array(s));
    this.kwCount = copy(this.kwCount, (s) => new Uint16Array(s));
    this.cellStart = copy(this.cellStart, (s) => new Uint32Array(s));
    this.cellCount = copy(this.cellCount, (s) => new Uint16Array(s));
    this.paletteCount = copy(this.paletteCount, (s) => new Uint8Array(s));
    const lab = new Int16Array(capacity * PALETTE_SIZE * 3);
    lab.set(this.paletteLab.subarray(0, Math.min(this.n * PALETTE_SIZE * 3, this.paletteLab.length)));
    this.paletteLab = lab;
    this.store.grow(capacity, this.n);
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.postings.length;
      this.termIds.set(term, id);
      this.postings.push({ rows: new Uint32Array(4), length: 0 });
    }
    return id;
  }

  private keywordId(keyword: string): number {
    let id = this.keywordIds.get(keyword);
    if (id === undefined) {
      id = this.keywordNormalized.length;
      this.keywordIds.set(keyword, id);
      this.keywordRaw.push(keyword);
      this.keywordNormalized.push(normalizeSearchText(keyword));
      // searchTokensFor of several keywords is the union of each one's.
      this.keywordTerms.push(Uint32Array.from(searchTokensFor([keyword]), (t) => this.termId(t)));
    }
    return id;
  }

  /** The row's keyword ids and cell ids written at the end of the flat arrays. */
  private writeLists(row: number, kws: number[], cells: number[]): void {
    if (this.kwUsed + kws.length > this.kwFlat.length) this.kwFlat = grownFor(this.kwFlat, this.kwUsed, kws.length);
    this.kwStart[row] = this.kwUsed;
    this.kwCount[row] = kws.length;
    this.kwFlat.set(kws, this.kwUsed);
    this.kwUsed += kws.length;
    if (this.cellUsed + cells.length > this.cellFlat.length)
      this.cellFlat = grownFor(this.cellFlat, this.cellUsed, cells.length);
    this.cellStart[row] = this.cellUsed;
    this.cellCount[row] = cells.length;
    this.cellFlat.set(cells, this.cellUsed);
    this.cellUsed += cells.length;
  }

  /** The term of a facet's value: one posting list per value, so a facet choice narrows like a word. */
  private facetTerm(facet: Facet, slot: number): number {
    let id = this.facetTerms[facet][slot]!;
    if (id < 0) {
      // '~facet:slot' is never a search token (one or two characters) nor a colour cell ('~c:…')
      id = this.termId(`~${facet}:${slot}`);
      this.facetTerms[facet][slot] = id;
    }
    return id;
  }

  /** Every term (token, cell or facet value) of a row, distinct. */
  private termsOf(row: number): Set<number> {
    const terms = new Set<number>();
    for (const f of FACETS) {
      const slot = this.facet[f][row]!;
      if (slot !== 0) terms.add(this.facetTerm(f, slot));
    }
    const kwEnd = this.kwStart[row]! + this.kwCount[row]!;
    for (let k = this.kwStart[row]!; k < kwEnd; k += 1)
      for (const t of this.keywordTerms[this.kwFlat[k]!]!) terms.add(t);
    const cellEnd = this.cellStart[row]! + this.cellCount[row]!;
    for (let c = this.cellStart[row]!; c < cellEnd; c += 1) terms.add(this.cellFlat[c]!);
    return terms;
  }

  private formatCode(format: string): number {
    let code = this.formatCodes.get(format);
    if (code === undefined) {
      code = this.formatCodes.size + 1;
      this.formatCodes.set(format, code);
      this.formatNames.push(format);
    }
    return code;
  }

  private setColumns(row: number, r: IndexRow): void {
    this.seq[row] = r.seq;
    this.createdUs[row] = r.createdUs;
    this.likeCount[row] = r.likeCount;
    this.shuffleKey[row] = r.shuffleKey;
    this.visible[row] = r.visible ? 1 : 0;
    this.format[row] = this.formatCode(r.format);
    this.orientation[row] = ORIENTATION_CODES[orientationOf(r.width, r.height)]!;
    for (const f of FACETS) this.facet[f][row] = slotOf(f, r[f]);
    this.setPalette(row, r.palette ?? []);
    this.store.set(row, r);
  }

  private setPalette(row: number, palette: PaletteColour[]): void {
    const colours = Math.min(palette.length, PALETTE_SIZE);
    this.paletteCount[row] = colours;
    const at = row * PALETTE_SIZE * 3;
    for (let i = 0; i < colours; i += 1) {
      const c = palette[i]!;
      this.paletteLab[at + i * 3] = Math.round(c.l * PALETTE_COMPARED_SCALE);
      this.paletteLab[at + i * 3 + 1] = Math.round(c.a * PALETTE_COMPARED_SCALE);
      this.paletteLab[at + i * 3 + 2] = Math.round(c.b * PALETTE_COMPARED_SCALE);
    }
  }

  /**
   * How close each material's palette comes to a colour (paletteDistance of the palette as
   * compared), by seq; null when the index is not ready or does not hold one of them.
   */
  paletteDistances(seqs: readonly number[], colour: { l: number; a: number; b: number }): Map<number, number> | null {
    if (this.state !== 'ready') return null;
    const out = new Map<number, number>();
    for (const seq of seqs) {
      const row = this.rowOf(seq);
      if (row === undefined) return null;
      const at = row * PALETTE_SIZE * 3;
      const palette: PaletteColour[] = [];
      for (let i = 0; i < this.paletteCount[row]!; i += 1) {
        palette.push({
          l: this.paletteLab[at + i * 3]! / PALETTE_COMPARED_SCALE,
          a: this.paletteLab[at + i * 3 + 1]! / PALETTE_COMPARED_SCALE,
          b: this.paletteLab[at + i * 3 + 2]! / PALETTE_COMPARED_SCALE,
          share: 0,
        });
      }
      out.set(seq, paletteDistance(palette, colour));
    }
    return out;
  }

  private newRow(r: IndexRow): number {
    if (this.n === this.seq.length) this.grow(this.seq.length * 2);
    const row = this.n++;
    this.setRowOf(r.seq, row);
    this.setColumns(row, r);
    this.writeLists(
      row,
      r.keywords.map((k) => this.keywordId(k)),
      r.colorCells.map((c) => this.termId(c)),
    );
    return row;
  }

  private rowOf(seq: number): number | undefined {
    const row = seq < this.rowBySeq.length ? this.rowBySeq[seq]! : -1;
    return row < 0 ? undefined : row;
  }

  private setRowOf(seq: number, row: number): void {
    if (seq >= this.rowBySeq.length) {
      const grown = new Int32Array(Math.max(1024, seq + 1, this.rowBySeq.length * 2)).fill(-1);
      grown.set(this.rowBySeq);
      this.rowBySeq = grown;
    }
    this.rowBySeq[seq] = row;
  }

  /** A row of the initial load; its posting lists are made once every row is in (buildPostings). */
  private appendLoaded(r: IndexRow): void {
    if (this.rowOf(r.seq) !== undefined) return;
    this.newRow(r);
  }

  /**
   * Every posting list of the initial load, each allocated once at its exact length: counted over
   * the rows' terms, then filled in row order (ascending, as the lists must be). Grown a row at a
   * time instead, a million rows' lists held 166 MB for 116 MB of rows, and the smaller copies
   * each doubling freed stayed with the allocator: the process's RSS rose 125 MB more than the
   * index's arrays.
   */
  private async buildPostings(): Promise<void> {
    // A plain array: termsOf makes a facet value's term the first time a row holds it.
    const counts: number[] = [];
    for (let row = 0; row < this.n; row += 1) {
      for (const t of this.termsOf(row)) counts[t] = (counts[t] ?? 0) + 1;
      if (row % POSTING_BUILD_SLICE === POSTING_BUILD_SLICE - 1) await yieldToEvents();
    }
    for (let t = 0; t < this.postings.length; t += 1) {
      // Room for a few appends in a list that has none yet.
      this.postings[t] = { rows: new Uint32Array(Math.max(4, counts[t] ?? 0)), length: 0 };
    }
    for (let row = 0; row < this.n; row += 1) {
      for (const t of this.termsOf(row)) {
        const posting = this.postings[t]!;
        posting.rows[posting.length++] = row;
      }
      if (row % POSTING_BUILD_SLICE === POSTING_BUILD_SLICE - 1) await yieldToEvents();
    }
  }

  /** Applies rows read again: new ones appended, changed ones rewritten in place. */
  apply(rows: IndexRow[]): void {
    if (rows.length === 0) return;
    const adds = new Map<number, number[]>();
    const removes = new Map<number, number[]>();
    const push = (map: Map<number, number[]>, term: number, row: number) => {
      const list = map.get(term);
      if (list) list.push(row);
      else map.set(term, [row]);
    };
    const added: number[] = [];
    const movedNewest: number[] = [];
    let changed = false;
    for (const r of rows) {
      const existing = this.rowOf(r.seq);
      if (existing === undefined) {
        const row = this.newRow(r);
        for (const t of this.termsOf(row)) push(adds, t, row);
        added.push(row);
        changed = true;
        continue;
      }
      const row = existing;
      const before = this.snapshotOf(row);
      const kws = r.keywords.map((k) => this.keywordId(k));
      const cells = r.colorCells.map((c) => this.termId(c));
      const listsChanged =
        !sameList(this.kwFlat, this.kwStart[row]!, this.kwCount[row]!, kws) ||
        !sameList(this.cellFlat, this.cellStart[row]!, this.cellCount[row]!, cells);
      const facetsChanged = FACETS.some((f) => this.facet[f][row] !== slotOf(f, r[f]));
      if (listsChanged || facetsChanged) {
        const oldTerms = this.termsOf(row);
        if (listsChanged) this.writeLists(row, kws, cells);
        this.setColumns(row, r);
        const newTerms = this.termsOf(row);
        for (const t of oldTerms) if (!newTerms.has(t)) push(removes, t, row);
        for (const t of newTerms) if (!oldTerms.has(t)) push(adds, t, row);
      } else this.setColumns(row, r);
      if (this.createdUs[row] !== before.createdUs) movedNewest.push(row);
      if (this.likeCount[row] !== before.likeCount) this.likedPending.add(row);
      if (listsChanged || facetsChanged || this.snapshotOf(row).search !== before.search) changed = true;
    }
    for (const term of new Set([...adds.keys(), ...removes.keys()])) {
      const posting = this.postings[term]!;
      const add = (adds.get(term) ?? []).sort((a, b) => a - b);
      const remove = (removes.get(term) ?? []).sort((a, b) => a - b);
      if (remove.length === 0 && (posting.length === 0 || add[0]! > posting.rows[posting.length - 1]!)) {
        for (const row of add) appendTo(posting, row);
      } else mergePosting(posting, add, remove);
    }
    if (added.length > 0 || movedNewest.length > 0) {
      this.newest = this.reorder(this.newest, [...added, ...movedNewest], (a, b) => this.compareNewest(a, b));
      this.rankNewest = ranksOf(this.newest, this.n);
    }
    if (added.length > 0) {
      this.ring = this.reorder(this.ring, added, (a, b) => this.compareRing(a, b));
      this.rankRing = ranksOf(this.ring, this.n);
      // New rows join the most-liked order at once (with any likes waiting), or they would be missing.
      this.applyLikes(added);
    }
    if (changed) this.generation += 1;
  }

  private snapshotOf(row: number): { createdUs: number; likeCount: number; search: string } {
    return {
      createdUs: this.createdUs[row]!,
      likeCount: this.likeCount[row]!,
      search: [
        this.visible[row],
        this.format[row],
        this.orientation[row],
        this.createdUs[row],
        ...FACETS.map((f) => this.facet[f][row]),
      ].join(','),
    };
  }

  /** Brings the most-liked order up to date with the likes waiting (and rows just added). */
  private applyLikes(added: number[] = []): void {
    const moved = [...new Set([...this.likedPending, ...added])];
    this.likedPending.clear();
    this.likedAppliedAt = Date.now();
    if (moved.length === 0) return;
    this.liked = this.reorder(this.liked, moved, (a, b) => this.compareLiked(a, b));
    this.rankLiked = ranksOf(this.liked, this.n);
    this.likedGeneration += 1;
  }

  private compareNewest(a: number, b: number): number {
    return this.createdUs[b]! - this.createdUs[a]! || this.seq[b]! - this.seq[a]!;
  }

  private compareLiked(a: number, b: number): number {
    return this.likeCount[b]! - this.likeCount[a]! || this.seq[b]! - this.seq[a]!;
  }

  private compareRing(a: number, b: number): number {
    return this.shuffleKey[a]! - this.shuffleKey[b]! || this.seq[a]! - this.seq[b]!;
  }

  /** The order without `moved` (rows possibly new), then `moved` sorted and merged back in. */
  private reorder(order: Uint32Array, moved: number[], compare: (a: number, b: number) => number): Uint32Array {
    const isMoved = new Set(moved);
    const sorted = Uint32Array.from(isMoved).sort(compare);
    const out = new Uint32Array(this.n);
    let n = 0;
    let m = 0;
    for (let i = 0; i < order.length; i += 1) {
      const row = order[i]!;
      if (isMoved.has(row)) continue;
      while (m < sorted.length && compare(sorted[m]!, row) < 0) out[n++] = sorted[m++]!;
      out[n++] = row;
    }
    while (m < sorted.length) out[n++] = sorted[m++]!;
    return out;
  }

  /** The three orders of a freshly loaded index, by radix sort (rows are in seq order). */
  private async buildOrders(): Promise<void> {
    const n = this.n;
    const ascending = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) ascending[i] = i;
    // Shuffle keys and like counts as unsigned (offset by 2³¹); creation as 64-bit microseconds
    // from the earliest, low word first.
    const shuffle = new Uint32Array(n);
    const likes = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      shuffle[i] = (this.shuffleKey[i]! + 0x80000000) >>> 0;
      likes[i] = (this.likeCount[i]! + 0x80000000) >>> 0;
    }
    this.ring = radixSort(ascending, [shuffle]);
    this.rankRing = ranksOf(this.ring, n);
    await yieldToEvents();
    // Ascending by key with seq ascending among equals, reversed: key descending, seq descending.
    this.liked = radixSort(ascending, [likes]).reverse();
    this.rankLiked = ranksOf(this.liked, n);
    await yieldToEvents();
    let min = Infinity;
    for (let i = 0; i < n; i += 1) min = Math.min(min, this.createdUs[i]!);
    const lo = new Uint32Array(n);
    const hi = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      const v = this.createdUs[i]! - min;
      hi[i] = Math.floor(v / 4_294_967_296);
      lo[i] = v - hi[i]! * 4_294_967_296;
    }
    this.newest = radixSort(ascending, [lo, hi]).reverse();
    this.rankNewest = ranksOf(this.newest, n);
    this.likedAppliedAt = Date.now();
  }

  /* ------------------------------------------------------------------ queries */

  /** The filter's conditions on this index; null when no row can match (a term no row has). */
  private compile(filter: SearchFilter, now: Date): Spec | null {
    const tokens: Posting[] = [];
    for (const t of filter.tokens) {
      const id = this.termIds.get(t);
      if (id === undefined || this.postings[id]!.length === 0) return null;
      tokens.push(this.postings[id]!);
    }
    tokens.sort((a, b) => a.length - b.length);
    const cells: number[] = [];
    if (filter.color) {
      for (const c of filter.color.cells) {
        const id = this.termIds.get(c);
        if (id !== undefined && this.postings[id]!.length > 0) cells.push(id);
      }
      if (cells.length === 0) return null;
    }
    let format = NONE;
    if (filter.format) {
      const code = this.formatCodes.get(filter.format);
      if (code === undefined) return null;
      format = code;
    }
    const facetLists: number[][] = [];
    for (const f of FACETS) {
      const values = filter.facets[f];
      if (values.length === 0) continue;
      const lists: number[] = [];
      for (const v of values) {
        const slot = FACET_SLOTS[f].get(v);
        if (slot === undefined) continue;
        const id = this.facetTerms[f][slot]!;
        if (id >= 0 && this.postings[id]!.length > 0) lists.push(id);
      }
      if (lists.length === 0) return null;
      facetLists.push(lists);
    }
    return {
      tokens,
      cells,
      facetLists,
      format,
      orientation: filter.orientation ? ORIENTATION_CODES[filter.orientation]! : NONE,
      sinceUs: filter.period ? periodStart(filter.period, now).getTime() * 1000 : null,
      longWords: filter.longWords,
    };
  }

  /**
   * Whether a row passes every condition but the posting lists (words, colour and facet values,
   * which the candidates already hold to).
   */
  private passes(spec: Spec, row: number): boolean {
    if (this.visible[row] === 0) return false;
    if (spec.format !== NONE && this.format[row] !== spec.format) return false;
    if (spec.orientation !== NONE && this.orientation[row] !== spec.orientation) return false;
    if (spec.sinceUs !== null && this.createdUs[row]! < spec.sinceUs) return false;
    if (spec.longWords.length > 0) {
      const start = this.kwStart[row]!;
      const end = start + this.kwCount[row]!;
      for (const word of spec.longWords) {
        let found = false;
        for (let k = start; k < end && !found; k += 1) found = this.keywordNormalized[this.kwFlat[k]!]!.includes(word);
        if (!found) return false;
      }
    }
    return true;
  }

  /** Rows holding every token, one of the cells and one chosen value of each facet, or null when nothing narrows. */
  private candidates(spec: Spec): RowSet | null {
    let set: RowSet | null = null;
    if (spec.tokens.length > 0) {
      const [first, ...rest] = spec.tokens;
      let rows = first!.rows.subarray(0, first!.length);
      for (const list of rest) rows = intersect(rows, list);
      set = this.rowSetOf(rows);
    }
    for (const group of spec.cells.length > 0 ? [spec.cells, ...spec.facetLists] : spec.facetLists) {
      const union = this.unionSetOf(group);
      set = set === null ? union : this.bothOf(set, union);
    }
    return set;
  }

  /** Rows in both sets. */
  private bothOf(a: RowSet, b: RowSet): RowSet {
    if (a.rows && b.rows) {
      const [short, long] = a.rows.length <= b.rows.length ? [a.rows, b.rows] : [b.rows, a.rows];
      return this.rowSetOf(intersect(short, { rows: long, length: long.length }));
    }
    if (a.rows) return this.rowSetOf(keepMarked(a.rows, b.bits!));
    if (b.rows) return this.rowSetOf(keepMarked(b.rows, a.bits!));
    const bits = new Uint32Array(a.bits!.length);
    let size = 0;
    for (let w = 0; w < bits.length; w += 1) {
      const word = a.bits![w]! & b.bits![w]!;
      bits[w] = word;
      if (word !== 0) size += popcount(word);
    }
    return this.rowSetOfBits(bits, size);
  }

  /** A set of these rows (ascending): held as bits when they are more than a bitset's words. */
  private rowSetOf(rows: Uint32Array): RowSet {
    if (rows.length * 32 <= this.n) return { rows, bits: null, size: rows.length };
    return { rows: null, bits: bitsetOf(rows, this.n), size: rows.length };
  }

  /** A set of the rows marked in `bits` (`size` of them): the rows listed when they are few. */
  private rowSetOfBits(bits: Uint32Array, size: number): RowSet {
    if (size * 32 > this.n) return { rows: null, bits, size };
    const rows = new Uint32Array(size);
    let u = 0;
    for (let w = 0; w < bits.length; w += 1) {
      let word = bits[w]!;
      while (word !== 0) {
        const low = word & -word;
        rows[u++] = (w << 5) + (31 - Math.clz32(low));
        word ^= low;
      }
    }
    return { rows, bits: null, size };
  }

  /** The set's bits, made from its rows the first time they are asked for (the set is cached: weighed again). */
  private bitsOf<T>(set: RowSet, cache: TtlCache<T>, key: string): Uint32Array {
    if (!set.bits) {
      set.bits = bitsetOf(set.rows!, this.n);
      cache.reweigh(key);
    }
    return set.bits;
  }

  /**
   * The rows on any of these terms' lists (a colour's cells, a facet's chosen values), kept while
   * the index is unchanged: the fourteen swatches and the facet values are shared by every search
   * that adds them to its words.
   */
  private unionSetOf(terms: number[]): UnionSet {
    const key = `${[...terms].sort((a, b) => a - b).join(',')}|${this.generation}`;
    const cached = this.unions.get(key);
    if (cached) return cached;
    const set: UnionSet = { key, ...this.unionOf(terms.map((t) => this.postings[t]!)) };
    this.unions.set(key, set);
    return set;
  }

  /** Rows on any of the lists. */
  private unionOf(lists: Posting[]): RowSet {
    if (lists.length === 1) return this.rowSetOf(lists[0]!.rows.subarray(0, lists[0]!.length));
    let entries = 0;
    for (const list of lists) entries += list.length;
    if (entries * 16 < this.n) {
      // Short lists (a colour's few cells): sorted together, repeats dropped.
      const all = new Uint32Array(entries);
      let at = 0;
      for (const list of lists) {
        all.set(list.rows.subarray(0, list.length), at);
        at += list.length;
      }
      all.sort();
      let u = 0;
      for (let i = 0; i < all.length; i += 1) if (u === 0 || all[i] !== all[u - 1]) all[u++] = all[i]!;
      return this.rowSetOf(all.slice(0, u));
    }
    // Long ones: marked in a bitset (a bit a row).
    const bits = new Uint32Array((this.n >>> 5) + 1);
    let size = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length; i += 1) {
        const row = list.rows[i]!;
        const word = row >>> 5;
        const bit = 1 << (row & 31);
        if ((bits[word]! & bit) === 0) {
          bits[word]! |= bit;
          size += 1;
        }
      }
    }
    return this.rowSetOfBits(bits, size);
  }

  /**
   * The candidates of a filter's tokens, colour and facet choices, kept while the index is unchanged: every
   * keyword, sort and page of the same words or swatch shares one intersection (or union).
   */
  private candidateSetOf(filter: SearchFilter, spec: Spec): CandidateSet {
    const key = JSON.stringify([
      [...filter.tokens].sort(),
      filter.color ? [...filter.color.cells].sort() : [],
      FACETS.map((f) => [...filter.facets[f]].sort()),
      this.generation,
    ]);
    return this.candidateSetUnder(key, spec);
  }

  /** The candidate set kept under `key` (candidateSetOf's), made again when it was dropped. */
  private candidateSetUnder(key: string, spec: Spec): CandidateSet {
    const cached = this.candidateSets.get(key);
    if (cached) return cached;
    const set: CandidateSet = { key, set: this.candidates(spec) };
    this.candidateSets.set(key, set);
    return set;
  }

  /**
   * Calls `visit` with each row of the set in row order (every row when null) until it returns
   * true.
   */
  private eachRow(set: RowSet | null, visit: (row: number) => boolean): void {
    if (set === null) {
      for (let row = 0; row < this.n; row += 1) if (visit(row)) return;
    } else if (set.rows) {
      const { rows } = set;
      for (let i = 0; i < rows.length; i += 1) if (visit(rows[i]!)) return;
    } else {
      const bits = set.bits!;
      for (let w = 0; w < bits.length; w += 1) {
        let word = bits[w]!;
        while (word !== 0) {
          const low = word & -word;
          if (visit((w << 5) + (31 - Math.clz32(low)))) return;
          word ^= low;
        }
      }
    }
  }

  private orderOf(sort: SortOption): { order: Uint32Array; rank: Uint32Array } {
    switch (sort) {
      case SortOption.NEWEST:
        return { order: this.newest, rank: this.rankNewest };
      case SortOption.MOST_LIKED:
        return { order: this.liked, rank: this.rankLiked };
      case SortOption.RANDOM:
        return { order: this.ring, rank: this.rankRing };
    }
  }

  /** Position in the ring order of the first row whose shuffle key is at least `start`. */
  private ringStartPosition(start: number): number {
    let lo = 0;
    let hi = this.ring.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.shuffleKey[this.ring[mid]!]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The matches of a filter in a sort's order, kept while the index (and that order) is unchanged. */
  private matchesOf(filter: SearchFilter, filterKey: string, now: Date, sort: SortOption): Matches {
    const key = [filterKey, sort, this.generation, sort === SortOption.MOST_LIKED ? this.likedGeneration : ''].join(
      '|',
    );
    const cached = this.matches.get(key);
    if (cached) return cached;
    const found = this.matchesInOrder(this.testedOf(filter, filterKey, now), sort);
    this.matches.set(key, found, filter.period ? PERIOD_TTL_MS : KEPT_TTL_MS);
    return found;
  }

  /** The filter's candidates tested, kept while the index is unchanged (for every sort). */
  private testedOf(filter: SearchFilter, filterKey: string, now: Date): TestedFilter {
    const key = `${filterKey}|${this.generation}`;
    const cached = this.tested.get(key);
    if (cached) return cached;
    const found = this.testFilter(filter, now);
    this.tested.set(key, found, filter.period ? PERIOD_TTL_MS : KEPT_TTL_MS);
    return found;
  }

  private testFilter(filter: SearchFilter, now: Date): TestedFilter {
    const spec = this.compile(filter, now);
    if (!spec) return { spec, candidateKey: null, count: 0, rows: new Uint32Array(0) };
    const { key, set } = this.candidateSetOf(filter, spec);
    if (set !== null && set.size <= this.sortLimit) {
      // Few candidates: every match is listed, for each sort to rank.
      const rows = new Uint32Array(set.size);
      let count = 0;
      this.eachRow(set, (row) => {
        if (this.passes(spec, row)) rows[count++] = row;
        return false;
      });
      return { spec, candidateKey: key, count, rows: rows.slice(0, count) };
    }
    // Many candidates (or none to narrow by): counted in row order, which stops as soon as one
    // more than the window is found; pages walk the sort's order only as far as they need.
    let count = 0;
    this.eachRow(set, (row) => {
      if (this.passes(spec, row)) count += 1;
      return count > MAX_RESULT_WINDOW;
    });
    return { spec, candidateKey: set === null ? null : key, count, rows: null };
  }

  /** A tested filter's matches in a sort's order: few matches ranked, many walked. */
  private matchesInOrder(tested: TestedFilter, sort: SortOption): Matches {
    const { order, rank } = this.orderOf(sort);
    if (tested.rows !== null) {
      const ranks = new Uint32Array(tested.rows.length);
      for (let i = 0; i < ranks.length; i += 1) ranks[i] = rank[tested.rows[i]!]!;
      return { kind: 'ranked', ranks: ranks.sort(), count: tested.count };
    }
    return {
      kind: 'walked',
      spec: tested.spec!,
      candidateKey: tested.candidateKey,
      count: tested.count,
      blockCounts: new Uint16Array(Math.ceil(order.length / this.walkBlock)).fill(UNCOUNTED),
      partCounts: new Map(),
    };
  }

  /**
   * The rows of the matches numbered [from, to) counting from position `start` of the order
   * (wrapping once round): the walk from `start` to its block's end, then whole blocks — skipped
   * by their counts until the one holding match `from`, counted the first time they are met —
   * then, past the order's end, the blocks before `start`'s and the part of its block before it.
   */
  private walkedRows(
    matches: WalkedMatches,
    bits: Uint32Array | null,
    order: Uint32Array,
    start: number,
    from: number,
    to: number,
  ): number[] {
    const { spec, blockCounts } = matches;
    const block = this.walkBlock;
    const length = order.length;
    // past the last key of the ring is its beginning
    if (start >= length) start = 0;
    const rows: number[] = [];
    let seen = 0;
    const matchesAt = (position: number): boolean => {
      const row = order[position]!;
      return (bits === null || (bits[row >>> 5]! & (1 << (row & 31))) !== 0) && this.passes(spec, row);
    };
    /** Walks positions [a, b), taking the matches numbered from `from`; true once `to` are seen. */
    const take = (a: number, b: number): boolean => {
      for (let p = a; p < b; p += 1) {
        if (!matchesAt(p)) continue;
        if (seen >= from) rows.push(order[p]!);
        seen += 1;
        if (seen >= to) return true;
      }
      return false;
    };
    const countOf = (a: number, z: number): number => {
      let counted = 0;
      for (let p = a; p < z; p += 1) if (matchesAt(p)) counted += 1;
      return counted;
    };
    /** Positions [a, z) holding `counted` matches: skipped when all come before `from`, else walked. */
    const takeCounted = (a: number, z: number, counted: number): boolean => {
      if (seen + counted <= from) {
        seen += counted;
        return false;
      }
      return take(a, z);
    };
    /** A whole block, counted the first time it is met. */
    const takeBlock = (b: number): boolean => {
      const a = b * block;
      const z = Math.min(a + block, length);
      if (blockCounts[b] === UNCOUNTED) blockCounts[b] = countOf(a, z);
      return takeCounted(a, z, blockCounts[b]!);
    };
    /** The part of a block before or after a start (one of RING_STARTS), counted once too. */
    const takePart = (a: number, z: number, key: number): boolean => {
      let counted = matches.partCounts.get(key);
      if (counted === undefined) {
        counted = countOf(a, z);
        matches.partCounts.set(key, counted);
      }
      return takeCounted(a, z, counted);
    };
    const first = Math.floor(start / block);
    const blocks = Math.ceil(length / block);
    const firstEnd = Math.min((first + 1) * block, length);
    if (start === first * block) {
      if (takeBlock(first)) return rows;
    } else if (takePart(start, firstEnd, start)) return rows;
    for (let b = first + 1; b < blocks; b += 1) if (takeBlock(b)) return rows;
    for (let b = 0; b < first; b += 1) if (takeBlock(b)) return rows;
    if (start > first * block) takePart(first * block, start, -1 - start);
    return rows;
  }

  /** One page of a search, in the sort's order, with its total (exact up to MAX_RESULT_WINDOW). */
  page(request: {
    filter: SearchFilter;
    sort: SortOption;
    ringStart: number;
    offset: number;
    size: number;
    now: Date;
  }): IndexPage {
    const { sort, offset } = request;
    const filterKey = filterCacheKey(request.filter);
    const matches = this.matchesOf(request.filter, filterKey, request.now, sort);
    const window = Math.min(matches.count, MAX_RESULT_WINDOW);
    const end = Math.min(offset + request.size, window);
    const seqs: number[] = [];
    const { order } = this.orderOf(sort);
    const start = sort === SortOption.RANDOM ? this.ringStartPosition(request.ringStart) : 0;
    if (matches.kind === 'ranked') {
      // A random order starts at the seed's place on the ring and wraps.
      const { ranks, count } = matches;
      const first = start > 0 ? lowerBound(ranks, start) : 0;
      for (let i = offset; i < end; i += 1) {
        const at = first + i;
        seqs.push(this.seq[order[ranks[at < count ? at : at - count]!]!]!);
      }
    } else if (offset < end) {
      // the candidates' bits, made again if they were dropped from the cache
      const candidates = matches.candidateKey ? this.candidateSetUnder(matches.candidateKey, matches.spec) : null;
      const bits = candidates ? this.bitsOf(candidates.set!, this.candidateSets, candidates.key) : null;
      for (const row of this.walkedRows(matches, bits, order, start, offset, end)) seqs.push(this.seq[row]!);
    }
    return { total: window, totalCapped: matches.count > MAX_RESULT_WINDOW, seqs };
  }

  /**
   * The rows of these materials as the database path reads them (findVisibleMaterialsBySeq), in
   * the order given, those not on sale left out; null when the index is not ready, does not hold
   * one of them, or holds one the response schema would refuse (MaterialStore.presentable): the
   * caller reads the database then. As current as the index (decision 0053).
   */
  heldMaterials(seqs: readonly number[]): WireMaterialRow[] | null {
    if (this.state !== 'ready') return null;
    const out: WireMaterialRow[] = [];
    for (const seq of seqs) {
      const row = this.rowOf(seq);
      if (row === undefined) return null;
      if (this.visible[row] === 0) continue;
      if (!this.store.presentable(row)) return null;
      const kwStart = this.kwStart[row]!;
      const keywords = new Array<string>(this.kwCount[row]!);
      for (let k = 0; k < keywords.length; k += 1) keywords[k] = this.keywordRaw[this.kwFlat[kwStart + k]!]!;
      out.push(
        this.store.get(row, {
          seq,
          format: this.formatNames[this.format[row]! - 1]!,
          keywords,
          likeCount: this.likeCount[row]!,
          metal: this.facetValueOf('metal', row),
          gem: this.facetValueOf('gem', row),
          piece: this.facetValueOf('piece', row),
          scene: this.facetValueOf('scene', row),
          // Microseconds to the millisecond, as `new Date` reads the timestamp's text (truncating).
          createdAt: new Date(Math.floor(this.createdUs[row]! / 1000)),
        }),
      );
    }
    return out;
  }

  /** A row's value of a facet (null: none, or one the vocabulary no longer has). */
  private facetValueOf(facet: Facet, row: number): string | null {
    const slot = this.facet[facet][row]!;
    return slot === 0 ? null : FACET_VALUES[facet][slot - 1]!;
  }

  /** Bytes held by the material store's arrays (heldMaterials), part of arrayBytes. */
  storeBytes(): number {
    return this.store.arrayBytes();
  }

  /**
   * How many materials each value of each facet has, for each facet over the search without that
   * facet's own choice: exact, every match counted.
   */
  facetCounts(filter: SearchFilter, now: Date): Record<Facet, Map<string, number>> {
    const byKey = new Map<string, { over: SearchFilter; facets: Facet[] }>();
    for (const facet of FACETS) {
      const over = withoutFacet(filter, facet);
      const key = filterCacheKey(over);
      const entry = byKey.get(key);
      if (entry) entry.facets.push(facet);
      else byKey.set(key, { over, facets: [facet] });
    }
    const out = {} as Record<Facet, Map<string, number>>;
    for (const { over, facets } of byKey.values()) {
      const tallies = facets.map(() => new Uint32Array(256));
      const columns = facets.map((f) => this.facet[f]);
      const spec = this.compile(over, now);
      if (spec) {
        const count = (row: number) => {
          if (!this.passes(spec, row)) return;
          for (let f = 0; f < columns.length; f += 1) tallies[f]![columns[f]![row]!]! += 1;
        };
        this.eachRow(this.candidateSetOf(over, spec).set, (row) => {
          count(row);
          return false;
        });
      }
      facets.forEach((facet, f) => {
        out[facet] = new Map(facetValues(facet).map((v, i) => [v, tallies[f]![i + 1]!]));
      });
    }
    return out;
  }

  /** Bytes held by the index's arrays (not counting the strings and maps). */
  arrayBytes(): number {
    let bytes =
      this.seq.byteLength +
      this.createdUs.byteLength +
      this.likeCount.byteLength +
      this.shuffleKey.byteLength +
      this.visible.byteLength +
      this.format.byteLength +
      this.orientation.byteLength +
      this.kwStart.byteLength +
      this.kwCount.byteLength +
      this.kwFlat.byteLength +
      this.cellStart.byteLength +
      this.cellCount.byteLength +
      this.cellFlat.byteLength +
      this.paletteLab.byteLength +
      this.paletteCount.byteLength +
      this.newest.byteLength +
      this.liked.byteLength +
      this.ring.byteLength +
      this.rankNewest.byteLength +
      this.rankLiked.byteLength +
      this.rankRing.byteLength +
      this.rowBySeq.byteLength;
    for (const f of FACETS) bytes += this.facet[f].byteLength;
    for (const p of this.postings) bytes += p.rows.byteLength;
    return bytes + this.store.arrayBytes();
  }
}

function sameList(flat: Uint32Array, start: number, count: number, ids: number[]): boolean {
  if (count !== ids.length) return false;
  for (let i = 0; i < count; i += 1) if (flat[start + i] !== ids[i]) return false;
  return true;
}

/**
 * A flat list grown to take `more`. A rewritten row leaves its old entries behind (a keyword edit
 * of every material doubles the list at most; a restart compacts it).
 */
function grownFor(flat: Uint32Array, used: number, more: number): Uint32Array {
  const next = new Uint32Array(Math.max(flat.length * 2, used + more));
  next.set(flat.subarray(0, used));
  return next;
}

/** A bit a row (of `n`), set for the rows given. */
function bitsetOf(rows: Uint32Array, n: number): Uint32Array {
  const bits = new Uint32Array((n >>> 5) + 1);
  for (let i = 0; i < rows.length; i += 1) bits[rows[i]! >>> 5]! |= 1 << (rows[i]! & 31);
  return bits;
}

/** Bits set in a 32-bit word. */
function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The rows whose bit is set, in their order. */
function keepMarked(rows: Uint32Array, bits: Uint32Array): Uint32Array {
  const out = new Uint32Array(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if ((bits[row >>> 5]! & (1 << (row & 31))) !== 0) out[n++] = row;
  }
  return out.slice(0, n);
}

function ranksOf(order: Uint32Array, n: number): Uint32Array {
  const rank = new Uint32Array(n);
  for (let i = 0; i < order.length; i += 1) rank[order[i]!] = i;
  return rank;
}

function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
