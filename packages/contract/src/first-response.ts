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

/** A call's URL with its query in a fixed order, to compare two spellings of one call. */
export function normalizeCallUrl(url: string): string {
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The first call a page makes for a visitor without a session, when the server can answer it
 * inside the page: home's first page of results for the search and filters in its address (the
 * same mapping the page uses), a material's detail, the first page of /video and of
 * /free-material. Null for everything else.
 */
export function firstCallOfPage(pageUrl: string): string | null {
  const [path = '/', search = ''] = pageUrl.split('?');
  const params = new URLSearchParams(search);
  if (path === '/') {
    const query = toSearchQuery(parseCatalogFilters(params));
    return withQuery('/api/material', { ...query, page: 1, page_size: PAGE_SIZE_DEFAULT });
  }
  const detail = /^\/detail\/([^/]+)\/?$/.exec(path);
  if (detail?.[1]) return `/api/material/${detail[1]}`;
  if ((path === '/video' || path === '/video/') && [...params.keys()].length === 0) {
    return withQuery('/api/material/featured_video', { page: 1, page_size: VIDEO_PAGE_SIZE });
  }
  if ((path === '/free-material' || path === '/free-material/') && [...params.keys()].length === 0) {
    return withQuery('/api/material/free', { page: 1, page_size: FREE_PAGE_SIZE });
  }
  return null;
}
