import { Suspense, lazy, useEffect, useRef } from 'react';
import {
  type Location,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
} from 'react-router';
import { useSiteConfig } from '@/api/site-config';
import { type AppNavigationState } from '@/config/paths';
import { AppFooter } from '@/features/layout/components/app-footer';
import { AppHeader } from '@/features/layout/components/app-header';
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint';
import { loadBaiduTongji, recordPageView } from '@/lib/analytics';
import { markLocationCommitted } from '@/lib/navigation';
import { carriedSearch } from '@/lib/query-carry';
import { titleOf } from '../route-handle';
import { GlobalDialogs } from './global-dialogs';

// A floating button nobody needs in the first second: its code (popover, QR) loads when idle.
const ServiceFloat = lazy(async () => ({
  default: (await import('@/features/layout/components/service-float')).ServiceFloat,
}));

/**
 * Per navigation (spec §2): carry the previous route's query to the next one when the new
 * address has none, then record one page view for the settled address.
 */
function useNavigationEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef<Location | null>(null);

  useEffect(() => {
    const prev = previous.current;
    if (prev === location) return; // StrictMode's second run in development
    previous.current = location;
    const state = location.state as AppNavigationState | null;
    if (prev && prev.pathname !== location.pathname && !location.search && state?.carryQuery !== false) {
      const carried = carriedSearch(prev.search);
      if (carried) {
        void navigate(
          { pathname: location.pathname, search: carried, hash: location.hash },
          { replace: true, state: location.state as unknown },
        );
        return; // the page view is recorded for the address we settle on
      }
    }
    markLocationCommitted();
    recordPageView(`${location.pathname}${location.search}`);
  }, [location, navigate]);
}

function useDocumentTitle(siteName: string) {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => titleOf(m.handle))
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : `${siteName} - 珠宝行业正版图片与视频授权平台`;
  }, [title, siteName]);
}

/**
 * The floating service button, once the page has loaded and the browser is idle. Its own
 * component, so becoming idle redraws only it, not the whole page under the layout.
 */
function ServiceFloatWhenIdle() {
  const isIdle = useAfterFirstPaint();
  if (!isIdle) return null;
  return (
    <Suspense fallback={null}>
      <ServiceFloat />
    </Suspense>
  );
}

export function RootLayout() {
  const site = useSiteConfig();
  const navigation = useNavigation();
  useNavigationEffects();
  useDocumentTitle(site.siteName);
  // only when the deployment configures it (BAIDU_TONGJI_SITE_ID), and never under Do-Not-Track
  useEffect(() => loadBaiduTongji(site.baiduTongjiSiteId), [site.baiduTongjiSiteId]);

  return (
    <div className="gs-app">
      {navigation.state === 'loading' && <div className="gs-progress" role="progressbar" aria-label="页面加载中" />}
      <AppHeader siteName={site.siteName} />
      <main className="gs-main" id="main">
        <Outlet />
      </main>
      <AppFooter siteName={site.siteName} devOutbox={site.devOutbox} />
      <ServiceFloatWhenIdle />
      <GlobalDialogs />
      {/* a new page starts at the top; back/forward returns to where the visitor was (home's grid) */}
      <ScrollRestoration />
    </div>
  );
}
