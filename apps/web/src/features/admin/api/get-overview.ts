import { ADMIN_OVERVIEW_ROUTES, type TAdminOverview } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** How often the menu's counters and 今日待办 ask again while the console is open. */
const REFRESH_MS = 60_000;

/** GET /api/admin/overview → today's to-do, each figure null for a role that does not act on it. */
export function getOverview(): Promise<TAdminOverview> {
  return callAdminApi(ADMIN_OVERVIEW_ROUTES.overview);
}

/** The page and the menu share one query: one request a minute, whatever is on screen. */
export function useOverview(enabled = true) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'overview'],
    queryFn: getOverview,
    enabled,
    refetchInterval: REFRESH_MS,
  });
}
