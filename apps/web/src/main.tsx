import { DRAWING_REDRAWN_MESSAGE, FIRST_RESPONSE_ELEMENT_ID } from '@gemstock/contract';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { viewerOf } from '@/api/material-cache';
import { clientApp, loadMatchedRoutes } from '@/app/client-app';
import { createAppRouter } from '@/app/router';
import { startPageViewBeacon } from '@/lib/analytics';
import { logError } from '@/lib/logger';
import { queryClient } from '@/lib/query-client';
import { assumeViewportWidth } from '@/lib/viewport-estimate';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import { markSignedIn, useSession } from '@/stores/session';
import './styles.css';
import './components/ui/ui.css';

// Phones are sent to a separate mobile site by the server when MOBILE_SITE_URL is set
// (apps/server/src/plugins/web-app.ts); otherwise this responsive site is the mobile site.

/**
 * A page without the server's drawing links its stylesheet at the end of the body, so the
 * loading screen paints before it arrives (build/stylesheet-last.ts); the app waits for it, or it
 * would flash unstyled.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet && !link.disabled,
  );
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          // a stylesheet that fails to load must not keep the app from starting
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  );
}

async function start(container: HTMLElement) {
  // the modules' evaluation was one task; matching the routes and building the router are the
  // next ones, each in its own
  await yieldToBrowser();
  const pageUrl = `${window.location.pathname}${window.location.search}`;
  // the server's answer and drawing were made for a visitor without a session
  const isVisitor = !useSession.getState().token;
  // sessions from before the cookie existed, and a cookie outliving its token
  markSignedIn(!isVisitor);
  const drawnWidth = Number(container.dataset.viewportWidth);
  // only a landing page carries an answer: the code that reads it loads beside the page's own
  const firstPage = document.getElementById(FIRST_RESPONSE_ELEMENT_ID) ? import('@/app/first-page') : null;

  if (isVisitor && firstPage) {
    const [{ seedFirstPage, seedSideAnswers, takeEmbeddedAnswer, takeSideAnswers }] = await Promise.all([
      firstPage,
      loadMatchedRoutes(),
    ]);
    // the drawing shows them: the first render must have them too
    seedSideAnswers(queryClient, takeSideAnswers());
    const answer = takeEmbeddedAnswer(pageUrl);
    if (answer !== null && seedFirstPage(queryClient, pageUrl, answer) && drawnWidth > 0) {
      assumeViewportWidth(drawnWidth);
      // the root loader's answer for a visitor (apps/web src/app/guards.ts)
      const router = createAppRouter({ loaderData: { root: null } });
      await yieldToBrowser();
      // as a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread for the whole page (a blocking lane is never time-sliced)
      startTransition(() => {
        hydrateRoot(container, clientApp(router, container), {
          // React recovers from a drawing it cannot take over by drawing that part again: say so
          onRecoverableError: (error) => logError(DRAWING_REDRAWN_MESSAGE, error),
        });
      });
      return;
    }
  }
  if (firstPage) {
    const { seedSideAnswers, takeSideAnswers } = await firstPage;
    seedSideAnswers(queryClient, takeSideAnswers());
  }
  const router = createAppRouter();
  await stylesheetsLoaded();
  // over the server's drawing (a browser whose session the server did not know of), render once
  // the page and its data are ready instead of replacing the drawing with skeletons first
  if (drawnWidth > 0 && firstPage) {
    if (!router.state.initialized) {
      await new Promise<void>((resolve) => {
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      });
    }
    const { prefetchFirstPage, takeEmbeddedAnswer } = await firstPage;
    await prefetchFirstPage(queryClient, pageUrl, viewerOf(useSession.getState()), takeEmbeddedAnswer(pageUrl));
  }
  createRoot(container).render(clientApp(router, container));
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// page views go to our server in batches, after the page is up (lib/analytics.ts)
void startPageViewBeacon();
void start(container);
