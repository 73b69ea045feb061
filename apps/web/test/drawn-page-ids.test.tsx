import { act, cleanup } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedFirstPage } from '@/app/first-page';
import { clientApp, loadMatchedRoutes } from '@/app/client-app';
import { createAppRouter } from '@/app/router';
import { renderLandingPage } from '@/entry-server';
import { queryClient } from '@/lib/query-client';
import { assumeViewportWidth } from '@/lib/viewport-estimate';
import { materialOf } from './factories';
import { ok, serveApi } from './fake-api';

/*
 * The browser hydrates the server's drawing of a landing page (src/entry-server.tsx) with the
 * app as it renders it itself (src/app/client-app.tsx). React does not correct attributes that
 * differ when it hydrates, so every `useId` must come out the same on both sides: an
 * `aria-controls`, `aria-labelledby` or radio group drawn with the server's id would otherwise
 * point at nothing once the client renders its other end.
 */

const PAGE = {
  total: 3,
  totalCapped: false,
  seed: 42,
  materials: ['a', 'b', 'c'].map((letter) => materialOf({ sid: `mat00000000000${letter}1` })),
};

const idsIn = (html: string) => [...new Set(html.match(/_R_[0-9a-z]+_/g) ?? [])].sort();

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('a drawn landing page and the app that takes it over', () => {
  it('name the same elements with the same generated ids', async () => {
    serveApi(() => ok(null));
    const drawing = await renderLandingPage({ url: '/', answer: PAGE, sideAnswers: {}, viewportWidth: 390 });
    const drawnIds = idsIn(drawing ?? '');
    // home's filters group their choices under generated names
    expect(drawnIds.length).toBeGreaterThan(3);

    // the browser hydrates the drawing as main.tsx does. React sets an input's `name` again as it
    // hydrates (its other attributes it leaves as drawn): the radios then carry the client's ids
    seedFirstPage(queryClient, '/', PAGE);
    assumeViewportWidth(390);
    await loadMatchedRoutes();
    const container = document.createElement('div');
    container.innerHTML = drawing!;
    document.body.append(container);
    const router = createAppRouter({ loaderData: { root: null } });
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, clientApp(router, container));
    });
    await vi.waitFor(() => expect(container.querySelector('.gs-masonry')).not.toBeNull());

    const radioNames = [...container.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((r) => r.name);
    expect(radioNames.length).toBeGreaterThan(3);
    expect(drawnIds).toEqual(expect.arrayContaining([...new Set(radioNames)]));
    act(() => root.unmount());
    assumeViewportWidth(null);
  });
});
