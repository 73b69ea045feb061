import { type TSiteConfigResponse, COMMON_ROUTES } from '@gemstock/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const DEFAULT_SITE_CONFIG: TSiteConfigResponse = { siteName: '宝图', devOutbox: false };

/** GET /api/common/site. Quiet: the site works with defaults when it fails. */
export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: () => callApi(COMMON_ROUTES.siteConfig, {}, { quiet: true }),
  staleTime: Infinity,
});

export function useSiteConfig(): TSiteConfigResponse & { isLoading: boolean } {
  const query = useQuery(siteConfigQuery);
  return { ...(query.data ?? DEFAULT_SITE_CONFIG), isLoading: query.isLoading };
}
