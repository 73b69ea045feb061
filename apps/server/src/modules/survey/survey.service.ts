import {
  ErrorCode,
  type TAdminSurveyListResponse,
  type TSurveyResponse,
  type ZAdminSurveyListQuery,
  type ZSurveyRequest,
  ownerSidOf,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { issueRewardCoupon } from '../coupon/index.js';
import { presentCoupon } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import {
  findSurveyState,
  hasCompanyAnswered,
  insertSurvey,
  listSurveys,
  lockCompany,
  readSurveyTotals,
} from './survey.repository.js';

export type SurveyDeps = Pick<AppDeps, 'db' | 'config'> & { now?: () => Date };

/** Whether the survey is due for the account: its company has a paid order and has not answered. */
export async function isSurveyPending(db: DbOrTx, user: UserRow): Promise<boolean> {
  const state = await findSurveyState(db, ownerSidOf(user));
  return state.hasPaidOrder && !state.answered;
}

const tenths = (stars: number) => Math.round(stars * 10);

/**
 * POST /api/user/survey. One answer per company (spec §2: the survey follows the company's first
 * paid order): a second answer — a double click, another tab, a sub-account after the main
 * account — is refused with SURVEY_ALREADY_ANSWERED, records nothing, gives nothing and is never
 * counted. The company is locked while that is decided, so concurrent answers queue and only the
 * first is recorded; the reward coupon goes with that first answer.
 */
export async function submitSurvey(
  deps: SurveyDeps,
  user: UserRow,
  input: z.output<typeof ZSurveyRequest>,
): Promise<TSurveyResponse> {
  const ownerSid = ownerSidOf(user);
  const state = await findSurveyState(deps.db, ownerSid);
  if (!state.hasPaidOrder) throw new AppError(ErrorCode.SURVEY_NOT_AVAILABLE);
  if (state.answered) throw new AppError(ErrorCode.SURVEY_ALREADY_ANSWERED);
  const now = deps.now?.() ?? new Date();
  const reward = deps.config.money.surveyReward;
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, ownerSid);
    if (await hasCompanyAnswered(tx, ownerSid)) throw new AppError(ErrorCode.SURVEY_ALREADY_ANSWERED);
    const coupon = reward ? await issueRewardCoupon(tx, user.sid, reward, now) : null;
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
    // Cannot happen under the company lock; should it, the coupon is rolled back with the answer.
    if (!inserted) throw new AppError(ErrorCode.SURVEY_ALREADY_ANSWERED);
    return { coupon: coupon ? presentCoupon(coupon) : null };
  });
}

const stars = (tenthsSum: number, count: number) => (count > 0 ? Math.round(tenthsSum / count) / 10 : null);

/** GET /api/admin/surveys: answers newest first; the averages come from the running totals. */
export async function listSurveyAnswers(
  deps: Pick<SurveyDeps, 'db'>,
  query: z.output<typeof ZAdminSurveyListQuery>,
): Promise<TAdminSurveyListResponse> {
  const [totals, found] = await Promise.all([readSurveyTotals(deps.db), listSurveys(deps.db, listPageOf(query))]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.survey.sid }));
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
    nextCursor,
  };
}
