import {
  type CSSProperties,
  type FocusEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { PAGE_COLUMN } from '@gemstock/contract';
import { estimatedViewportWidth } from '@/lib/viewport-estimate';
import { type TileBox, type TilePlace, boxOf, columnCountFor, planMasonry } from './masonry-layout';

interface MasonryGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** height / width of the item's picture. */
  getRatio: (item: T) => number;
  /**
   * `box` is the tile's size and place in pixels at the width measured (or assumed) last;
   * `columns` the grid's column count, which a drawing for a nearby width shares.
   */
  renderItem: (item: T, box: TileBox, index: number, columns: number) => ReactNode;
  minColumnWidth?: number;
  gap?: number;
  /** Fixed height below each picture, e.g. a caption row. */
  extraHeight?: number;
  maxColumns?: number;
  className?: string;
  /** Accessible name of the list. */
  label?: string;
  /** How deep the grid is drawn at first, in pixels from its top (see useDrawnDepth). */
  firstDepth?: number;
}

const PHONE_WIDTH = 600;
/** About two phone screens of tiles, a computer's first screen and more. */
const FIRST_DEPTH = 1200;
const PHONE_MIN_COLUMN = 150;

/** The page column of the viewport assumed until the grid is measured. */
function estimatedWidth(): number {
  const viewport = estimatedViewportWidth();
  const padding = viewport < PAGE_COLUMN.phoneBelow ? PAGE_COLUMN.phonePadding : PAGE_COLUMN.padding;
  return Math.max(296, Math.min(viewport, PAGE_COLUMN.maxWidth) - padding);
}

/**
 * Follows the element's content width, measured before the first paint of a client render. A
 * new width is taken only when `sameLayout` says it changes the drawing: after hydration the
 * measured width differs from the assumed one by a few pixels on most phones, and taking it
 * would re-render every tile synchronously for nothing.
 */
function useContentWidth(
  ref: React.RefObject<HTMLElement | null>,
  sameLayout: (width: number, next: number) => boolean,
): number {
  const [width, setWidth] = useState(estimatedWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = element.clientWidth;
      // returning the same state bails out before React schedules any render
      if (next > 0) setWidth((current) => (sameLayout(current, next) ? current : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, sameLayout]);
  return width;
}

/**
 * How deep the grid is drawn, in pixels from its top at `width`: `first` at first (the server's
 * drawing and the hydration agree on it), then, as the page scrolls, to a screen below the
 * viewport's bottom. Only ever deeper: a tile once drawn stays. A grid of a few screens costs its
 * first visit the parsing, layout and hydration of the tiles nobody has scrolled to; on a phone
 * that was two thirds of home's drawing. The list keeps the height of every tile, so the page is
 * as long as it will be.
 */
function useDrawnDepth(
  list: React.RefObject<HTMLElement | null>,
  width: number,
  first: number,
  itemCount: number,
): [number, () => void] {
  const [depth, setDepth] = useState(first);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      // hidden, or not laid out: nothing to measure against
      if (rect.width <= 0) return;
      const needed = ((2 * window.innerHeight - rect.top) * width) / rect.width;
      if (needed > depth) startTransition(() => setDepth((current) => Math.max(current, Math.ceil(needed))));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // once drawn (a tall window wants more than the first depth), and after each new page of items
    schedule();
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [list, width, depth, itemCount]);
  const drawAll = useCallback(() => setDepth(Number.POSITIVE_INFINITY), []);
  return [depth, drawAll];
}

/** The column width, in CSS: the grid is a size container, so this follows its real width. */
const COLUMN = 'var(--gs-masonry-column)';

function cellStyle(place: TilePlace, gap: number, extraHeight: number): CSSProperties {
  return {
    left: `calc(${place.column} * (${COLUMN} + ${gap}px))`,
    top: `calc(${place.ratioAbove} * ${COLUMN} + ${place.tilesAbove * (extraHeight + gap)}px)`,
    width: COLUMN,
    height: `calc(${place.ratio} * ${COLUMN} + ${extraHeight}px)`,
  };
}

