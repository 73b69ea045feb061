import { licenceSpec } from './constants.js';
import { type LicenceType, Orientation } from './enums.js';
import type { TMaterial } from './entities.js';

/*
 * The catalogue's numbers and rules that hold no schema (api/material.ts declares the calls):
 * a page of the web app that lists or prices materials uses these without loading zod.
 */

export const PAGE_SIZE_DEFAULT = 30;
export const PAGE_SIZE_MAX = 60;
/**
 * How far into one result set paging may reach (page × page_size). Totals are counted up to
 * this many and reported as capped beyond it, so no request ever counts a million rows.
 */
export const MAX_RESULT_WINDOW = 10_000;
export const RELATED_LIMIT = 12;
/** Materials 相似素材 shows (GET /api/material/:id/similar). */
export const SIMILAR_LIMIT = 12;
/** Most terms one search may combine; more would only slow the query down. */
export const MAX_SEARCH_TERMS = 5;
export const MAX_RANDOM_SEED = 2_147_483_647;

/**
 * Orientation of a material by width / height: PORTRAIT up to 0.85 (3:4 is 0.75, 9:16 is
 * 0.56), LANDSCAPE from 1.15 (4:3 is 1.33, 16:9 is 1.78), SQUARE strictly in between, so a
 * slightly cropped 1:1 (e.g. 1080×1200) still counts as square. Compared as integers
 * (20·w ≤ 17·h, 20·w ≥ 23·h) to avoid floating-point edges. The one statement of the rule:
 * `orientationOf` here and the server's SQL (`orientationSql`) are both built from it.
 */
export const ORIENTATION_RULE = { scale: 20, portraitMax: 17, landscapeMin: 23 } as const;

export const ORIENTATION_TOLERANCE = {
  portraitMaxRatio: ORIENTATION_RULE.portraitMax / ORIENTATION_RULE.scale,
  landscapeMinRatio: ORIENTATION_RULE.landscapeMin / ORIENTATION_RULE.scale,
} as const;

export function orientationOf(width: number, height: number): Orientation {
  const { scale, portraitMax, landscapeMin } = ORIENTATION_RULE;
  if (width * scale <= height * portraitMax) return Orientation.PORTRAIT;
  if (width * scale >= height * landscapeMin) return Orientation.LANDSCAPE;
  return Orientation.SQUARE;
}

/**
 * List price in cents of one licence type. `price` is a number when the material has no
 * per-type prices (every type then costs what the licence table says, and the number is the
 * price of the first, selected type), or a map by licence type with an entry for each of the
 * material's types. `specialPrice[type]`, when present, is a promotional price shown beside it.
 */
export function listPriceCents(material: Pick<TMaterial, 'price'>, type: LicenceType): number {
  if (typeof material.price === 'number') return licenceSpec(type).priceCents;
  return material.price[String(type)] ?? licenceSpec(type).priceCents;
}

/** Long sides of the grid thumbnails the server makes (apps/server/src/media/image-processor.ts). */
export const THUMB_LONG_SIDE = 480;
export const THUMB_SMALL_LONG_SIDE = 240;

/** Width of a thumbnail fitted inside a square of `longSide`, never enlarged (as the server draws it). */
function fittedWidth(width: number, height: number, longSide: number): number {
  const long = Math.max(width, height);
  if (!(long > 0)) return longSide;
  return long > longSide ? Math.max(1, Math.round((width * longSide) / long)) : width;
}

/**
 * The thumbnails as a srcset, each with its real width (a portrait one is narrower than its long
 * side): the 240 px one for 1× screens and narrow tiles beside the 480 px one. Materials rendered
 * before the small one existed, or too small to differ, name the 480 one only. The grid's tiles
 * and the server's preload of a first page's pictures use the same list.
 */
export function thumbnailSrcSet(
  material: Pick<TMaterial, 'thumbUrl' | 'thumbSmallUrl' | 'width' | 'height'>,
): string | undefined {
  if (!material.thumbUrl) return undefined;
  const { width, height } = material;
  const largeWidth = fittedWidth(width, height, THUMB_LONG_SIDE);
  const smallWidth = fittedWidth(width, height, THUMB_SMALL_LONG_SIDE);
  const large = `${material.thumbUrl} ${largeWidth}w`;
  if (!material.thumbSmallUrl || smallWidth >= largeWidth) return large;
  return `${material.thumbSmallUrl} ${smallWidth}w, ${large}`;
}

/**
 * The page's content column: the viewport less its side padding (24 px below 768 px, 48 px
 * above), 1360 px at most. A grid's first estimate of its width and its thumbnails' `sizes`
 * both follow it.
 */
export const PAGE_COLUMN = { maxWidth: 1360, phoneBelow: 768, phonePadding: 24, padding: 48 } as const;
/** The gap between a grid's tiles, in CSS pixels. */
export const GRID_GAP = 12;

/** How wide a tile of a grid of `columns` is on a phone, as a `sizes` entry. */
export function phoneTileSize(columns: number, gap = GRID_GAP): string {
  const { phoneBelow, phonePadding } = PAGE_COLUMN;
  return `(max-width: ${phoneBelow - 1}px) calc((100vw - ${phonePadding + gap * (columns - 1)}px) / ${columns})`;
}

/**
 * The `sizes` of a tile's thumbnail from the column count alone, in the page column's CSS terms:
 * the same text for every width with that count, so hydrating a drawing made for a 390 px phone
 * on a 412 px one changes no picture. The server's guess at a first page's preloads uses the
 * phone's entry.
 */
export function thumbnailSizes(columns: number, gap = GRID_GAP): string {
  const { maxWidth, padding } = PAGE_COLUMN;
  return `${phoneTileSize(columns, gap)}, calc((min(100vw, ${maxWidth}px) - ${padding + gap * (columns - 1)}px) / ${columns})`;
}

/** The still a material's page shows (its watermarked picture, else its cover or thumbnail). */
export function previewStillUrl(
  material: Pick<TMaterial, 'watermarkUrl' | 'coverUrl' | 'thumbUrl'>,
): string | undefined {
  return material.watermarkUrl ?? material.coverUrl ?? material.thumbUrl ?? undefined;
}
