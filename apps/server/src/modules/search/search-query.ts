import {
  type Facet,
  type FacetSelection,
  FACETS,
  type MaterialFormat,
  type Orientation,
  type Period,
  Period as PeriodValue,
  type SortOption,
} from '@gemstock/contract';
import { randomInt } from 'node:crypto';
import { expansionOf } from './jewellery-abbreviations.js';
import type { Vocabulary } from './keyword-vocabulary.js';
import { normalizeSearchText, queryTokensFor } from './search-tokens.js';

/** What a search matches, without sort or paging: one cache entry serves every page and sort. */
export interface SearchFilter {
  /** Normalized, distinct words of the keyword as typed; empty when there is no keyword. */
  words: string[];
  /** What must each occur in some keyword: the words, compound ones split (keyword-vocabulary.ts). */
  terms: string[];
  /** Tokens every match must hold (GIN on search_tokens): short terms and bigrams of long ones. */
  tokens: string[];
  /** Terms of three or more characters: all their bigrams present does not prove the term is. */
  longWords: string[];
  format: MaterialFormat | undefined;
  orientation: Orientation | undefined;
  period: Period | undefined;
  /** The facet codes chosen, sorted, per facet (any of them); empty when the facet is not filtered. */
  facets: Record<Facet, string[]>;
  /** The colour chosen (parseColour in material-search.ts), or undefined. */
  color: ChosenColour | undefined;
}

/** A colour a search is filtered by: as sent (`d4af37`, lower case), in Lab, and the cells near it. */
export interface ChosenColour {
  hex: string;
  lab: { l: number; a: number; b: number };
  /** The palette cells within the match distance (any of them): what the index is asked for. */
  cells: string[];
}

const DAY_MS = 24 * 3600 * 1000;

/** "Created within" windows of the period filter, in days (a month is 30, a year 365). */
export const PERIOD_DAYS: Record<Period, number> = {
  [PeriodValue.WEEK]: 7,
  [PeriodValue.MONTH]: 30,
  [PeriodValue.QUARTER]: 91,
  [PeriodValue.HALF]: 182,
  [PeriodValue.YEAR]: 365,
};

export function periodStart(period: Period, now: Date): Date {
  return new Date(now.getTime() - PERIOD_DAYS[period] * DAY_MS);
}

/** Normalized, distinct words of a typed keyword. */
export function searchWords(keyword: string | undefined): string[] {
  return [...new Set(normalizeSearchText(keyword ?? '').split(/\s+/u))].filter((w) => w.length > 0);
}

const isLongWord = (word: string) => Array.from(word).length >= 3;

/**
 * Only words of three or more characters can be compounds worth splitting, and a short form
 * (钻戒) needs the vocabulary to know whether a material carries it as typed.
 */
export function needsSegmenting(words: string[]): boolean {
  return words.some((w) => isLongWord(w) || expansionOf(w) !== undefined);
}

/** The terms a typed word is matched by: a short form no keyword carries by its full words, split. */
function termsOf(word: string, vocabulary: Pick<Vocabulary, 'segment' | 'has'> | undefined): string[] {
  if (!vocabulary) return [word];
  const expansion = expansionOf(word);
  if (expansion !== undefined && !vocabulary.has(word)) return vocabulary.segment(expansion);
  return isLongWord(word) ? vocabulary.segment(word) : [word];
}

export function parseSearchFilter(
  input: {
    keyword?: string | undefined;
    format?: MaterialFormat | undefined;
    orientation?: Orientation | undefined;
    period?: Period | undefined;
    /** Checked against the vocabulary already (parseFacetSelection in material-search.ts). */
    facets?: FacetSelection | undefined;
    color?: ChosenColour | undefined;
  },
  vocabulary?: Pick<Vocabulary, 'segment' | 'has'>,
): SearchFilter {
  const words = searchWords(input.keyword);
  const terms = [...new Set(words.flatMap((w) => termsOf(w, vocabulary)))];
  return {
    words,
    terms,
    tokens: queryTokensFor(terms.join(' ')),
    longWords: terms.filter(isLongWord),
    format: input.format,
    orientation: input.orientation,
    period: input.period,
    facets: Object.fromEntries(FACETS.map((f) => [f, [...(input.facets?.[f] ?? [])].sort()])) as Record<
      Facet,
      string[]
    >,
    color: input.color,
  };
}

/** The same filter without one facet's choice: what that facet's counts are taken over. */
export function withoutFacet(filter: SearchFilter, facet: Facet): SearchFilter {
  return { ...filter, facets: { ...filter.facets, [facet]: [] } };
}

export function hasFacetFilter(filter: SearchFilter): boolean {
  return FACETS.some((f) => filter.facets[f].length > 0);
}

/** The keyword as logged and counted for hot keywords: normalized words joined by one space. */
export function loggedKeyword(filter: SearchFilter): string | null {
  return filter.words.length > 0 ? filter.words.join(' ') : null;
}

/** Stable identity of a filter for caches; term order does not change the matches. */
export function filterCacheKey(filter: SearchFilter): string {
  const key: unknown[] = [[...filter.terms].sort(), filter.format ?? '', filter.orientation ?? '', filter.period ?? ''];
  // Without a facet filter the key is the one it was before facets, so caches stay comparable.
  if (hasFacetFilter(filter)) key.push(FACETS.map((f) => filter.facets[f]));
  if (filter.color) key.push({ color: filter.color.hex });
  return JSON.stringify(key);
}

export function newRandomSeed(): number {
  // One seed per starting point: what a seed changes is only its starting point (ringStartOf), so
  // every visitor handed the same one shares the same answer, encoded once (material-search.ts).
  return randomInt(0, RING_STARTS);
}

/**
 * How many different random orders there are. A seed picks one of them (seed mod RING_STARTS):
 * a starting point spread evenly over the shuffle ring. Visitors share these orders so that a
 * random page usually comes from a window another visitor already read, instead of a fresh walk
 * of the index; sixteen starting points on the ring of a whole catalogue still look unrelated.
 */
export const RING_STARTS = 16;

/** The shuffle-ring position (shuffle_key is a signed 32-bit hash) where a seed's order starts. */
export function ringStartOf(seed: number): number {
  return -2_147_483_648 + (seed % RING_STARTS) * (4_294_967_296 / RING_STARTS);
}

export type { SortOption };
