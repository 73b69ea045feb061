import { MAX_LENGTH } from './constants.js';
import { MaterialFormat, Orientation, Period, SortOption } from './enums.js';
import { type Facet, FACET_LIST_SEPARATOR, FACETS, isFacetValue, splitFacetList } from './facets.js';

/** The page parameter that carries home's search keyword (`/?keyword=戒指`). */
export const SEARCH_PARAM = 'keyword';

/**
 * Home's browse state lives in the URL (`/?keyword=戒指&format=image&sort=newest`) so links,
 * reload and back/forward all show the same results. This module maps URL ⇄ filters ⇄ API
 * query; the slugs in the URL are short lower-case words, the API takes the contract's values.
 */
export interface CatalogFilters {
  keyword: string;
  format: MaterialFormat | null;
  orientation: Orientation | null;
  period: Period | null;
  sort: SortOption;
  /** Jewellery facet codes chosen (facets.ts), any of which matches; empty: not filtered. */
  metal: string[];
  gem: string[];
  piece: string[];
  scene: string[];
  /** A colour as six lower-case hexadecimal digits (`d4af37`), or null: any colour. */
  color: string | null;
}

export const FILTER_PARAMS = {
  format: 'format',
  orientation: 'orientation',
  period: 'period',
  sort: 'sort',
  metal: 'metal',
  gem: 'gem',
  piece: 'piece',
  scene: 'scene',
  color: 'color',
} as const;

export const DEFAULT_FILTERS: CatalogFilters = {
  keyword: '',
  format: null,
  orientation: null,
  period: null,
  sort: SortOption.RANDOM,
  metal: [],
  gem: [],
  piece: [],
  scene: [],
  color: null,
};

const FORMAT_SLUGS = { image: MaterialFormat.IMAGE, video: MaterialFormat.VIDEO } as const;
const ORIENTATION_SLUGS = {
  portrait: Orientation.PORTRAIT,
  landscape: Orientation.LANDSCAPE,
  square: Orientation.SQUARE,
} as const;
const PERIOD_SLUGS = {
  week: Period.WEEK,
  month: Period.MONTH,
  quarter: Period.QUARTER,
  half: Period.HALF,
  year: Period.YEAR,
} as const;
const SORT_SLUGS = { random: SortOption.RANDOM, newest: SortOption.NEWEST, likes: SortOption.MOST_LIKED } as const;

function slugOf<V extends string>(table: Record<string, V>, value: V): string {
  return Object.entries(table).find(([, v]) => v === value)?.[0] ?? String(value).toLowerCase();
}

/** Accepts the slug or the contract's own value, any case (`Portrait`, `PORTRAIT`, `-created`). */
function valueOf<V extends string>(table: Record<string, V>, raw: string | null): V | null {
  if (!raw) return null;
  const key = raw.trim().toLowerCase();
  if (key in table) return table[key] ?? null;
  return Object.values(table).find((v) => v.toLowerCase() === key) ?? null;
}

/** URL → filters. Unknown values are ignored, so a mangled link still shows results. */
export function parseCatalogFilters(params: URLSearchParams): CatalogFilters {
  return {
    keyword: (params.get(SEARCH_PARAM) ?? '').trim().slice(0, MAX_LENGTH.keyword),
    format: valueOf(FORMAT_SLUGS, params.get(FILTER_PARAMS.format)),
    orientation: valueOf(ORIENTATION_SLUGS, params.get(FILTER_PARAMS.orientation)),
    period: valueOf(PERIOD_SLUGS, params.get(FILTER_PARAMS.period)),
    sort: valueOf(SORT_SLUGS, params.get(FILTER_PARAMS.sort)) ?? SortOption.RANDOM,
    metal: facetListOf('metal', params),
    gem: facetListOf('gem', params),
    piece: facetListOf('piece', params),
    scene: facetListOf('scene', params),
    color: colourOf(params.get(FILTER_PARAMS.color)),
  };
}

/** `d4af37` from the URL (a leading `#` and upper case accepted); anything else is ignored. */
function colourOf(raw: string | null): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(raw?.trim() ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** A facet's codes from the URL (`metal=platinum,gold`), unknown ones dropped like other filters. */
function facetListOf(facet: Facet, params: URLSearchParams): string[] {
  return splitFacetList(params.get(FILTER_PARAMS[facet])).filter((v) => isFacetValue(facet, v));
}

/**
 * The URL for new filters: other parameters (campaign `source` …) are kept, defaults are
 * left out so the plain home page stays `/`, and paging starts over.
 */
export function withCatalogFilters(current: URLSearchParams, change: Partial<CatalogFilters>): URLSearchParams {
  const next = { ...parseCatalogFilters(current), ...change };
  const params = new URLSearchParams(current);
  params.delete('page');
  const set = (key: string, value: string | null) => {
    if (value) params.set(key, value);
    else params.delete(key);
  };
  set(SEARCH_PARAM, next.keyword.trim() || null);
  set(FILTER_PARAMS.format, next.format && slugOf(FORMAT_SLUGS, next.format));
  set(FILTER_PARAMS.orientation, next.orientation && slugOf(ORIENTATION_SLUGS, next.orientation));
  set(FILTER_PARAMS.period, next.period && slugOf(PERIOD_SLUGS, next.period));
  set(FILTER_PARAMS.sort, next.sort === SortOption.RANDOM ? null : slugOf(SORT_SLUGS, next.sort));
  for (const facet of FACETS) set(FILTER_PARAMS[facet], next[facet].join(FACET_LIST_SEPARATOR) || null);
  set(FILTER_PARAMS.color, next.color);
  return params;
}

/** Filters other than the keyword differ from the defaults. */
export function hasNarrowingFilters(filters: CatalogFilters): boolean {
  return (
    filters.format !== null ||
    filters.orientation !== null ||
    filters.period !== null ||
    filters.color !== null ||
    FACETS.some((f) => filters[f].length > 0)
  );
}

/** The filter part of GET /api/material's query (ZSearchMaterialsQuery without paging). */
export interface CatalogQuery {
  keyword?: string;
  format?: MaterialFormat;
  orientation?: Orientation;
  period?: Period;
  metal?: string;
  gem?: string;
  piece?: string;
  scene?: string;
  color?: string;
  sort: SortOption;
}

/** One page of a search: the filters, paging and the random order's seed. */
export interface SearchPageQuery extends CatalogQuery {
  page: number;
  page_size: number;
  seed?: number;
}

/** Filters → the query of GET /api/material (without paging). Empty values are left out. */
export function toSearchQuery(filters: CatalogFilters): CatalogQuery {
  const query: CatalogQuery = { sort: filters.sort };
  if (filters.keyword) query.keyword = filters.keyword;
  if (filters.format) query.format = filters.format;
  if (filters.orientation) query.orientation = filters.orientation;
  if (filters.period) query.period = filters.period;
  for (const facet of FACETS) {
    if (filters[facet].length > 0) query[facet] = filters[facet].join(FACET_LIST_SEPARATOR);
  }
  if (filters.color) query.color = filters.color;
  return query;
}
