import { type Facet, FACETS, orientationOf } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { estimateMaterialRows, listRingSample, type SampleRow } from './search.repository.js';
import { periodStart, type SearchFilter } from './search-query.js';
import { normalizeSearchText } from './search-tokens.js';

/** Rows in the sample: a selectivity of 1 % shows as about 50 hits, ±15 %. */
export const SAMPLE_SIZE = 5_000;
const SAMPLE_TTL_MS = 10 * 60_000;

interface Sample {
  rows: { tokens: Set<string>; keywords: string[]; row: SampleRow }[];
  /** Rows in the catalogue, or null when unknown (never analysed and larger than the sample). */
  catalogueRows: number | null;
  loadedAt: number;
}

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
    const rows = await listRingSample(this.db, SAMPLE_SIZE);
    const analysed = rows.length < SAMPLE_SIZE ? rows.length : await estimateMaterialRows(this.db);
    return {
      rows: rows.map((row) => ({
        tokens: new Set(row.searchTokens),
        keywords: row.keywords.map(normalizeSearchText),
        row,
      })),
      catalogueRows: analysed === null ? null : Math.max(analysed, rows.length),
      loadedAt: Date.now(),
    };
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
    if (sample.rows.length === 0) return 0;
    const since = filter.period ? periodStart(filter.period, now) : null;
    let hits = 0;
    for (const entry of sample.rows) if (sampleMatches(entry, filter, since)) hits += 1;
    return (hits / sample.rows.length) * sample.catalogueRows;
  }

  /**
   * Estimated matches of the filter per value of one facet (unset values left out), scaled to
   * the catalogue; null when the catalogue size is unknown.
   */
  async estimateFacetCounts(filter: SearchFilter, facet: Facet, now: Date): Promise<Map<string, number> | null> {
    const sample = await this.current();
    if (sample.catalogueRows === null) return null;
    const counts = new Map<string, number>();
    if (sample.rows.length === 0) return counts;
    const since = filter.period ? periodStart(filter.period, now) : null;
    for (const entry of sample.rows) {
      const value = entry.row[facet];
      if (value === null || !sampleMatches(entry, filter, since)) continue;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const scale = sample.catalogueRows / sample.rows.length;
    for (const [value, hits] of counts) counts.set(value, Math.round(hits * scale));
    return counts;
  }
}

/** The search conditions (search.repository.ts) evaluated on one sample row. */
function sampleMatches(entry: Sample['rows'][number], filter: SearchFilter, since: Date | null): boolean {
  const { tokens, keywords, row } = entry;
  if (!row.visible) return false;
  if (filter.format && row.format !== filter.format) return false;
  if (filter.orientation && orientationOf(row.width, row.height) !== filter.orientation) return false;
  if (since && row.createdAt < since) return false;
  for (const facet of FACETS) {
    const values = filter.facets[facet];
    if (values.length > 0 && (row[facet] === null || !values.includes(row[facet]))) return false;
  }
  if (filter.color && !row.colorCells.some((c) => filter.color!.cells.includes(c))) return false;
  if (!filter.tokens.every((t) => tokens.has(t))) return false;
  return filter.longWords.every((w) => keywords.some((k) => k.includes(w)));
}
