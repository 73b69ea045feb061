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

export interface MasonryLayout {
  boxes: TileBox[];
  height: number;
  columnWidth: number;
  columns: number;
}

/**
 * Places each item in the shortest column so far (the leftmost on a tie). `ratios` are
 * height / width; `extraHeight` is a fixed part below each picture (a caption row).
 */
export function layoutMasonry(
  ratios: readonly number[],
  options: { containerWidth: number; minColumnWidth: number; gap: number; extraHeight?: number; maxColumns?: number },
): MasonryLayout {
  const { containerWidth, minColumnWidth, gap, extraHeight = 0, maxColumns } = options;
  const columns = columnCountFor(containerWidth, minColumnWidth, gap, maxColumns);
  const columnWidth = Math.max(0, (containerWidth - gap * (columns - 1)) / columns);
  const heights = new Array<number>(columns).fill(0);
  const boxes = ratios.map((ratio) => {
    let column = 0;
    for (let c = 1; c < columns; c += 1) if ((heights[c] ?? 0) < (heights[column] ?? 0)) column = c;
    const top = heights[column] ?? 0;
    const height = Math.round(columnWidth * ratio) + extraHeight;
    heights[column] = top + height + gap;
    return { left: column * (columnWidth + gap), top, width: columnWidth, height };
  });
  const tallest = Math.max(0, ...heights);
  return { boxes, height: boxes.length ? tallest - gap : 0, columnWidth, columns };
}
