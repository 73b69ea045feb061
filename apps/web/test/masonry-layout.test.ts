import { describe, expect, it } from 'vitest';
import {
  MAX_TILE_RATIO,
  MIN_TILE_RATIO,
  columnCountFor,
  layoutMasonry,
  tileRatio,
} from '@/components/material-grid/masonry-layout';

describe('masonry layout', () => {
  it('fits as many columns of the minimum width as the container allows', () => {
    expect(columnCountFor(1312, 240, 12)).toBe(5);
    expect(columnCountFor(976, 240, 12)).toBe(3);
    expect(columnCountFor(100, 240, 12)).toBe(1);
    expect(columnCountFor(5000, 240, 12, 6)).toBe(6);
  });

  it('keeps the aspect ratio, clamped for extreme shapes', () => {
    expect(tileRatio(4000, 3000)).toBeCloseTo(0.75);
    expect(tileRatio(1080, 1920)).toBeCloseTo(1.778, 3);
    expect(tileRatio(6000, 1000)).toBe(MIN_TILE_RATIO);
    expect(tileRatio(1000, 6000)).toBe(MAX_TILE_RATIO);
    expect(tileRatio(0, 0)).toBe(1);
  });

  it('puts each tile in the shortest column, leftmost on a tie', () => {
    const layout = layoutMasonry([1, 0.5, 1, 0.5], { containerWidth: 210, minColumnWidth: 100, gap: 10 });
    expect(layout.columns).toBe(2);
    expect(layout.columnWidth).toBe(100);
    expect(layout.boxes).toEqual([
      { left: 0, top: 0, width: 100, height: 100 },
      { left: 110, top: 0, width: 100, height: 50 },
      { left: 110, top: 60, width: 100, height: 100 },
      { left: 0, top: 110, width: 100, height: 50 },
    ]);
    expect(layout.height).toBe(160);
  });

  it('adds a fixed footer height to each tile', () => {
    const layout = layoutMasonry([1], { containerWidth: 100, minColumnWidth: 100, gap: 10, extraHeight: 40 });
    expect(layout.boxes[0]).toEqual({ left: 0, top: 0, width: 100, height: 140 });
  });

  it('appending a page never moves the tiles already placed', () => {
    const ratios = [0.75, 1.33, 1, 0.56, 1.25, 0.8, 1.5];
    const options = { containerWidth: 1312, minColumnWidth: 240, gap: 12 };
    const before = layoutMasonry(ratios, options);
    const after = layoutMasonry([...ratios, 1, 0.7, 1.2], options);
    expect(after.boxes.slice(0, ratios.length)).toEqual(before.boxes);
  });

  it('an empty grid has no height', () => {
    expect(layoutMasonry([], { containerWidth: 800, minColumnWidth: 200, gap: 12 }).height).toBe(0);
  });
});
