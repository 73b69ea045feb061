import { useSyncExternalStore } from 'react';
import type * as BeaconModule from './page-view-beacon';

/**
 * Page views (spec §2: each navigation records a page view), sent to our own server
 * (docs/decisions/0041-analytics-and-dashboard.md).
 *
 * Each navigation is counted here. Once `startPageViewBeacon` has run (main.tsx) the sending half,
 * lib/page-view-beacon.ts, loads when the page is up — no page's first load carries it — and
 * queues each navigation, sending batches a few seconds later, never on the navigation's path.
 * Nothing is queued when the browser asks not to be tracked (Do-Not-Track, Global Privacy
 * Control). The visitor id is random, kept in localStorage, and names no one.
 */
export interface PageView {
  path: string;
  at: number;
}

type Beacon = typeof BeaconModule;

const MAX_LOG = 100;
let log: PageView[] = [];
let count = 0;
const listeners = new Set<() => void>();
let beacon: Beacon | null = null;
let loading: Promise<Beacon> | null = null;
let tongjiSiteId: string | null = null;

export function recordPageView(path: string): void {
  count += 1;
  log = [...log.slice(-(MAX_LOG - 1)), { path, at: Date.now() }];
  for (const listener of listeners) listener();
  beacon?.queuePageView(path);
}

/**
 * Turns sending on (the app's entry calls it once; tests and the server's drawing never do): the
 * sending half loads after the page's own work, and the navigations recorded before it are queued.
 */
export function startPageViewBeacon(): Promise<Beacon> {
  loading ??= new Promise<void>((resolve) => setTimeout(resolve, 1_000))
    .then(() => import('./page-view-beacon'))
    .then((loaded) => {
      beacon = loaded;
      for (const view of log) loaded.queuePageView(view.path);
      if (tongjiSiteId) loaded.loadBaiduTongji(tongjiSiteId, log.at(-1)?.path ?? null);
      return loaded;
    });
  return loading;
}

/** Baidu Tongji when the deployment configures a site id (lib/page-view-beacon.ts loads it). */
export function loadBaiduTongji(siteId: string | null | undefined): void {
  if (!siteId || tongjiSiteId) return;
  tongjiSiteId = siteId;
  beacon?.loadBaiduTongji(siteId, log.at(-1)?.path ?? null);
}

export function getPageViewCount(): number {
  return count;
}

export function getPageViewLog(): readonly PageView[] {
  return log;
}

export function subscribePageViews(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Number of page views recorded in this browser session. */
export function usePageViewCount(): number {
  return useSyncExternalStore(subscribePageViews, getPageViewCount, getPageViewCount);
}

/** For tests. */
export function resetPageViews(): void {
  log = [];
  count = 0;
  beacon?.resetQueue();
  for (const listener of listeners) listener();
}
