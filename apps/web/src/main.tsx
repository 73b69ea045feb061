import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import './styles.css';
import './components/ui/ui.css';

// Phones are sent to a separate mobile site by the server when MOBILE_SITE_URL is set
// (apps/server/src/plugins/web-app.ts); otherwise this responsive site is the mobile site.
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const router = createAppRouter();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
