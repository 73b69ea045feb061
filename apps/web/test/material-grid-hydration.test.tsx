import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MasonryGrid } from '@/components/material-grid/masonry-grid';
import { MaterialGrid } from '@/components/material-grid/material-grid';
import { assumeViewportWidth } from '@/lib/viewport-estimate';
import { materialOf } from './factories';

/*
 * The server draws a phone's page for 390 px; the phone hydrating it may be 412 px wide. With the
 * same column count, the hydrated grid must leave every picture as drawn: rewriting a thumbnail's
 * sizes makes the browser pick and lay out every picture again.
 */

const materials = Array.from({ length: 12 }, (_, index) =>
  materialOf({
    sid: `mat${String(index).padStart(13, '0')}`,
    width: 1000 + (index % 3) * 500,
    height: 1000 + (index % 4) * 400,
    thumbSmallUrl: `/media/materials/m${index}/thumb-small-1.webp`,
    thumbUrl: `/media/materials/m${index}/thumb-1.webp`,
  }),
);

const grid = () => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter>
      <MaterialGrid materials={materials} />
    </MemoryRouter>
  </QueryClientProvider>
);

const pictures = (root: ParentNode) =>
  [...root.querySelectorAll('img')].map((img) =>
    ['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'fetchpriority'].map((name) => img.getAttribute(name)),
  );

afterEach(() => {
  assumeViewportWidth(null);
  document.body.innerHTML = '';
});

describe('a grid drawn for one phone width and hydrated on another', () => {
  it('keeps every picture’s attributes as the server drew them', async () => {
    assumeViewportWidth(390);
    const drawn = renderToString(grid());
    const container = document.createElement('div');
    container.innerHTML = drawn;
    document.body.append(container);
    const asDrawn = pictures(container);
    expect(asDrawn).toHaveLength(12);

    // the phone's real width, measured once hydrated: 412 px less the page's padding
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(388);
    await act(async () => {
      hydrateRoot(container, grid());
    });
    assumeViewportWidth(null);
    await act(async () => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(pictures(container)).toEqual(asDrawn);
    expect(container.querySelector('img')!.getAttribute('sizes')).toMatch(
      /^\(max-width: 767px\) calc\(\(100vw - 36px\) \/ 2\)/,
    );
  });
});

describe('the masonry grid measured after hydration', () => {
  const hydrateAt = async (
    measuredWidth: number,
    renderItem: (item: number, box: unknown, index: number, columns: number) => React.ReactNode,
  ) => {
    const masonry = () => (
      <MasonryGrid items={[1, 1.5, 0.8, 1.2]} getKey={String} getRatio={(ratio) => ratio} renderItem={renderItem} />
    );
    assumeViewportWidth(390);
    const container = document.createElement('div');
    container.innerHTML = renderToString(masonry());
    document.body.append(container);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(measuredWidth);
    await act(async () => {
      hydrateRoot(container, masonry());
    });
  };

  it('renders no tile again when the real width keeps the column count', async () => {
    const tiles: number[] = [];
    await hydrateAt(388, (_item, _box, _index, columns) => {
      tiles.push(columns);
      return <span />;
    });
    // one render on the server, one while hydrating: the measured 388 px changes nothing drawn
    expect(tiles).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('lays the tiles out again when the real width changes the column count', async () => {
    const tiles: number[] = [];
    await hydrateAt(900, (_item, _box, _index, columns) => {
      tiles.push(columns);
      return <span />;
    });
    expect(tiles.slice(-4)).toEqual([3, 3, 3, 3]);
  });
});
