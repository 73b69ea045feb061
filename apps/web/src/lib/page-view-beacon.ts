import { ANALYTICS_ROUTES, type DeviceClass, endpointUrl, type TBeaconPageView } from '@gemstock/contract';
import { useSession } from '@/stores/session';

/*
 * The sending half of lib/analytics.ts, loaded once the page is up (so no page's first load
 * carries it): page views queued and sent in batches to our server, and Baidu Tongji when the
 * deployment configures it. docs/decisions/0041-analytics-and-dashboard.md.
 */

/** A batch is sent this long after its first page view, or at once when it is full. */
const SEND_DELAY_MS = 5_000;
/** As many as the server takes in one beacon (BEACON_MAX_EVENTS). */
const BATCH_MAX = 20;
const VISITOR_KEY = 'gemstock.visitor';
const TAG_MAX = 64;
const REFERRER_MAX = 500;
const ROUTE_MAX = 300;

let queue: TBeaconPageView[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let previousPath: string | null = null;
let listening = false;
let tongji = false;
type TongjiQueue = unknown[][];

/** Do-Not-Track or Global Privacy Control: the browser asks not to be tracked. */
export function asksNotToBeTracked(nav: Navigator = navigator): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const w = typeof window === 'undefined' ? undefined : (window as Window & { doNotTrack?: string });
  return n.doNotTrack === '1' || n.msDoNotTrack === '1' || w?.doNotTrack === '1' || n.globalPrivacyControl === true;
}

/** The browser's device class, from its user agent. */
export function deviceClassOf(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|HarmonyOS/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

function visitorId(): string {
  try {
    const kept = localStorage.getItem(VISITOR_KEY);
    if (kept && /^[A-Za-z0-9_-]{8,64}$/.test(kept)) return kept;
    const made =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    localStorage.setItem(VISITOR_KEY, made);
    return made;
  } catch {
    // storage refused (private mode): a visitor id for this page's life
    return `tmp-${Math.random().toString(36).slice(2, 14)}`;
  }
}

/** A tag the server would refuse (too long) is left out rather than cut. */
function tag(value: string | null): string | null {
  return value && value.length <= TAG_MAX ? value : null;
}

/** The page before: our previous path, or for the first page the other site's address (its origin when too long). */
function referrerFor(): string | null {
  if (previousPath) return previousPath;
  const external = document.referrer;
  if (!external) return null;
  if (external.length <= REFERRER_MAX) return external;
  try {
    return new URL(external).origin;
  } catch {
    return null;
  }
}

function listen(): void {
  if (listening) return;
  listening = true;
  // what is queued when the buyer leaves or hides the page goes out by beacon
  window.addEventListener('pagehide', () => sendQueued(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendQueued(true);
  });
}

/** Queues one navigation (nothing under Do-Not-Track, nothing of the console). */
export function queuePageView(path: string): void {
  listen();
  if (tongji) tongjiQueue().push(['_trackPageview', path]);
  if (asksNotToBeTracked()) return;
  const url = new URL(path, window.location.origin);
  if (url.pathname.startsWith('/admin')) return;
  // a path longer than the server takes is a statistic, not a person's text: its start is enough
  const route = url.pathname.slice(0, ROUTE_MAX);
  const q = url.searchParams;
  queue.push({
    route,
    referrer: referrerFor(),
    source: tag(q.get('source')),
    utm_source: tag(q.get('utm_source')),
    utm_medium: tag(q.get('utm_medium')),
    utm_campaign: tag(q.get('utm_campaign')),
    device: deviceClassOf(navigator.userAgent),
    at: Date.now(),
  });
  previousPath = url.pathname;
  if (queue.length >= BATCH_MAX) sendQueued(false);
  else timer ??= setTimeout(() => sendQueued(false), SEND_DELAY_MS);
}

/**
 * Sends what is queued; a failure is dropped (a page view is a statistic, never retried). A
 * signed-in buyer's batch goes by `fetch` with `keepalive` (it carries the account's token, which
 * `navigator.sendBeacon` cannot); a visitor's, and whatever is left when the page goes away, by
 * `navigator.sendBeacon`.
 */
function sendQueued(leaving: boolean): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (queue.length === 0) return;
  const events = queue.slice(0, BATCH_MAX);
  queue = queue.slice(BATCH_MAX);
  const body = JSON.stringify({ visitor: visitorId(), events });
  const url = endpointUrl(ANALYTICS_ROUTES.beacon);
  const token = useSession.getState().token;
  try {
    if (token && !leaving && typeof fetch === 'function') {
      void fetch(url, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body,
      }).catch(() => undefined);
    } else if (typeof navigator.sendBeacon === 'function') {
      navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    }
  } catch {
    // a browser refusing the beacon (too many queued) loses this batch only
  }
  if (queue.length > 0) sendQueued(leaving);
}

function tongjiQueue(): TongjiQueue {
  const w = window as Window & { _hmt?: TongjiQueue };
  w._hmt ??= [];
  return w._hmt;
}

/**
 * Baidu Tongji, when the deployment configures a site id (BAIDU_TONGJI_SITE_ID; the server's CSP
 * allows hm.baidu.com only then) and the browser does not ask not to be tracked. Each navigation
 * is then told to it too (an app's pages change without loading hm.js again).
 */
export function loadBaiduTongji(siteId: string, currentPath: string | null): void {
  if (tongji || !/^[0-9a-f]{32}$/i.test(siteId) || asksNotToBeTracked()) return;
  tongji = true;
  const hmt = tongjiQueue();
  hmt.push(['_setAutoPageview', false]);
  if (currentPath) hmt.push(['_trackPageview', currentPath]);
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://hm.baidu.com/hm.js?${siteId}`;
  document.head.appendChild(script);
}

/** For tests: what is waiting to be sent, and a clean start. */
export function queuedPageViews(): readonly TBeaconPageView[] {
  return queue;
}

export function resetQueue(): void {
  queue = [];
  previousPath = null;
  if (timer) clearTimeout(timer);
  timer = null;
}
