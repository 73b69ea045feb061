import {
  LIST_COUNT_CAP,
  mayCallWithRoles,
  OVERVIEW_NEEDS,
  type OverviewItem,
  type TAdminOverview,
  type TOverviewCount,
} from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import { cappedTotal, countUpTo } from '../../lib/list-cursor.js';
import { overviewCountQuery } from './overview.repository.js';

/**
 * GET /api/admin/overview: each figure the operator's roles may act on, counted up to the cap
 * (LIST_COUNT_CAP + 1 rows read at most, so the page costs the same on a large database); the
 * others are null and never counted.
 */
export async function getOverview(deps: Pick<AppDeps, 'db'>, roles: readonly string[]): Promise<TAdminOverview> {
  const now = new Date();
  const items = Object.keys(OVERVIEW_NEEDS) as OverviewItem[];
  const figures = await Promise.all(
    items.map(async (item): Promise<TOverviewCount> => {
      if (!mayCallWithRoles(roles, OVERVIEW_NEEDS[item].roles)) return null;
      const counted = await countUpTo(deps.db, overviewCountQuery(deps.db, item, now), LIST_COUNT_CAP + 1);
      const { total, totalCapped } = cappedTotal(counted);
      return { count: total, capped: totalCapped };
    }),
  );
  return Object.fromEntries(items.map((item, i) => [item, figures[i]!])) as TAdminOverview;
}
