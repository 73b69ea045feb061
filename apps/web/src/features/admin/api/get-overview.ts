import { ADMIN_OVERVIEW_ROUTES, type TAdminOverview } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** How often the menu's counters and 今日待办 ask again while the console is open. */
const REFRESH_MS = 60_000;

/** GET /api/admin/overview → today's to-do, each figure null for a role that does not act on it. */
export function getOverview(options: { quiet?: boolean } = {}): Promise<TAdminOverview> {
  return callAdminApi(ADMIN_OVERVIEW_ROUTES.overview, undefined, options);
}

/** The page and the menu share one query: one request a minute, whatever is on screen. */
const OVERVIEW_KEY = [ADMIN_SCOPE, 'overview'] as const;

export function prefetchOverview(): Promise<void> {
  // quiet: a failure is only thrown (its toast, if any, is the page's own call's)
  return queryClient.prefetchQuery({ queryKey: OVERVIEW_KEY, queryFn: () => getOverview({ quiet: true }) });
}

export function useOverview(enabled = true) {
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => getOverview(),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}
