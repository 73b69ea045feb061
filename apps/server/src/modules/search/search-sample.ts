import { type Facet, FACETS, orientationOf } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { estimateMaterialRows, listRingSample, type SampleRow } from './search.repository.js';
import { periodStart, type SearchFilter } from './search-query.js';
import { normalizeSearchText } from './search-tokens.js';

/**
 * Rows in the sample: a search matching 5,000 of a million materials (0.5 %) shows as about 100
 * hits, ±20 % at two standard deviations; 1 % as 200 hits, ±14 %. Facet counts of searches
 * larger than is read whole are these estimates, so the sample is sized for them (some 20 MB).
 */
export const SAMPLE_SIZE = 20_000;
/**
 * Rows of the sample that judge whether a search is large (estimateMatches): its first 5,000,
 * the ring's same uniform prefix the sample held before it grew for the facet counts. Judging
 * on all 20,000 cost every uncached keyword search four times the work and sent more of them to
 * reads of the whole match set: scrolling keyword pages fell from ~405 to ~345 req/s and their
 * p99 rose from ~540 ms to ~1.5 s at a million materials (README, 29 Nov).
 */
export const JUDGING_ROWS = 5_000;
const SAMPLE_TTL_MS = 10 * 60_000;

/** The sample as columns, one entry per row, so that testing every row costs microseconds. */
interface Sample {
  size: number;
  visible: Uint8Array;
  format: string[];
  orientation: string[];
  createdMs: Float64Array;
  facets: Record<Facet, (string | null)[]>;
  colorCells: string[][];
  /** Normalized keywords, for the words of three or more characters. */
  keywords: string[][];
  /** Per token, the rows holding it (ascending): a keyword's candidates, without a set per row. */
  byToken: Map<string, number[]>;
  /** Rows in the catalogue, or null when unknown (never analysed and larger than the sample). */
  catalogueRows: number | null;
  loadedAt: number;
}

/** Rows read and built between two yields to the event loop, so loading never stalls requests. */
const LOAD_CHUNK = 2_000;

/**
 * Estimates how many materials a search matches from a uniform sample of the catalogue held in
 * memory, evaluated with the same rules as the SQL conditions. The planner's own estimate treats
 * tokens as independent, and the bigrams of one word (钻石项链: 钻石, 石项, 项链) are anything but;
 * the sample sees the real combinations, filters included, for no query at all once loaded.
 * On a catalogue no larger than the sample the estimate is exact.
 */
export class SearchSample {
  private sample: Sample | null = null;
  private loading: Promise<Sample> | null = null;

  constructor(private readonly db: Db) {}

  private async load(): Promise<Sample> {
    const rows: SampleRow[] = [];
    // In chunks: twenty thousand rows decoded at once would hold the event loop for a good
    // fraction of a second, long enough for the server to shed requests as busy.
    while (rows.length < SAMPLE_SIZE) {
      const last = rows[rows.length - 1];
      const chunk = await listRingSample(
        this.db,
        Math.min(LOAD_CHUNK, SAMPLE_SIZE - rows.length),
        last ? { shuffleKey: Number(last.shuffleKey), seq: Number(last.seq) } : null,
      );
      rows.push(...chunk);
      if (chunk.length < LOAD_CHUNK) break;
    }
    const analysed = rows.length < SAMPLE_SIZE ? rows.length : await estimateMaterialRows(this.db);
    // Every row repeats the same few thousand strings: one copy each keeps the sample small.
    const interned = new Map<string, string>();
    const intern = (t: string) => interned.get(t) ?? (interned.set(t, t), t);
    const size = rows.length;
    const sample: Sample = {
      size,
      visible: new Uint8Array(size),
      format: new Array<string>(size),
      orientation: new Array<string>(size),
      createdMs: new Float64Array(size),
      facets: Object.fromEntries(FACETS.map((f) => [f, new Array<string | null>(size)])) as Sample['facets'],
      colorCells: new Array<string[]>(size),
      keywords: new Array<string[]>(size),
      byToken: new Map(),
      catalogueRows: analysed === null ? null : Math.max(analysed, size),
      loadedAt: Date.now(),
    };
    for (let i = 0; i < size; i += 1) {
      if (i > 0 && i % LOAD_CHUNK === 0) await new Promise((resolve) => setImmediate(resolve));
      const row = rows[i]!;
      sample.visible[i] = row.visible ? 1 : 0;
      sample.format[i] = intern(row.format);
      sample.orientation[i] = orientationOf(row.width, row.height);
      sample.createdMs[i] = row.createdAt.getTime();
      for (const f of FACETS) sample.facets[f][i] = row[f] === null ? null : intern(row[f]);
      sample.colorCells[i] = row.colorCells.map(intern);
      sample.keywords[i] = row.keywords.map(normalizeSearchText);
      for (const t of new Set(row.searchTokens)) {
        const list = sample.byToken.get(t);
        if (list) list.push(i);
        else sample.byToken.set(intern(t), [i]);
      }
    }
    return sample;
  }

