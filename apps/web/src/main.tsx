import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { mobileRedirectTarget } from '@/lib/mobile';
import './styles.css';

const mobileTarget = mobileRedirectTarget(window.location, navigator.userAgent, import.meta.env.VITE_MOBILE_SITE_URL);

if (mobileTarget) {
  window.location.replace(mobileTarget);
} else {
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
}
