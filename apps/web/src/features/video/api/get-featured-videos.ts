import { type TMaterialsResponse, VIDEO_PAGE_SIZE, MATERIAL_ROUTES } from '@gemstock/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type Viewer, materialsKey, useViewer } from '@/api/material-cache';
import { callApi } from '@/lib/api-client';

/** GET /api/material/featured_video?page&page_size → {materials} (no total). */
export function getFeaturedVideos(page: number, signal?: AbortSignal): Promise<TMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.featuredVideo, { query: { page, page_size: VIDEO_PAGE_SIZE } }, { signal });
}

/** Without a total, a short page is the last one. */
export function featuredVideosQuery(viewer: Viewer) {
  return infiniteQueryOptions({
    queryKey: materialsKey(viewer, 'featured-video'),
    queryFn: ({ pageParam, signal }) => getFeaturedVideos(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.materials.length < VIDEO_PAGE_SIZE ? undefined : pages.length + 1),
  });
}

export function useFeaturedVideos() {
  return useInfiniteQuery(featuredVideosQuery(useViewer()));
}
