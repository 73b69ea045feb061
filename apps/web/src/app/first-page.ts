import {
  CONTENT_PAGE_DOCUMENT,
  FIRST_RESPONSE_ELEMENT_ID,
  SIDE_CALLS,
  SIDE_RESPONSE_CLASS,
  SUCCESS_CODE,
  type TKeywordsResponse,
  type TMaterialDetailResponse,
  type TMaterialsResponse,
  type TPagedMaterialsResponse,
  type TPublishedContent,
  type TSearchMaterialsResponse,
  type TSiteConfigResponse,
  firstCallOfPage,
  landingPageOf,
  normalizeCallUrl,
} from '@gemstock/contract';
import type { QueryClient } from '@tanstack/react-query';
import { contentKey, contentQuery } from '@/api/get-content';
import { hotKeywordsKey } from '@/api/get-hot-keywords';
import { GUEST_VIEWER, type Viewer } from '@/api/material-cache';
import { siteConfigQuery } from '@/api/site-config';
import { searchMaterialsQuery } from '@/features/catalog/api/search-materials';
import { FIRST_SEARCH_PAGE, parseCatalogFilters } from '@/features/catalog/lib/search-filters';
import { freeMaterialsKey, getFreeMaterials } from '@/features/free-material/api/get-free-materials';
import { getMaterial, materialKey } from '@/features/material/api/get-material';
import { featuredVideosQuery } from '@/features/video/api/get-featured-videos';

/**
 * The answer to a landing page's first call (the contract's `firstCallOfPage`), which the server
 * made for the visitor and sends inside the page (apps/server src/plugins/web-app.ts).
 */
export type FirstAnswer = unknown;

/** The data of an answer element's envelope: null unless it is a success. */
function dataOf(element: Element): unknown {
  try {
    const envelope = JSON.parse(element.textContent ?? '') as { code?: unknown; data?: unknown };
    return envelope.code === SUCCESS_CODE ? (envelope.data ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Takes the answer out of the page: null unless it is a success that answers `pageUrl`'s own
 * first call. Removed either way, so nothing later can take an answer meant for an earlier
 * address.
 */
export function takeEmbeddedAnswer(pageUrl: string): FirstAnswer | null {
  const element = document.getElementById(FIRST_RESPONSE_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const call = firstCallOfPage(pageUrl);
  const answers = element.dataset.url;
  if (!call || !answers || normalizeCallUrl(answers) !== normalizeCallUrl(call)) return null;
  return dataOf(element);
}

/** The answers to the page's side calls (the contract's `sideCallsOfPage`), by call; taken out of the page. */
export function takeSideAnswers(): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const element of document.querySelectorAll<HTMLElement>(`script.${SIDE_RESPONSE_CLASS}`)) {
    element.remove();
    const data = dataOf(element);
    if (element.dataset.url && data !== null) answers[element.dataset.url] = data;
  }
  return answers;
}

/**
 * Puts the side answers into the query cache under their queries' keys. They are the same for
 * every viewer, so a signed-in buyer's page takes them too. A call this build does not know is
 * left for its page to make.
 */
export function seedSideAnswers(client: QueryClient, answers: Record<string, unknown>): void {
  const siteConfig = answers[SIDE_CALLS.siteConfig];
  if (siteConfig) client.setQueryData(siteConfigQuery.queryKey, siteConfig as TSiteConfigResponse);
  const hotKeywords = answers[SIDE_CALLS.hotKeywords];
  if (hotKeywords) client.setQueryData(hotKeywordsKey, hotKeywords as TKeywordsResponse);
}

/**
 * Puts a landing page's first answer into the query cache, under the key that page's query has
 * for a visitor without a session, so the page renders with its data at once: on the server,
 * and in the browser's first render, which must match what the server drew. Only for a visitor:
 * the answer was made for nobody in particular. Returns whether `pageUrl` is a landing page.
 */
export function seedFirstPage(client: QueryClient, pageUrl: string, answer: FirstAnswer): boolean {
  const [path = '/', search = ''] = pageUrl.split('?');
  const page = landingPageOf(path);
  switch (page) {
    case 'home':
      client.setQueryData(
        searchMaterialsQuery(GUEST_VIEWER, parseCatalogFilters(new URLSearchParams(search))).queryKey,
        {
          pages: [answer as TSearchMaterialsResponse],
          pageParams: [FIRST_SEARCH_PAGE],
        },
      );
      return true;
    case 'detail':
      client.setQueryData(
        materialKey(GUEST_VIEWER, decodeURIComponent(path.split('/')[2] ?? '')),
        answer as TMaterialDetailResponse,
      );
      return true;
    case 'video':
      client.setQueryData(featuredVideosQuery(GUEST_VIEWER).queryKey, {
        pages: [answer as TMaterialsResponse],
        pageParams: [1],
      });
      return true;
    case 'free-material':
      // the server answers /free-material without a query only: its first page
      client.setQueryData(freeMaterialsKey(GUEST_VIEWER, 1), answer as TPagedMaterialsResponse);
      return true;
    case 'question':
    case 'xiaohongshu':
      // the same document for every viewer
      client.setQueryData(contentKey(CONTENT_PAGE_DOCUMENT[page]), answer as TPublishedContent);
      return true;
    default:
      return false;
  }
}

/**
 * Loads a landing page's first data for a signed-in viewer before the page is rendered over the
 * visitor's drawing, so the drawing is replaced by the finished page rather than by skeletons.
 * Home keeps the drawing's random order (its seed): the tiles stay where they were.
 */
export async function prefetchFirstPage(
  client: QueryClient,
  pageUrl: string,
  viewer: Viewer,
  answer: FirstAnswer | null,
): Promise<void> {
  const [path = '/', search = ''] = pageUrl.split('?');
  const page = landingPageOf(path);
  switch (page) {
    case 'home': {
      const seed = (answer as Partial<TSearchMaterialsResponse> | null)?.seed ?? null;
      const query = searchMaterialsQuery(viewer, parseCatalogFilters(new URLSearchParams(search)));
      await client.prefetchInfiniteQuery({ ...query, initialPageParam: { ...FIRST_SEARCH_PAGE, seed } });
      return;
    }
    case 'detail': {
      const sid = decodeURIComponent(path.split('/')[2] ?? '');
      await client.prefetchQuery({
        queryKey: materialKey(viewer, sid),
        queryFn: ({ signal }) => getMaterial(sid, signal),
      });
      return;
    }
    case 'video':
      await client.prefetchInfiniteQuery(featuredVideosQuery(viewer));
      return;
    case 'free-material':
      if (!search)
        await client.prefetchQuery({
          queryKey: freeMaterialsKey(viewer, 1),
          queryFn: ({ signal }) => getFreeMaterials(1, signal),
        });
      return;
    case 'question':
    case 'xiaohongshu': {
      const document = CONTENT_PAGE_DOCUMENT[page];
      if (answer) client.setQueryData(contentKey(document), answer as TPublishedContent);
      else await client.prefetchQuery(contentQuery(document));
      return;
    }
    default:
      return;
  }
}
