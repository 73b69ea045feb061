import { CONTENT_ROUTES, type ContentKey, type TPublishedContent } from '@gemstock/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * GET /api/content/:key — a document the operators edit (the FAQ, an agreement), published as
 * sanitised HTML by the server (docs/decisions/0042): no Markdown library in the browser. The
 * same for every viewer; a page visited again asks again after a minute, so a publish shows
 * without a reload of the site.
 */
export const contentKey = (key: ContentKey) => ['content', key] as const;

export function contentQuery(key: ContentKey) {
  return queryOptions({
    queryKey: contentKey(key),
    queryFn: ({ signal }) => callApi(CONTENT_ROUTES.published, { params: { key } }, { signal, quiet: true }),
    staleTime: 60_000,
  });
}

export function useContent(key: ContentKey) {
  return useQuery(contentQuery(key));
}

/** The version of an agreement the page has shown, if it has (recorded with the user's tick). */
export function shownVersion(client: QueryClient, key: ContentKey): number | undefined {
  return client.getQueryData<TPublishedContent>(contentKey(key))?.version;
}
