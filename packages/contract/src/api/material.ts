import { zAgreedVersion } from '../agreed-version.js';
import { z } from '../zod-locale.js';
import { MAX_LENGTH } from '../constants.js';
import { MATERIAL_FORMATS, ORIENTATIONS, PERIODS, SORT_OPTIONS, SortOption } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';
import { ZMaterial } from '../entities.js';
import { MAX_RANDOM_SEED, MAX_RESULT_WINDOW, MAX_SEARCH_TERMS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../catalog.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { MESSAGES } from '../validation.js';

export const CATALOG_MESSAGES = {
  page: '页码必须是大于 0 的整数',
  pageSize: `每页数量必须是 1 到 ${PAGE_SIZE_MAX} 之间的整数`,
  window: `最多可查看前 ${MAX_RESULT_WINDOW} 个结果，请缩小搜索范围`,
  sort: '排序方式不正确',
  orientation: '图片方向不正确',
  period: '时间范围不正确',
  format: '素材格式不正确',
  seed: '随机排序参数不正确',
  keyword: MESSAGES.keywordTooLong,
  terms: `搜索词最多 ${MAX_SEARCH_TERMS} 个`,
  id: '素材编号不正确',
  facet: '筛选值过长',
  color: '颜色格式不正确',
} as const;

const zPage = z.coerce.number({ error: CATALOG_MESSAGES.page }).int({ error: CATALOG_MESSAGES.page }).min(1, {
  error: CATALOG_MESSAGES.page,
});
const zPageSize = z.coerce
  .number({ error: CATALOG_MESSAGES.pageSize })
  .int({ error: CATALOG_MESSAGES.pageSize })
  .min(1, { error: CATALOG_MESSAGES.pageSize })
  .max(PAGE_SIZE_MAX, { error: CATALOG_MESSAGES.pageSize });

/** Paging shared by every list; `page` is 1-based. */
export const ZPageQuery = z.object({
  page: zPage.default(1),
  page_size: zPageSize.default(PAGE_SIZE_DEFAULT),
});
export type TPageQuery = z.input<typeof ZPageQuery>;

/** A blank value in a query string (`format=`) means "not given", as a cleared filter sends it. */
const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * A facet filter: codes of FACET_VOCABULARY joined by commas (`metal=platinum,gold`), any of
 * which matches. Checked against the vocabulary by the server, which answers an unknown code
 * with its facet's own error (4400–4403) naming it.
 */
const zFacetList = z.preprocess(blankAsUndefined, z.string().max(200, { error: CATALOG_MESSAGES.facet }).optional());

/** What a search matches: the keyword, the filters and the jewellery facets. */
const searchFilterShape = {
  keyword: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(MAX_LENGTH.keyword, { error: CATALOG_MESSAGES.keyword })
      .refine((v) => v.split(/\s+/u).length <= MAX_SEARCH_TERMS, { error: CATALOG_MESSAGES.terms })
      .optional(),
  ),
  format: z.preprocess(blankAsUndefined, z.enum(MATERIAL_FORMATS, { error: CATALOG_MESSAGES.format }).optional()),
  orientation: z.preprocess(blankAsUndefined, z.enum(ORIENTATIONS, { error: CATALOG_MESSAGES.orientation }).optional()),
  period: z.preprocess(blankAsUndefined, z.enum(PERIODS, { error: CATALOG_MESSAGES.period }).optional()),
  metal: zFacetList,
  gem: zFacetList,
  piece: zFacetList,
  scene: zFacetList,
  /**
   * A colour, six hexadecimal digits (`d4af37`; a leading `#` is allowed): materials with a
   * dominant colour close to it (decision 0048). Checked by the server, which answers anything
   * else with COLOR_INVALID (4460).
   */
  color: z.preprocess(blankAsUndefined, z.string().max(16, { error: CATALOG_MESSAGES.color }).optional()),
};

export const ZSearchMaterialsQuery = ZPageQuery.extend({
  ...searchFilterShape,
  sort: z.preprocess(
    blankAsUndefined,
    z.enum(SORT_OPTIONS, { error: CATALOG_MESSAGES.sort }).default(SortOption.RANDOM),
  ),
  /**
   * Keeps a random order stable while paging; the server picks one when absent and returns it.
   * There are 16 random orders: seeds equal modulo 16 give the same one.
   */
  seed: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ error: CATALOG_MESSAGES.seed })
      .int({ error: CATALOG_MESSAGES.seed })
      .min(0, { error: CATALOG_MESSAGES.seed })
      .max(MAX_RANDOM_SEED, { error: CATALOG_MESSAGES.seed })
      .optional(),
  ),
}).refine((q) => q.page * q.page_size <= MAX_RESULT_WINDOW, { error: CATALOG_MESSAGES.window, path: ['page'] });
export type TSearchMaterialsQuery = z.input<typeof ZSearchMaterialsQuery>;

export const ZSearchMaterialsResponse = z.object({
  /** Matches counted up to MAX_RESULT_WINDOW; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  /** The seed of a random order (send it back for the next pages); null for other sorts. */
  seed: z.number().int().nullable(),
  materials: z.array(ZMaterial),
});
export type TSearchMaterialsResponse = z.infer<typeof ZSearchMaterialsResponse>;

/** The filter of a search, without sort or paging: what GET /api/material/facets counts over. */
export const ZSearchFacetsQuery = z.object(searchFilterShape);
export type TSearchFacetsQuery = z.input<typeof ZSearchFacetsQuery>;

const ZFacetCount = z.object({ value: z.string(), count: z.number().int() });

/**
 * Per facet, how many materials each value would show: the search with every other facet's
 * choice applied and this facet's own left out, so the other values of a facet already chosen
 * still show what adding them brings (several values of a facet are any of them).
 */
