import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { type FirstAnswer, seedFirstPage, seedSideAnswers } from '@/app/first-page';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { assumeViewportWidth } from '@/lib/viewport-estimate';

/**
 * The server's drawing of a landing page (home, detail, /video, /free-material) for a visitor
 * without a session, built by `vite build --ssr` and called by apps/server src/plugins/web-app.ts.
 * The browser hydrates it (main.tsx): the page and its first pictures show with the HTML instead
 * of after the scripts have run.
 */
const handler = createStaticHandler(routes);

export interface LandingPageRender {
  /** The page's path and query. */
  url: string;
  /** The answer to the page's first call, which the page renders (and the browser seeds from). */
  answer: FirstAnswer;
  /** The answers to the page's side calls, by call (the contract's `sideCallsOfPage`). */
  sideAnswers?: Record<string, unknown>;
  /** The viewport width the layout assumes (the browser assumes the same while it hydrates). */
  viewportWidth: number;
}

/** The markup inside `#root`, or null when the page is not one drawn on the server. */
export async function renderLandingPage({
  url,
  answer,
  sideAnswers = {},
  viewportWidth,
}: LandingPageRender): Promise<string | null> {
  const client = createQueryClient();
  if (!seedFirstPage(client, url, answer)) return null;
  seedSideAnswers(client, sideAnswers);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  // a redirect, or a route that failed: the browser renders those itself
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // renderToString is synchronous: no other render runs while this width is assumed
  assumeViewportWidth(viewportWidth);
  try {
    return renderToString(
      <StrictMode>
        <AppProviders client={client}>
          {/* no inline hydration script (the CSP allows none): the browser knows the root's data */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );
  } finally {
    assumeViewportWidth(null);
    client.clear();
  }
}
