import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import './styles.css';
import './components/ui/ui.css';

// Phones are sent to a separate mobile site by the server when MOBILE_SITE_URL is set
// (apps/server/src/plugins/web-app.ts); otherwise this responsive site is the mobile site.
/**
 * The built page links its stylesheet at the end of the body, so the loading screen paints before
 * it arrives (build/stylesheet-last.ts); the app waits for it, or it would flash unstyled.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.sheet,
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

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const router = createAppRouter();
void stylesheetsLoaded().then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
