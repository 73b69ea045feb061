import { GRID_GAP, type TMaterial, thumbnailSizes } from '@gemstock/contract';
import type { ReactNode } from 'react';
import { type ImageLoadPriority, MaterialCard } from './material-card';
import { MasonryGrid } from './masonry-grid';
import { tileRatio } from './masonry-layout';

interface MaterialGridProps {
  materials: readonly TMaterial[];
  minColumnWidth?: number;
  maxColumns?: number;
  /** A fixed-height row under each picture. */
  renderFooter?: (material: TMaterial) => ReactNode;
  footerHeight?: number;
  label?: string;
  /** How deep the grid is drawn at first, in pixels (MasonryGrid's `firstDepth`). */
  firstDepth?: number;
}

const ratioOf = (m: TMaterial) => tileRatio(m.width, m.height);

/**
 * By a tile's distance from the grid's top: the tiles a phone (390×844, the grid starting under
 * the hero) or a laptop shows without scrolling load at once, the first of them first; lazy
 * loading would wait for layout to find them, and they are what the visitor looks at first.
 */
function loadPriorityAt(top: number): ImageLoadPriority {
  if (top < 400) return 'high';
  if (top < 900) return 'eager';
  return 'lazy';
}
const keyOf = (m: TMaterial) => m.sid;

/** The one material grid of the site: home, related, likes, free materials, videos. */
export function MaterialGrid({
  materials,
  minColumnWidth,
  maxColumns,
  renderFooter,
  footerHeight = 0,
  label = '素材列表',
  firstDepth,
}: MaterialGridProps) {
  const extraHeight = renderFooter ? footerHeight : 0;
  return (
    <MasonryGrid
      firstDepth={firstDepth}
      items={materials}
      getKey={keyOf}
      getRatio={ratioOf}
      minColumnWidth={minColumnWidth}
      maxColumns={maxColumns}
      extraHeight={extraHeight}
      label={label}
      gap={GRID_GAP}
      renderItem={(material, box, _index, columns) => (
        <MaterialCard
          material={material}
          pictureRatio={ratioOf(material)}
          sizes={thumbnailSizes(columns)}
          loadPriority={loadPriorityAt(box.top)}
          footer={
            renderFooter ? (
              <div className="gs-tile__footer" style={{ height: extraHeight }}>
                {renderFooter(material)}
              </div>
            ) : undefined
          }
        />
      )}
    />
  );
}

/** Varied shapes so the placeholder looks like the grid it stands for. */
const SKELETON_RATIOS = [0.75, 1.33, 1, 0.56, 1.25, 0.75, 1, 1.33, 0.8, 1.5, 0.75, 1];

interface SkeletonEntry {
  key: string;
  ratio: number;
}

const skeletonKey = (e: SkeletonEntry) => e.key;
const skeletonRatio = (e: SkeletonEntry) => e.ratio;

export function MaterialGridSkeleton({
  count = 12,
  minColumnWidth,
  maxColumns,
  footerHeight = 0,
}: {
  count?: number;
  minColumnWidth?: number;
  maxColumns?: number;
  footerHeight?: number;
}) {
  const entries: SkeletonEntry[] = Array.from({ length: count }, (_, i) => ({
    key: `s${i}`,
    ratio: SKELETON_RATIOS[i % SKELETON_RATIOS.length] ?? 1,
  }));
  return (
    <div aria-busy="true" aria-label="素材加载中">
      <MasonryGrid
        items={entries}
        getKey={skeletonKey}
        getRatio={skeletonRatio}
        minColumnWidth={minColumnWidth}
        maxColumns={maxColumns}
        extraHeight={footerHeight}
        renderItem={() => <div className="gs-tile gs-tile--skeleton" />}
      />
    </div>
  );
}
