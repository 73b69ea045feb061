import { type ReactNode, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type TileBox, layoutMasonry } from './masonry-layout';

interface MasonryGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** height / width of the item's picture. */
  getRatio: (item: T) => number;
  renderItem: (item: T, box: TileBox, index: number) => ReactNode;
  minColumnWidth?: number;
  gap?: number;
  /** Fixed height below each picture, e.g. a caption row. */
  extraHeight?: number;
  maxColumns?: number;
  className?: string;
  /** Accessible name of the list. */
  label?: string;
}

const PHONE_WIDTH = 600;
const PHONE_MIN_COLUMN = 150;

/** The page column (1360 px minus padding) until the real width is measured. */
function estimatedWidth(): number {
  if (typeof window === 'undefined') return 1200;
  return Math.max(296, Math.min(window.innerWidth, 1360) - (window.innerWidth < 768 ? 24 : 48));
}

/** Follows the element's content width; measured before the first paint. */
function useContentWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(estimatedWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = element.clientWidth;
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** Absolutely positioned masonry; see masonry-layout.ts. */
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
}: MasonryGridProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const containerWidth = useContentWidth(ref);
  const ratios = useMemo(() => items.map(getRatio), [items, getRatio]);
  // phones keep two columns: a 240 px minimum would leave one picture per screen
  const columnMin = containerWidth < PHONE_WIDTH ? Math.min(minColumnWidth, PHONE_MIN_COLUMN) : minColumnWidth;
  const layout = useMemo(
    () => layoutMasonry(ratios, { containerWidth, minColumnWidth: columnMin, gap, extraHeight, maxColumns }),
    [ratios, containerWidth, columnMin, gap, extraHeight, maxColumns],
  );

  return (
    <div
      ref={ref}
      className={`gs-masonry${className ? ` ${className}` : ''}`}
      style={{ height: layout.height }}
      role="list"
      aria-label={label}
    >
      {items.map((item, index) => {
        const box = layout.boxes[index];
        if (!box) return null;
        return (
          <div
            key={getKey(item)}
            role="listitem"
            className="gs-masonry__cell"
            style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
          >
            {renderItem(item, box, index)}
          </div>
        );
      })}
    </div>
  );
}
