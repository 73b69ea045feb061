import { act, cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MasonryGrid } from '@/components/material-grid/masonry-grid';
import { assumeViewportWidth } from '@/lib/viewport-estimate';

/*
 * A grid of several screens is drawn to a depth, then deeper as the page scrolls: the tiles
 * nobody has scrolled to cost a first visit nothing.
 */

/** Forty square tiles: twenty rows of two on a phone. */
const SQUARES = Array.from({ length: 40 }, (_, index) => index);

const grid = () => (
  <MasonryGrid
    items={SQUARES}
    getKey={String}
    getRatio={() => 1}
    label="素材列表"
    renderItem={(item) => <a href={`/detail/${item}`}>素材 {item}</a>}
  />
);

const cells = (root: ParentNode) => [...root.querySelectorAll('[role="listitem"]')];

/** Lays the list out as a browser would: `top` px from the viewport's top, 366 px wide. */
function placeListAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.getAttribute('role') === 'list'
      ? DOMRect.fromRect({ x: 12, y: top, width: 366, height: 4000 })
      : DOMRect.fromRect();
  });
}

/** A scroll, and the animation frame the grid checks its depth in. */
async function scroll() {
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    // The grid asks for its frame in the scroll handler; a frame asked for after it runs after it,
    // however late a busy machine gets to it (a fixed wait could come first).
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  assumeViewportWidth(null);
});

describe('a grid of several screens', () => {
  it('is drawn to its first depth, as tall as all its tiles, each saying where it is in the whole', () => {
    assumeViewportWidth(390);
    const container = document.createElement('div');
    container.innerHTML = renderToString(grid());
    const drawn = cells(container);
    expect(drawn.length).toBeGreaterThan(4);
    expect(drawn.length).toBeLessThan(SQUARES.length);
    expect(drawn[0]!.getAttribute('aria-setsize')).toBe('40');
    expect(drawn.map((cell) => cell.getAttribute('aria-posinset'))).toEqual(drawn.map((_, i) => String(i + 1)));
    // twenty rows of squares: the list is as tall as all of them
    const list = container.querySelector<HTMLElement>('[role="list"]')!;
    expect(list.getAttribute('style')).toContain('20 * var(--gs-masonry-column)');
  });

  it('draws deeper as the page scrolls, and keeps what it drew', async () => {
    placeListAt(300);
    const { container } = render(grid());
    await scroll();
    const first = cells(container).length;
    expect(first).toBeLessThan(SQUARES.length);

    placeListAt(-3000);
    await scroll();
    const deeper = cells(container).length;
    expect(deeper).toBeGreaterThan(first);

    placeListAt(300);
    await scroll();
    expect(cells(container)).toHaveLength(deeper);
  });

  it('draws the rest when the keyboard reaches the last rows drawn, so Tab goes on to the next tile', async () => {
    placeListAt(300);
    const { container } = render(grid());
    await scroll();
    const drawn = cells(container);
    expect(drawn.length).toBeLessThan(SQUARES.length);
    await act(async () => {
      drawn.at(-1)!.querySelector('a')!.focus();
    });
    expect(cells(container)).toHaveLength(SQUARES.length);
  });
});
