import { type TKeywordsResponse, COMMON_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /api/index/keywords → hot-search keywords (header search panel, home suggestions, empty results). */
export function getHotKeywords(): Promise<TKeywordsResponse> {
  return callApi(COMMON_ROUTES.hotKeywords);
}

export const hotKeywordsKey = ['hot-keywords'] as const;

/** The header loads it on the first focus of the search box (spec §2); home asks at once. */
export function useHotKeywords(enabled: boolean) {
  return useQuery({
    queryKey: hotKeywordsKey,
    queryFn: getHotKeywords,
    enabled,
    staleTime: 5 * 60_000,
  });
}