/**
 * Absolutely positioned masonry (masonry-layout.ts). Only the column count comes from a measured
 * width; every position and size is CSS in units of the column width, so the server's drawing of
 * the grid is exact at any width with that count, and a resize that keeps the count re-lays
 * nothing out.
 */
export function MasonryGrid<T>({
  items,
  getKey,
  getRatio,
  renderItem,
  minColumnWidth = 240,
  gap = 12,
  extraHeight = 0,
  maxColumns,
  className,
  label,
  firstDepth = FIRST_DEPTH,
}: MasonryGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // phones keep two columns: a 240 px minimum would leave one picture per screen
  const columnMinAt = useCallback(
    (width: number) => (width < PHONE_WIDTH ? Math.min(minColumnWidth, PHONE_MIN_COLUMN) : minColumnWidth),
    [minColumnWidth],
  );
  // Positions and sizes are CSS in column units, so only the column count depends on the width.
  // The pixel boxes handed to renderItem keep the width last taken (they only rank pictures'
  // load priority).
  const sameLayout = useCallback(
    (width: number, next: number) =>
      columnMinAt(width) === columnMinAt(next) &&
      columnCountFor(width, columnMinAt(width), gap, maxColumns) ===
        columnCountFor(next, columnMinAt(next), gap, maxColumns),
    [columnMinAt, gap, maxColumns],
  );
  const containerWidth = useContentWidth(ref, sameLayout);
  const ratios = useMemo(() => items.map(getRatio), [items, getRatio]);
  const columnMin = columnMinAt(containerWidth);
  const columns = columnCountFor(containerWidth, columnMin, gap, maxColumns);
  const plan = useMemo(
    () => planMasonry(ratios, { columns, gap, extraHeight, referenceWidth: columnMin }),
    [ratios, columns, gap, extraHeight, columnMin],
  );
  const columnWidth = Math.max(0, (containerWidth - gap * (columns - 1)) / columns);
  const [depth, drawAll] = useDrawnDepth(listRef, containerWidth, firstDepth, items.length);
  // the tiles above the drawn depth, as a run from the first (a picture drawn never leaves a hole above it)
  let drawnCount = 0;
  plan.places.forEach((place, index) => {
    if (boxOf(place, columnWidth, gap, extraHeight).top < depth) drawnCount = index + 1;
  });
  // a keyboard reaching the last rows drawn gets the rest, so Tab goes on to the next tile
  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[aria-posinset]');
    if (cell && Number(cell.getAttribute('aria-posinset')) > drawnCount - 2 * columns) drawAll();
  };
  const height = plan.totals
    .filter((total) => total.tiles > 0)
    .map((total) => `calc(${total.ratio} * ${COLUMN} + ${total.tiles * (extraHeight + gap) - gap}px)`);

  return (
    <div
      ref={ref}
      className={`gs-masonry${className ? ` ${className}` : ''}`}
      style={{ '--gs-masonry-columns': columns, '--gs-masonry-gap': `${gap}px` } as CSSProperties}
    >
      <div
        ref={listRef}
        className="gs-masonry__list"
        style={{ height: height.length > 1 ? `max(${height.join(', ')})` : (height[0] ?? 0) }}
        role="list"
        aria-label={label}
        onFocus={onFocus}
      >
        {items.slice(0, drawnCount).map((item, index) => {
          const place = plan.places[index];
          if (!place) return null;
          return (
            <div
              key={getKey(item)}
              role="listitem"
              // the whole list's size, drawn or not: a screen reader says "3 of 30"
              aria-setsize={items.length}
              aria-posinset={index + 1}
              className="gs-masonry__cell"
              style={cellStyle(place, gap, extraHeight)}
            >
              {renderItem(item, boxOf(place, columnWidth, gap, extraHeight), index, columns)}
            </div>
          );
        })}
      </div>
    </div>
  );
}
