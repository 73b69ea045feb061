import {
  MAX_LENGTH,
  MAX_RESULT_WINDOW,
  MaterialFormat,
  Orientation,
  Period,
  SortOption,
  type TSearchMaterialsResponse,
} from '@gemstock/contract';
import { SEARCH_PARAM } from '@/config/paths';

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
}

export const FILTER_PARAMS = {
  format: 'format',
  orientation: 'orientation',
  period: 'period',
  sort: 'sort',
} as const;

export const DEFAULT_FILTERS: CatalogFilters = {
  keyword: '',
  format: null,
  orientation: null,
  period: null,
  sort: SortOption.RANDOM,
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
  };
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
  return params;
}

/** Filters other than the keyword differ from the defaults. */
export function hasNarrowingFilters(filters: CatalogFilters): boolean {
  return filters.format !== null || filters.orientation !== null || filters.period !== null;
}

/** The filter part of GET /api/material's query (ZSearchMaterialsQuery without paging). */
export interface CatalogQuery {
  keyword?: string;
  format?: MaterialFormat;
  orientation?: Orientation;
  period?: Period;
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
  return query;
}

export interface SearchPageParam {
  page: number;
  /** The random order's seed from the first page, sent back for every later page. */
  seed: number | null;
}

export const FIRST_SEARCH_PAGE: SearchPageParam = { page: 1, seed: null };

/**
 * The next page of an infinite search, or undefined at the end: past `total`, after an empty
 * page, or beyond the server's result window. Later pages reuse the first page's seed so a
 * random order stays the same while scrolling.
 */
export function nextSearchPage(
  pages: readonly Pick<TSearchMaterialsResponse, 'total' | 'totalCapped' | 'seed' | 'materials'>[],
  pageSize: number,
): SearchPageParam | undefined {
  const first = pages[0];
  const last = pages[pages.length - 1];
  if (!first || !last || last.materials.length === 0) return undefined;
  const nextPage = pages.length + 1;
  if (nextPage * pageSize > MAX_RESULT_WINDOW) return undefined;
  const reachable = first.totalCapped ? MAX_RESULT_WINDOW : first.total;
  if (pages.length * pageSize >= reachable) return undefined;
  return { page: nextPage, seed: first.seed };
}

/** "共 16 个素材" or, when the server stopped counting, "超过 10,000 个素材". */
export function resultCountText(total: number, totalCapped: boolean): string {
  const n = total.toLocaleString('zh-CN');
  return totalCapped ? `超过 ${n} 个素材` : `共 ${n} 个素材`;
}

interface Choice<V> {
  value: V;
  label: string;
}

/** Filter choices in display order; `''` stands for "any". */
export const FORMAT_CHOICES: Choice<MaterialFormat | ''>[] = [
  { value: '', label: '全部' },
  { value: MaterialFormat.IMAGE, label: '图片' },
  { value: MaterialFormat.VIDEO, label: '视频' },
];
export const ORIENTATION_CHOICES: Choice<Orientation | ''>[] = [
  { value: '', label: '不限' },
  { value: Orientation.PORTRAIT, label: '竖图 3:4' },
  { value: Orientation.LANDSCAPE, label: '横图 4:3' },
  { value: Orientation.SQUARE, label: '方图 1:1' },
];
export const PERIOD_CHOICES: Choice<Period | ''>[] = [
  { value: '', label: '不限' },
  { value: Period.WEEK, label: '一周内' },
  { value: Period.MONTH, label: '一个月内' },
  { value: Period.QUARTER, label: '三个月内' },
  { value: Period.HALF, label: '半年内' },
  { value: Period.YEAR, label: '一年内' },
];
export const SORT_CHOICES: Choice<SortOption>[] = [
  { value: SortOption.RANDOM, label: '随机' },
  { value: SortOption.NEWEST, label: '最新' },
  { value: SortOption.MOST_LIKED, label: '最多喜欢' },
];
