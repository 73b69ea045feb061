import { orientationOf } from '@gemstock/contract';
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
    for (const { tokens, keywords, row } of sample.rows) {
      if (row.disabled) continue;
      if (filter.format && row.format !== filter.format) continue;
      if (filter.orientation && orientationOf(row.width, row.height) !== filter.orientation) continue;
      if (since && row.createdAt < since) continue;
      if (!filter.tokens.every((t) => tokens.has(t))) continue;
      if (!filter.longWords.every((w) => keywords.some((k) => k.includes(w)))) continue;
      hits += 1;
    }
    return (hits / sample.rows.length) * sample.catalogueRows;
  }
}
