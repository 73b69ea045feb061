import { z } from '../zod-locale.js';
import { MAX_LENGTH } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { zListCursor } from '../list-page.js';
import { ZCoupon } from '../entities.js';
import { MESSAGES } from '../validation.js';
import { ZAdminPageQuery } from './admin-material.js';

export const SURVEY_MESSAGES = {
  satisfaction: '满意度请选择 0.5 到 5 星（可选半星）',
  score: '评分请选择 0.5 到 5 星（可选半星）',
} as const;

/** A rating of spec §2's survey: half stars from 0.5 to 5 (default 5 in the dialog). */
function zStars(message: string) {
  return z
    .number({ error: message })
    .min(0.5, { error: message })
    .max(5, { error: message })
    .refine((v) => Number.isInteger(v * 2), { error: message });
}

/** POST /api/user/survey (spec §7): satisfaction, score, feedback. */
export const ZSurveyRequest = z.object({
  satisfaction: zStars(SURVEY_MESSAGES.satisfaction),
  score: zStars(SURVEY_MESSAGES.score),
  feedback: z
    .string()
    .trim()
    .max(MAX_LENGTH.feedback, { error: MESSAGES.tooLong(MAX_LENGTH.feedback) })
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type TSurveyRequest = z.input<typeof ZSurveyRequest>;

/**
 * `coupon`: the survey's reward, given with the company's one answer (null when no reward is
 * configured). A second answer of the company, from any of its accounts, is refused with 4121.
 */
export const ZSurveyResponse = z.object({ coupon: ZCoupon.nullable() });
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;

export const ZAdminSurvey = z.object({
  sid: z.string(),
  company: z.string().nullable(),
  /** The account that answered: username, email or mobile. */
  account: z.string(),
  satisfaction: z.number(),
  score: z.number(),
  feedback: z.string().nullable(),
  rewarded: z.boolean(),
  createdAt: z.string(),
});
export type TAdminSurvey = z.infer<typeof ZAdminSurvey>;

/** A page of the answers, newest first, or with `cursor` the answers after a page's `nextCursor`. */
export const ZAdminSurveyListQuery = ZAdminPageQuery.extend({ cursor: zListCursor });

export const ZAdminSurveyListResponse = z.object({
  /** Every answer so far, and the averages over them (stars, one decimal). */
  summary: z.object({ count: z.number().int(), satisfaction: z.number().nullable(), score: z.number().nullable() }),
  /** From the running totals, never counted. */
  total: z.number().int(),
  surveys: z.array(ZAdminSurvey),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TAdminSurveyListResponse = z.infer<typeof ZAdminSurveyListResponse>;

export const SURVEY_API = {
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/user/survey',
    access: 'user',
    body: ZSurveyRequest,
    response: ZSurveyResponse,
    summary:
      "The satisfaction survey after the company's first paid order, answered once per company (a second answer: 4121); may give a coupon.",
  }),
} as const;

export const ADMIN_SURVEY_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/surveys',
    access: 'operator',
    roles: ['service'],
    query: ZAdminSurveyListQuery,
    response: ZAdminSurveyListResponse,
    summary: 'Survey answers, newest first, with the averages over all of them.',
  }),
} as const;
