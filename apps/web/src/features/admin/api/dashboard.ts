import { ADMIN_DASHBOARD_API, type TDashboard } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** GET /api/admin/dashboard: the 数据看板 for China-time days [from, to]. */
export function getDashboard(from: string, to: string): Promise<TDashboard> {
  return callAdminApi(ADMIN_DASHBOARD_API.dashboard, { query: { from, to } });
}

/** The range's figures; the previous range stays on screen while the next one loads. */
export function useDashboard(from: string, to: string) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'dashboard', from, to],
    queryFn: () => getDashboard(from, to),
    placeholderData: keepPreviousData,
  });
}
