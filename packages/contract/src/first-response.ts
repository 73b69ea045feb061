import { PAGE_SIZE_DEFAULT } from './catalog.js';
import { withQuery } from './endpoint.js';
import { parseCatalogFilters, toSearchQuery } from './catalog-filters.js';

/** Page sizes of /video and /free-material (the web app asks for these, the server answers them in the page). */
export const VIDEO_PAGE_SIZE = 24;
export const FREE_PAGE_SIZE = 24;

/**
 * The id of the `<script type="application/json">` element in which the server sends, inside a
 * page a first visit lands on, the answer to the first call that page makes: the web app takes
 * it instead of asking (once, for a visitor without a session), which saves a round trip before
 * the page's pictures can start to load. `data-url` names the call it answers.
 */
export const FIRST_RESPONSE_ELEMENT_ID = 'gs-first-response';

/**
 * What the browser logs (console.error) when React could not take over part of a page the server
 * drew and drew it again: a text or attribute differs between the two, which is a bug. The
 * journeys watch for it.
 */
export const DRAWING_REDRAWN_MESSAGE = '服务端绘制的页面与浏览器不一致，已重新绘制';

/**
 * The class of the `<script type="application/json">` elements in which the server sends, inside
 * a landing page, the answers to its side calls (`sideCallsOfPage`), each naming its call in
 * `data-url`.
 */
export const SIDE_RESPONSE_CLASS = 'gs-side-response';

/**
 * Calls whose answers are the same for every visitor, made by a landing page at once beside its
 * first call (their paths, as COMMON_API in ./api/common.ts names them; written out here, as the
 * web app reads this module without the API's schemas).
 */
export const SIDE_CALLS = { siteConfig: '/api/common/site', hotKeywords: '/api/index/keywords' } as const;

/**
 * The side calls of a landing page, answered inside it beside its first: the site's configuration
 * (its name in the header and footer), and on home the hot keywords its hero offers. The server's
 * drawing then shows them as configured, and the browser neither asks for them nor redraws the
 * page when they arrive. Empty for any other page.
 */
export function sideCallsOfPage(pageUrl: string): string[] {
  const page = landingPageOf(pageUrl.split('?')[0] ?? '/');
  if (page === null) return [];
  return page === 'home' ? [SIDE_CALLS.siteConfig, SIDE_CALLS.hotKeywords] : [SIDE_CALLS.siteConfig];
}

/**
 * A cookie the web app keeps while the browser holds a session (the token itself stays in
 * localStorage): the server then sends landing pages undrawn, since it can only draw a visitor's
 * page, and a signed-in buyer would otherwise see that drawing, inert, until their own is ready.
 */
export const SIGNED_IN_COOKIE = 'gs_signed_in';

/** Whether a Cookie header carries SIGNED_IN_COOKIE. */
export function hasSignedInCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
}

/** A call's URL with its query in a fixed order, to compare two spellings of one call. */
export function normalizeCallUrl(url: string): string {
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The pages a first visit lands on that the server sends with a shell of their own. */
export type LandingPage = 'home' | 'detail' | 'video' | 'free-material' | 'question' | 'xiaohongshu';

/**
 * The operator console's pages (the segment after /admin/) that the server sends with a shell of
 * their own: index.html with a `modulepreload` of the console frame's and that page's code, so
 * all of it downloads with the entry instead of after the entry has run and the frame has named
 * the page. A fixed list, so an arbitrary address never names a file.
 */
export const CONSOLE_SHELL_PAGES = [
  'overview',
  'dashboard',
  'materials',
  'upload',
  'review',
  'keywords',
  'orders',
  'transfers',
  'invoices',
  'demands',
  'surveys',
  'privacy',
  'trace',
  'payment-exceptions',
  'coupons',
  'audit',
  'companies',
  'service',
  'operators',
  'account',
  'login',
  'content',
] as const;
export type ConsoleShellPage = (typeof CONSOLE_SHELL_PAGES)[number];

/**
 * The console shell of a page path (`/admin/orders` → admin-orders; `/admin` opens 今日待办 for
 * most roles, so it preloads that page), or null for any other path.
 */
export function consoleShellOf(path: string): `admin-${ConsoleShellPage}` | null {
  const match = /^\/admin(?:\/([a-z-]+))?\/?$/.exec(path);
  if (!match) return null;
  const segment = match[1] ?? 'overview';
  return (CONSOLE_SHELL_PAGES as readonly string[]).includes(segment) ? `admin-${segment as ConsoleShellPage}` : null;
}

/** The content document (内容管理, decision 0042) a landing page shows, by page. */
export const CONTENT_PAGE_DOCUMENT = { question: 'faq', xiaohongshu: 'xiaohongshu' } as const;

/** Which landing page a page path is (`/detail/abc` → detail), or null for any other page. */
export function landingPageOf(path: string): LandingPage | null {
  if (path === '/') return 'home';
  if (/^\/detail\/[^/]+\/?$/.test(path)) return 'detail';
  if (path === '/video' || path === '/video/') return 'video';
  if (path === '/free-material' || path === '/free-material/') return 'free-material';
  if (path === '/question' || path === '/question/') return 'question';
  if (path === '/xiaohongshu' || path === '/xiaohongshu/') return 'xiaohongshu';
  return null;
}

/**
 * The first call a page makes for a visitor without a session, when the server can answer it
 * inside the page: home's first page of results for the search and filters in its address (the
 * same mapping the page uses), a material's detail, the first page of /video and of
 * /free-material, the published document of /question and /xiaohongshu. Null for everything else.
 */
export function firstCallOfPage(pageUrl: string): string | null {
  const [path = '/', search = ''] = pageUrl.split('?');
  const params = new URLSearchParams(search);
  const hasQuery = [...params.keys()].length > 0;
  switch (landingPageOf(path)) {
    case 'home':
      return withQuery('/api/material', {
        ...toSearchQuery(parseCatalogFilters(params)),
        page: 1,
        page_size: PAGE_SIZE_DEFAULT,
      });
    case 'detail':
      return `/api/material/${path.split('/')[2]}`;
    case 'video':
      return hasQuery ? null : withQuery('/api/material/featured_video', { page: 1, page_size: VIDEO_PAGE_SIZE });
    case 'free-material':
      return hasQuery ? null : withQuery('/api/material/free', { page: 1, page_size: FREE_PAGE_SIZE });
    case 'question':
      return `/api/content/${CONTENT_PAGE_DOCUMENT.question}`;
    case 'xiaohongshu':
      return `/api/content/${CONTENT_PAGE_DOCUMENT.xiaohongshu}`;
    default:
      return null;
  }
}
