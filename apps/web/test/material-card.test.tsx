import type { TMaterial } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ImageLoadPriority, MaterialCard } from '@/components/material-grid/material-card';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { materialOf, signIn, userOf } from './factories';

/** A grid tile's picture: both thumbnails in the srcset, the dominant colour behind it while it loads. */

function material(values: Partial<TMaterial>): TMaterial {
  return materialOf({
    keywords: ['钻戒'],
    coverUrl: '/media/materials/m1/cover-1.webp',
    thumbUrl: '/media/materials/m1/thumb-1.webp',
    thumbSmallUrl: '/media/materials/m1/thumb-small-1.webp',
    placeholderColor: '#c8a050',
    ...values,
  });
}

function renderCard(m: TMaterial, props: { loadPriority?: ImageLoadPriority } = {}) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MaterialCard material={m} pictureRatio={2 / 3} sizes="170px" {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const img = screen.getByRole('img', { name: /钻戒/ });
  return { img, picture: img.parentElement! };
}

describe('material card picture', () => {
  afterEach(cleanup);

  it('offers the 240 and the 480 thumbnail, with the sizes and aspect ratio of its tile, on the dominant colour', () => {
    const { img, picture } = renderCard(material({}), { loadPriority: 'high' });
    expect(img.getAttribute('srcset')).toBe(
      '/media/materials/m1/thumb-small-1.webp 240w, /media/materials/m1/thumb-1.webp 480w',
    );
    expect(img.getAttribute('src')).toBe('/media/materials/m1/thumb-1.webp');
    expect(img.getAttribute('sizes')).toBe('170px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '320']);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(picture.className).toBe('gs-tile__picture');
    expect(picture.style.backgroundColor).toMatch(/^(#c8a050|rgb\(200, 160, 80\))$/i);
  });

  it('names each thumbnail by its real width when the picture is portrait', () => {
    const { img } = renderCard(material({ width: 1500, height: 2000 }));
    expect(img.getAttribute('srcset')).toBe(
      '/media/materials/m1/thumb-small-1.webp 180w, /media/materials/m1/thumb-1.webp 360w',
    );
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('loads the rest of a first screen at once, behind the first rows', () => {
    const { img } = renderCard(material({}), { loadPriority: 'eager' });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('auto');
  });

  it('keeps the load priority of its first drawing', () => {
    const client = new QueryClient();
    const card = (loadPriority: ImageLoadPriority) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MaterialCard material={material({})} pictureRatio={2 / 3} loadPriority={loadPriority} />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const { rerender } = render(card('high'));
    rerender(card('lazy'));
    const img = screen.getByRole('img', { name: /钻戒/ });
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('keeps older materials working: the 480 thumbnail alone on the neutral colour', () => {
    const { img, picture } = renderCard(material({ thumbSmallUrl: null, placeholderColor: null }));
    expect(img.getAttribute('srcset')).toBe('/media/materials/m1/thumb-1.webp 480w');
    expect(picture.style.backgroundColor).toBe('');
    const { thumbSmallUrl: _small, placeholderColor: _colour, ...older } = material({});
    cleanup();
    const again = renderCard(older);
    expect(again.img.getAttribute('srcset')).toBe('/media/materials/m1/thumb-1.webp 480w');
  });
});

describe('加入收藏夹 on a tile', () => {
  afterEach(() => {
    cleanup();
    useSession.getState().clear();
    useDialogs.setState({ addToBoard: null, auth: { open: false, mode: 'login' }, afterLogin: null });
  });

  it('opens the board picker for this material, from the keyboard too', () => {
    signIn(userOf({}));
    renderCard(material({ sid: 'mat0000000000042' }));
    // a native button: Tab reaches it after the tile's link and the like toggle, Enter presses it
    const button = screen.getByRole('button', { name: /^加入收藏夹：.*钻戒/ });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('tabindex')).toBeNull();
    fireEvent.click(button);
    expect(useDialogs.getState().addToBoard).toEqual({ material: 'mat0000000000042' });
  });

  it('signed out, asks for the login first and comes back to the page', () => {
    renderCard(material({}));
    fireEvent.click(screen.getByRole('button', { name: /^加入收藏夹/ }));
    expect(useDialogs.getState().auth.open).toBe(true);
    expect(useDialogs.getState().addToBoard).toBeNull();
  });

  it('a material taken off sale has none', () => {
    renderCard(material({ disabled: true }));
    expect(screen.queryByRole('button', { name: /^加入收藏夹/ })).toBeNull();
  });
});
