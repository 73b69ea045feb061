import { StrictMode, useEffect } from 'react';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { type createAppRouter, routes } from '@/app/router';
import { takeEarlyClicks } from '@/lib/held-clicks';

/*
 * The app as the browser renders it (src/main.tsx), over the server's drawing or from nothing.
 */

/** The page's route modules, loaded before hydrating: the first render must be the server's. */
export async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * The router, and once the app's first drawing is in place, the clicks made on the page before it
 * replayed on it. The replay's code loads only when there is one: most visits hold no click. One
 * component, not the router beside a replaying sibling: the tree must have the server's shape
 * (src/entry-server.tsx) down to every page, or each `useId` differs from the drawing's and an
 * `aria-controls` drawn by the server points at nothing once the client renders its target.
 */
function AppRouter({ router, root }: { router: ReturnType<typeof createAppRouter>; root: HTMLElement }) {
  useEffect(() => {
    const held = takeEarlyClicks();
    if (held.length > 0)
      void import('@/lib/early-clicks').then(({ replayEarlyClicks }) => replayEarlyClicks(held, root));
  }, [root]);
  return <RouterProvider router={router} />;
}

export const clientApp = (router: ReturnType<typeof createAppRouter>, root: HTMLElement) => (
  <StrictMode>
    <AppProviders>
      <AppRouter router={router} root={root} />
    </AppProviders>
  </StrictMode>
);