export const ZSearchFacetsResponse = z.object({
  metal: z.array(ZFacetCount),
  gem: z.array(ZFacetCount),
  piece: z.array(ZFacetCount),
  scene: z.array(ZFacetCount),
  /**
   * True when a count was estimated from a sample of the catalogue (a facet over more
   * matches than a search reads whole); shown as "约".
   */
  approximate: z.boolean(),
});
export type TSearchFacetsResponse = z.infer<typeof ZSearchFacetsResponse>;

export const ZMaterialIdParams = z.object({
  id: z.string({ error: CATALOG_MESSAGES.id }).min(1, { error: CATALOG_MESSAGES.id }).max(64, {
    error: CATALOG_MESSAGES.id,
  }),
});
export type TMaterialIdParams = z.infer<typeof ZMaterialIdParams>;

export const ZMaterialDetailResponse = ZMaterial;
export type TMaterialDetailResponse = z.infer<typeof ZMaterialDetailResponse>;

export const ZMaterialsResponse = z.object({ materials: z.array(ZMaterial) });
export type TMaterialsResponse = z.infer<typeof ZMaterialsResponse>;

export const ZPagedMaterialsResponse = z.object({ total: z.number().int(), materials: z.array(ZMaterial) });
export type TPagedMaterialsResponse = z.infer<typeof ZPagedMaterialsResponse>;

/** 我的喜欢: by page or, with `cursor` (a page's `nextCursor`), after the last like shown. */
export const ZLikedMaterialsQuery = ZPageQuery.extend({ cursor: zListCursor });
export type TLikedMaterialsQuery = z.input<typeof ZLikedMaterialsQuery>;
/** `total` counts up to LIST_COUNT_CAP; `nextCursor` goes on from the last like of the page. */
export const ZLikedMaterialsResponse = ZListPageInfo.extend({
  total: z.number().int(),
  materials: z.array(ZMaterial),
});
export type TLikedMaterialsResponse = z.infer<typeof ZLikedMaterialsResponse>;

export const ZLikeResponse = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type TLikeResponse = z.infer<typeof ZLikeResponse>;

/** The download-only licence agreement must be ticked (spec §5): `agree=1`. */
export const ZFreeDownloadQuery = z.object({
  agree: z.enum(['1', 'true'], { error: MESSAGES.contract }),
  /** The version of the download-only licence agreement the dialog showed (recorded with the tick). */
  agreement_version: zAgreedVersion,
});
export type TFreeDownloadQuery = z.input<typeof ZFreeDownloadQuery>;

export const ZDownloadUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type TDownloadUrlResponse = z.infer<typeof ZDownloadUrlResponse>;

export const ZOriginalMediaQuery = z.object({
  key: z.string().min(1).max(512),
  exp: z.coerce.number().int().min(0),
  sig: z.string().min(1).max(128),
});
export type TOriginalMediaQuery = z.input<typeof ZOriginalMediaQuery>;

/** Catalogue calls of spec §7: search, lists, detail, likes and the free download. */
export const MATERIAL_API = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/material',
    access: 'optionalUser',
    query: ZSearchMaterialsQuery,
    response: ZSearchMaterialsResponse,
    summary: 'Searches the catalogue by keywords and filters; a random order keeps its seed while paging.',
  }),
  facets: defineEndpoint({
    method: 'GET',
    path: '/api/material/facets',
    access: 'public',
    query: ZSearchFacetsQuery,
    response: ZSearchFacetsResponse,
    summary: 'How many materials each metal, gem, piece and scene value has within a search.',
  }),
  free: defineEndpoint({
    method: 'GET',
    path: '/api/material/free',
    access: 'optionalUser',
    query: ZPageQuery,
    response: ZPagedMaterialsResponse,
    summary: 'Materials free right now.',
  }),
  featuredVideo: defineEndpoint({
    method: 'GET',
    path: '/api/material/featured_video',
    access: 'optionalUser',
    query: ZPageQuery,
    response: ZMaterialsResponse,
    summary: 'Featured videos, page by page (no total).',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id',
    access: 'optionalUser',
    params: ZMaterialIdParams,
    response: ZMaterialDetailResponse,
    summary: 'One material.',
  }),
  related: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/related',
    access: 'optionalUser',
    params: ZMaterialIdParams,
    response: ZMaterialsResponse,
    summary: 'Materials sharing keywords with this one.',
  }),
  similar: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/similar',
    access: 'optionalUser',
    params: ZMaterialIdParams,
    response: ZMaterialsResponse,
    summary:
      'Materials that look like this one (perceptual hash, colours and facets), closest first; 3001 for a material off sale or missing.',
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/api/material/:id/like',
    access: 'user',
    params: ZMaterialIdParams,
    response: ZLikeResponse,
    summary: 'Likes a material (idempotent).',
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/api/material/:id/like',
    access: 'user',
    params: ZMaterialIdParams,
    response: ZLikeResponse,
    summary: 'Takes a like back (idempotent).',
  }),
  userLikes: defineEndpoint({
    method: 'GET',
    path: '/api/user/like',
    access: 'user',
    query: ZLikedMaterialsQuery,
    response: ZLikedMaterialsResponse,
    summary:
      "The materials the account liked, most recently liked first; `cursor` (a page's `nextCursor`) goes on after that page without skipping or repeating one.",
  }),
  freeDownload: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/free_download',
    access: 'user',
    params: ZMaterialIdParams,
    query: ZFreeDownloadQuery,
    response: ZDownloadUrlResponse,
    summary:
      'A short-lived link to the original of a free material; `agree=1` accepts the download-only licence, recorded with the version shown (`agreement_version`; 4325 when it is no longer the published one).',
  }),
} as const;
