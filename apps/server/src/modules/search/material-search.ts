import {
  ErrorCode,
  type Facet,
  type FacetSelection,
  FACETS,
  isFacetValue,
  MAX_FACET_VALUES,
  type MaterialFormat,
  type Orientation,
  type Period,
  SortOption,
  type TMaterial,
  type TSearchFacetsResponse,
  type TSearchMaterialsResponse,
  splitFacetList,
  ZMaterial,
} from '@gemstock/contract';
import { z } from 'zod';
import type { UserRow } from '../../db/rows.js';
import type { WireMaterialRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { unknownFacetError } from '../../lib/facet-errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { cellsNearColour, labOfHex } from '../../media/colour-palette.js';
import type { KeywordVocabulary } from './keyword-vocabulary.js';
import type { SearchLogWriter } from './search-log.writer.js';
import { SharedBody } from '../../lib/response-encoding.js';
import {
  type ChosenColour,
  filterCacheKey,
  loggedKeyword,
  needsSegmenting,
  newRandomSeed,
  parseSearchFilter,
  RING_STARTS,
  ringStartOf,
  searchWords,
} from './search-query.js';
import type { CatalogSearch } from './search.service.js';

export interface SearchFilterInput {
  keyword?: string | undefined;
  format?: MaterialFormat | undefined;
  orientation?: Orientation | undefined;
  period?: Period | undefined;
  metal?: string | undefined;
  gem?: string | undefined;
  piece?: string | undefined;
  scene?: string | undefined;
  color?: string | undefined;
}

export interface SearchMaterialsInput extends SearchFilterInput {
  sort: SortOption;
  seed?: number | undefined;
  page: number;
  page_size: number;
}

/** What a result page shows of its materials: the catalogue's, wired in services.ts. */
export interface SearchedMaterials {
  /** The materials still on sale, in the order of `seqs`, as a visitor sees them. */
  bySeq(seqs: number[], now: Date): Promise<TMaterial[]>;
  /** Rows the search index holds, as `bySeq` would answer them (no read). */
  presentHeld(rows: WireMaterialRow[], now: Date): TMaterial[];
  /** A shared page with the buyer's own marks: liked, and 已购 for the company. */
  forBuyer(user: UserRow, materials: TMaterial[]): Promise<TMaterial[]>;
}

export interface MaterialSearchDeps {
  search: CatalogSearch;
  vocabulary: KeywordVocabulary;
  searchLog: SearchLogWriter;
  /** Built result pages, shared by every request of this process (createPageCache). */
  pages: TtlCache<ListedPage>;
  /** Facet counts per filter, shared like the pages (createFacetCache). */
  facetCounts: TtlCache<TSearchFacetsResponse>;
  materials: SearchedMaterials;
  now?: () => Date;
}

/**
 * How long a listed search page is reused (micro-caching, as a CDN would for anonymous GETs).
 * Like counts, a material just disabled and the free flag may show this much late in listings;
 * never on the detail page, likes, cart or downloads, which always read the material fresh.
 */
export const PAGE_TTL_MS = 30_000;

const ZMaterialList = z.array(ZMaterial);

/**
 * A built result page as the cache holds it: its materials encoded only. Objects would be kept
 * alive for the page's 30 seconds, promoted to the old generation and marked by every major
 * collection (the collector was an eighth of the server's time with them); a signed-in buyer's
 * page, the only one that needs them, decodes the text.
 */
export interface ListedPage {
  total: number;
  totalCapped: boolean;
  /** The page's materials, encoded (a JSON array). */
  json: string;
  /**
   * The whole answer as every visitor who is not signed in gets it (with the seed the server gave
   * for this page's random order, RING_STARTS), compressed once per encoding.
   */
  visitorBody?: SharedBody;
}

/** The whole success envelope already encoded (no buyer-specific field in it), or the response to serialise. */
export type SearchResult =
  { body: SharedBody | string; response?: undefined } | { body: null; response: TSearchMaterialsResponse };

/** The cache of built result pages; one per process, made with the search service. */
export function createPageCache(onCacheLookup?: (cache: 'page', hit: boolean) => void): TtlCache<ListedPage> {
  return new TtlCache<ListedPage>({
    ttlMs: PAGE_TTL_MS,
    // Weighed as the heap holds a page: its JSON, two bytes a character (Chinese text makes the
    // whole string two-byte). Some 250 pages, 8 MB: the index builds a page missed here from its
    // own columns in about half a millisecond, so the cache is for the hottest pages, and the
    // memory is better left to the index (one server at a million materials stays under 1 GiB).
    maxWeight: 8_000_000,
    weigh: (p) => p.json.length * 2,
    onLookup: (hit) => onCacheLookup?.('page', hit),
  });
}

/** The cache of facet counts per filter; one per process, made with the search service. */
export function createFacetCache(): TtlCache<TSearchFacetsResponse> {
  return new TtlCache<TSearchFacetsResponse>({ ttlMs: PAGE_TTL_MS, maxWeight: 5_000, weigh: () => 1 });
}

/** The facet filters of a query, checked against the vocabulary: an unknown code is refused by name. */
export function parseFacetSelection(input: Partial<Record<Facet, string | undefined>>): FacetSelection {
  const selection: Record<string, string[]> = {};
  for (const facet of FACETS) {
    const values = splitFacetList(input[facet]);
    if (values.length === 0) continue;
    if (values.length > MAX_FACET_VALUES) throw new AppError(ErrorCode.FACET_TOO_MANY_VALUES);
    const unknown = values.filter((v) => !isFacetValue(facet, v));
    if (unknown.length > 0) {
      throw unknownFacetError(facet, unknown);
    }
    selection[facet] = values;
  }
  return selection as FacetSelection;
}

/**
 * The colour of a search (`d4af37` or `#d4af37`, either case), or undefined when none is given;
 * anything else is refused (COLOR_INVALID) before anything is searched.
 */
export function parseColour(input: string | undefined): ChosenColour | undefined {
  if (input === undefined) return undefined;
  const lab = labOfHex(input.trim());
  if (!lab) throw new AppError(ErrorCode.COLOR_INVALID);
  const hex = input.trim().replace(/^#/, '').toLowerCase();
  return { hex, lab, cells: cellsNearColour(lab) };
}

/**
 * Forgets every cached search (match sets, windows, built pages, the keyword vocabulary), so
 * a catalogue change made through this process shows in the next search. Other processes
 * catch up within the caches' TTLs.
 */
export function forgetSearches(deps: MaterialSearchDeps): void {
  deps.search.clear();
  deps.vocabulary.invalidate();
  deps.pages.clear();
  deps.facetCounts.clear();
}

/**
 * How many materials each metal, gem, piece and scene value has within a search (the counts of
 * the filter panel). Shared by every visitor asking for the same filter within PAGE_TTL_MS.
 */
export async function searchFacets(deps: MaterialSearchDeps, input: SearchFilterInput): Promise<TSearchFacetsResponse> {
  const now = deps.now?.() ?? new Date();
  const facets = parseFacetSelection(input);
  const color = parseColour(input.color);
  const vocabulary = needsSegmenting(searchWords(input.keyword)) ? await deps.vocabulary.get() : undefined;
  const filter = parseSearchFilter({ ...input, facets, color }, vocabulary);
  return deps.facetCounts.getOrLoad(filterCacheKey(filter), async () => {
    const { counts, approximate } = await deps.search.facetCounts(filter, now);
    return { ...counts, approximate };
  });
}

/**
 * One page of a search. The page as a visitor sees it is shared by everyone asking for it
 * within PAGE_TTL_MS: checked against the response schema and encoded once, then sent as
 * text to visitors who are not signed in (those cost the schema check and the encoding of
 * thirty materials more than all the rest of a cached search). A signed-in buyer gets the same
 * page with their likes marked, through the normal serializer.
 */
export async function searchMaterials(
  deps: MaterialSearchDeps,
  input: SearchMaterialsInput,
  user: UserRow | null,
  searcherKey: string | null = null,
): Promise<SearchResult> {
  const now = deps.now?.() ?? new Date();
  const facets = parseFacetSelection(input);
  const color = parseColour(input.color);
  const vocabulary = needsSegmenting(searchWords(input.keyword)) ? await deps.vocabulary.get() : undefined;
  const filter = parseSearchFilter({ ...input, facets, color }, vocabulary);
  const isRandom = input.sort === SortOption.RANDOM;
  const seed = isRandom ? (input.seed ?? newRandomSeed()) : 0;
  const pageKey = [
    filterCacheKey(filter),
    input.sort,
    isRandom ? ringStartOf(seed) : '',
    input.page,
    input.page_size,
  ].join('|');
  const page = await deps.pages.getOrLoad(pageKey, async () => {
    const found = await deps.search.findPage({
      filter,
      sort: input.sort,
      seed,
      page: input.page,
      pageSize: input.page_size,
      now,
    });
    // Held by the index (decision 0053): presented by the same mapper from the same columns, and
    // not checked against the schema again (0.08–0.10 ms on a page's 0.21 ms): the index declines
    // rows holding the only stored value the schema can refuse (MaterialStore.presentable).
    const held = deps.search.heldMaterials(found.seqs);
    const materials = held
      ? deps.materials.presentHeld(held, now)
      : ZMaterialList.parse(await deps.materials.bySeq(found.seqs, now));
    return { total: found.total, totalCapped: found.totalCapped, json: JSON.stringify(materials) };
  });
  const keyword = loggedKeyword(filter);
  if (keyword) {
    deps.searchLog.record({
      keyword,
      userSid: user?.sid ?? null,
      searcherKey,
      resultCount: page.total,
      createdAt: now,
    });
  }
  const head = { total: page.total, totalCapped: page.totalCapped, seed: isRandom ? seed : null };
  if (!user) {
    const body = visitorAnswer(page, head.seed);
    // The seeds the server hands out (below RING_STARTS) are one per page: its answer is the same
    // for every such visitor. A seed of the visitor's own making gets an answer of its own.
    if (!isRandom || seed < RING_STARTS) return { body: (page.visitorBody ??= new SharedBody(body)) };
    return { body: body() };
  }
  const materials = JSON.parse(page.json) as TMaterial[];
  return { response: { ...head, materials: await deps.materials.forBuyer(user, materials) }, body: null };
}

/**
 * The whole answer a visitor who is not signed in gets, made when asked for. Made outside
 * searchMaterials so that a page's kept SharedBody holds the page and its seed only, not the scope
 * of the request that first built it.
 */
function visitorAnswer(page: ListedPage, seed: number | null): () => string {
  return () =>
    `{"code":0,"data":{"total":${page.total},"totalCapped":${page.totalCapped},"seed":${String(seed)},"materials":${page.json}},"message":"ok"}`;
}

/** Writes the search-log entries still batched in this process (the application closes). */
export async function flushLog(deps: Pick<MaterialSearchDeps, 'searchLog'>): Promise<void> {
  await deps.searchLog.flush();
}
