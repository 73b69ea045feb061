import { useSyncExternalStore } from 'react';

/**
 * Local page-view recorder (spec §2: each navigation records a page view).
 *
 * There is no analytics backend yet, so nothing leaves the browser: each navigation is appended
 * to an in-memory log (the last MAX_LOG entries) and counted. When a backend exists, send from
 * `recordPageView` and keep this module as the single place that knows about it.
 */
export interface PageView {
  path: string;
  at: number;
}

const MAX_LOG = 100;
let log: PageView[] = [];
let count = 0;
const listeners = new Set<() => void>();

export function recordPageView(path: string): void {
  count += 1;
  log = [...log.slice(-(MAX_LOG - 1)), { path, at: Date.now() }];
  for (const listener of listeners) listener();
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
  for (const listener of listeners) listener();
}
