import {
  LIST_COUNT_CAP,
  mayCallWithRoles,
  OVERVIEW_NEEDS,
  type OverviewItem,
  type TAdminOverview,
  type TOverviewCount,
} from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { cappedTotal } from '../../lib/list-cursor.js';
import {
  countDemandsOnUs,
  countDemandsOverdue,
  countExceptionsOpen,
  countInvoicesToIssue,
  countMediaFailed,
  countReviewPending,
  countTransfersWaiting,
} from './overview.repository.js';

const LIMIT = LIST_COUNT_CAP + 1;

const COUNTS: Readonly<Record<OverviewItem, (db: DbOrTx, now: Date) => Promise<number>>> = {
  transfersWaiting: (db) => countTransfersWaiting(db, LIMIT),
  exceptionsOpen: (db) => countExceptionsOpen(db, LIMIT),
  invoicesToIssue: (db) => countInvoicesToIssue(db, LIMIT),
  invoicesOverdue: (db, now) => countInvoicesToIssue(db, LIMIT, now),
  demandsWaiting: (db) => countDemandsOnUs(db, LIMIT),
  demandsOverdue: (db, now) => countDemandsOverdue(db, LIMIT, now),
  mediaFailed: (db) => countMediaFailed(db, LIMIT),
  reviewPending: (db) => countReviewPending(db, LIMIT),
};

/**
 * GET /api/admin/overview: each figure the operator's roles may act on, counted up to the cap;
 * the others are null and never counted.
 */
export async function getOverview(deps: Pick<AppDeps, 'db'>, roles: readonly string[]): Promise<TAdminOverview> {
  const now = new Date();
  const items = Object.keys(COUNTS) as OverviewItem[];
  const figures = await Promise.all(
    items.map(async (item): Promise<TOverviewCount> => {
      if (!mayCallWithRoles(roles, OVERVIEW_NEEDS[item].roles)) return null;
      const { total, totalCapped } = cappedTotal(await COUNTS[item](deps.db, now));
      return { count: total, capped: totalCapped };
    }),
  );
  return Object.fromEntries(items.map((item, i) => [item, figures[i]!])) as TAdminOverview;
}
