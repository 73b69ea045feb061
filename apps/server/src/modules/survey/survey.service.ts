import {
  ErrorCode,
  type TAdminSurveyListResponse,
  type TSurveyResponse,
  type ZAdminPageQuery,
  type ZSurveyRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { issueRewardCoupon } from '../coupon/order-coupon.service.js';
import { ownerSidOf } from '../user/account-owner.js';
import type { UserRow } from '../user/user.repository.js';
import { presentCoupon } from '../user/user.view.js';
import {
  findSurveyState,
  hasCompanyReward,
  insertSurvey,
  listSurveys,
  lockCompany,
  readSurveyTotals,
} from './survey.repository.js';

export type SurveyDeps = Pick<AppDeps, 'db' | 'config'> & { now?: () => Date };

/** Whether the survey is due for the account: its company has a paid order and it has not answered. */
export async function isSurveyPending(db: DbOrTx, user: UserRow): Promise<boolean> {
  const state = await findSurveyState(db, user.sid, ownerSidOf(user));
  return state.hasPaidOrder && !state.answered;
}

const tenths = (stars: number) => Math.round(stars * 10);

/**
 * POST /api/user/survey. One answer per account: a repeat (or a second request while the first is
 * in flight) records nothing and gives nothing. The reward coupon goes to the first answer of a
 * company, at most once, with the company locked while that is decided.
 */
export async function submitSurvey(
  deps: SurveyDeps,
  user: UserRow,
  input: z.output<typeof ZSurveyRequest>,
): Promise<TSurveyResponse> {
  const ownerSid = ownerSidOf(user);
  const state = await findSurveyState(deps.db, user.sid, ownerSid);
  if (!state.hasPaidOrder) throw new AppError(ErrorCode.SURVEY_NOT_AVAILABLE);
  if (state.answered) return { coupon: null };
  const now = deps.now?.() ?? new Date();
  const reward = deps.config.money.surveyReward;
  return deps.db
    .transaction(async (tx) => {
      await lockCompany(tx, ownerSid);
      const coupon =
        reward && !(await hasCompanyReward(tx, ownerSid)) ? await issueRewardCoupon(tx, user.sid, reward, now) : null;
      const inserted = await insertSurvey(tx, {
        sid: newSid(),
        userSid: user.sid,
        ownerSid,
        satisfactionTenths: tenths(input.satisfaction),
        scoreTenths: tenths(input.score),
        feedback: input.feedback,
        couponSid: coupon?.sid ?? null,
        createdAt: now,
      });
      // Answered meanwhile by another request of the same account: undo this one's coupon too.
      if (!inserted) throw new SurveyAlreadyAnswered();
      return { coupon: coupon ? presentCoupon(coupon) : null };
    })
    .catch((error: unknown) => {
      if (error instanceof SurveyAlreadyAnswered) return { coupon: null };
      throw error;
    });
}

/** Rolls the transaction back (the coupon issued in it goes too) when the account had already answered. */
class SurveyAlreadyAnswered extends Error {}

const stars = (tenthsSum: number, count: number) => (count > 0 ? Math.round(tenthsSum / count) / 10 : null);

/** GET /api/admin/surveys: answers newest first; the averages come from the running totals. */
export async function listSurveyAnswers(
  deps: Pick<SurveyDeps, 'db'>,
  query: z.output<typeof ZAdminPageQuery>,
): Promise<TAdminSurveyListResponse> {
  const [totals, rows] = await Promise.all([
    readSurveyTotals(deps.db),
    listSurveys(deps.db, { offset: (query.page - 1) * query.page_size, limit: query.page_size }),
  ]);
  return {
    summary: {
      count: totals.answers,
      satisfaction: stars(totals.satisfactionTenths, totals.answers),
      score: stars(totals.scoreTenths, totals.answers),
    },
    total: totals.answers,
    surveys: rows.map(({ survey, company, account }) => ({
      sid: survey.sid,
      company,
      account: account ?? '',
      satisfaction: survey.satisfactionTenths / 10,
      score: survey.scoreTenths / 10,
      feedback: survey.feedback,
      rewarded: survey.couponSid !== null,
      createdAt: survey.createdAt.toISOString(),
    })),
  };
}