  /** Drops the sample (the search index answers instead); it is read again if asked for. */
  release(): void {
    this.sample = null;
  }

  private async current(): Promise<Sample> {
    if (this.sample && Date.now() - this.sample.loadedAt < SAMPLE_TTL_MS) return this.sample;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    this.sample = await this.loading;
    return this.sample;
  }

  /** Estimated matches, or null when the catalogue size is unknown. */
  async estimateMatches(filter: SearchFilter, now: Date): Promise<number | null> {
    const sample = await this.current();
    if (sample.catalogueRows === null) return null;
    if (sample.size === 0) return 0;
    const rows = Math.min(sample.size, JUDGING_ROWS);
    let hits = 0;
    forEachMatch(
      sample,
      filter,
      now,
      () => {
        hits += 1;
      },
      rows,
    );
    return (hits / rows) * sample.catalogueRows;
  }

  /**
   * Estimated matches of the filter per value of one facet (unset values left out), scaled to
   * the catalogue; null when the catalogue size is unknown.
   */
  async estimateFacetCounts(filter: SearchFilter, facet: Facet, now: Date): Promise<Map<string, number> | null> {
    const sample = await this.current();
    if (sample.catalogueRows === null) return null;
    const counts = new Map<string, number>();
    if (sample.size === 0) return counts;
    const values = sample.facets[facet];
    forEachMatch(sample, filter, now, (i) => {
      const value = values[i];
      if (value !== null && value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
    });
    const scale = sample.catalogueRows / sample.size;
    for (const [value, hits] of counts) counts.set(value, Math.round(hits * scale));
    return counts;
  }
}

/**
 * Calls `hit` with every sample row (of the first `rows`) the search conditions
 * (search.repository.ts) hold for. A keyword's rows are those holding all its tokens (counted
 * over the tokens' row lists); the other conditions are tested row by row on the columns.
 */
function forEachMatch(
  sample: Sample,
  filter: SearchFilter,
  now: Date,
  hit: (row: number) => void,
  rows = sample.size,
): void {
  let candidates: Iterable<number> | null = null;
  if (filter.tokens.length > 0) {
    const lists = filter.tokens.map((t) => sample.byToken.get(t) ?? []);
    if (lists.some((l) => l.length === 0)) return;
    if (lists.length === 1) candidates = lists[0]!;
    else {
      const held = new Uint8Array(sample.size);
      for (const list of lists) for (const i of list) held[i]! += 1;
      const all: number[] = [];
      for (const i of lists[0]!) if (held[i] === lists.length) all.push(i);
      candidates = all;
    }
  }
  const since = filter.period ? periodStart(filter.period, now).getTime() : null;
  const cells = filter.color ? new Set(filter.color.cells) : null;
  const facets = FACETS.filter((f) => filter.facets[f].length > 0);
  const test = (i: number) => {
    if (sample.visible[i] === 0) return;
    if (filter.format && sample.format[i] !== filter.format) return;
    if (filter.orientation && sample.orientation[i] !== filter.orientation) return;
    if (since !== null && sample.createdMs[i]! < since) return;
    for (const facet of facets) {
      const value = sample.facets[facet][i];
      if (value === null || value === undefined || !filter.facets[facet].includes(value)) return;
    }
    if (cells && !sample.colorCells[i]!.some((c) => cells.has(c))) return;
    if (filter.longWords.length > 0) {
      const keywords = sample.keywords[i]!;
      if (!filter.longWords.every((w) => keywords.some((k) => k.includes(w)))) return;
    }
    hit(i);
  };
  if (candidates) {
    // a token's rows are ascending: the first `rows` of the sample end where one is past them
    for (const i of candidates) {
      if (i >= rows) break;
      test(i);
    }
  } else for (let i = 0; i < rows; i += 1) test(i);
}
