/**
 * A masonry layout computed from the items' real aspect ratios, so every tile has its final
 * size before its picture loads (no layout shift) and appending a page never moves the tiles
 * already placed. Items stay in DOM order = reading order for the keyboard.
 */

/** Tiles are never drawn flatter or taller than this (height / width); the picture is cropped. */
export const MIN_TILE_RATIO = 0.45;
export const MAX_TILE_RATIO = 2.2;

export function tileRatio(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return 1;
  return Math.min(MAX_TILE_RATIO, Math.max(MIN_TILE_RATIO, height / width));
}

export function columnCountFor(containerWidth: number, minColumnWidth: number, gap: number, maxColumns = 6): number {
  const fit = Math.floor((containerWidth + gap) / (minColumnWidth + gap));
  return Math.max(1, Math.min(maxColumns, fit));
}

export interface TileBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where a tile sits: its column, and what is above it there (scaled by the column width in CSS). */
export interface TilePlace {
  column: number;
  /** Sum of the height / width ratios of the tiles above it in its column. */
  ratioAbove: number;
  tilesAbove: number;
  ratio: number;
}

/** The columns' contents: enough to size the grid at any width with the same column count. */
export interface MasonryPlan {
  columns: number;
  places: TilePlace[];
  /** Per column: the sum of its tiles' ratios and how many tiles it holds. */
  totals: { ratio: number; tiles: number }[];
}

/**
 * Places each item in the shortest column so far (the leftmost on a tie), comparing heights at
 * `referenceWidth`. The plan depends only on the ratios and the column count, not on the real
 * width, so a page drawn by the server for a phone is already right at whatever width the phone
 * has: the CSS scales it (masonryCellStyle).
 */
export function planMasonry(
  ratios: readonly number[],
  options: { columns: number; gap: number; extraHeight?: number; referenceWidth: number },
): MasonryPlan {
  const { columns, gap, extraHeight = 0, referenceWidth } = options;
  const totals = Array.from({ length: columns }, () => ({ ratio: 0, tiles: 0 }));
  const heightOf = (c: { ratio: number; tiles: number }) => c.ratio * referenceWidth + c.tiles * (extraHeight + gap);
  const places = ratios.map((ratio) => {
    let column = 0;
    for (let c = 1; c < columns; c += 1) if (heightOf(totals[c]!) < heightOf(totals[column]!)) column = c;
    const total = totals[column]!;
    const place = { column, ratioAbove: total.ratio, tilesAbove: total.tiles, ratio };
    total.ratio += ratio;
    total.tiles += 1;
    return place;
  });
  return { columns, places, totals };
}

/** A tile's box in pixels for a column width. */
export function boxOf(place: TilePlace, columnWidth: number, gap: number, extraHeight = 0): TileBox {
  return {
    left: place.column * (columnWidth + gap),
    top: place.ratioAbove * columnWidth + place.tilesAbove * (extraHeight + gap),
    width: columnWidth,
    height: place.ratio * columnWidth + extraHeight,
  };
}

export interface MasonryLayout {
  boxes: TileBox[];
  height: number;
  columnWidth: number;
  columns: number;
}

/**
 * The plan measured out in pixels for a container width. `ratios` are height / width;
 * `extraHeight` is a fixed part below each picture (a caption row).
 */
export function layoutMasonry(
  ratios: readonly number[],
  options: { containerWidth: number; minColumnWidth: number; gap: number; extraHeight?: number; maxColumns?: number },
): MasonryLayout {
  const { containerWidth, minColumnWidth, gap, extraHeight = 0, maxColumns } = options;
  const columns = columnCountFor(containerWidth, minColumnWidth, gap, maxColumns);
  const columnWidth = Math.max(0, (containerWidth - gap * (columns - 1)) / columns);
  const plan = planMasonry(ratios, { columns, gap, extraHeight, referenceWidth: minColumnWidth });
  const boxes = plan.places.map((place) => boxOf(place, columnWidth, gap, extraHeight));
  const columnHeights = plan.totals.map((t) =>
    t.tiles ? t.ratio * columnWidth + t.tiles * (extraHeight + gap) - gap : 0,
  );
  return { boxes, height: Math.max(0, ...columnHeights), columnWidth, columns };
}
