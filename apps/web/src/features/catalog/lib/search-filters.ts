import {
  groupThousands,
  MAX_RESULT_WINDOW,
  MaterialFormat,
  Orientation,
  Period,
  SortOption,
  type TSearchMaterialsResponse,
} from '@gemstock/contract';

/*
 * Home's filters in the URL ⇄ the API's query are the contract's (catalog-filters.ts): the
 * server answers a first visit's search inside the page with the same mapping. This module adds
 * the paging of the infinite grid and the choices as the filter bar shows them.
 */
export {
  type CatalogFilters,
  type CatalogQuery,
  DEFAULT_FILTERS,
  FILTER_PARAMS,
  type SearchPageQuery,
  hasNarrowingFilters,
  parseCatalogFilters,
  toSearchQuery,
  withCatalogFilters,
} from '@gemstock/contract';

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
  const n = groupThousands(total);
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
