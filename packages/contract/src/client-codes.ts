import type { ErrorCode } from './errors.js';

/**
 * The error codes the web client acts on, as plain numbers. The catalogue (errors.ts) carries
 * every code's message and status, several kilobytes every page would otherwise load before it
 * draws; the client needs only these numbers, since every answer carries its own message.
 * test/errors.test.ts holds each number equal to its catalogue entry.
 */
export const CLIENT_ERROR = {
  AUTH_REQUIRED: 1000,
  VALIDATION: 1001,
  NOT_FOUND: 1004,
  ROUTE_NOT_FOUND: 1005,
  /** The only code whose client policy is 'company': the company dialog instead of a toast. */
  COMPANY_REQUIRED: 1012,
  CODE_TOO_FREQUENT: 2010,
  CHALLENGE_REQUIRED: 2042,
  MATERIAL_NOT_FOUND: 3001,
  AUDIT_REQUIRED: 4012,
  COUPON_INVALID: 4020,
  COUPON_EXPIRED: 4021,
  COUPON_NOT_STARTED: 4022,
  COUPON_USED_UP: 4023,
  COUPON_NOT_APPLICABLE: 4024,
  COUPON_ALREADY_USED: 4025,
  SURVEY_ALREADY_ANSWERED: 4121,
  SUB_BUDGET_EXCEEDED: 4140,
  /** A video's channel reframe is being made: the dialog shows 生成中 instead of an error. */
  PRESET_PREPARING: 4423,
  /** A licence's marked copy of a video is being made: news, not a failure (an info toast). */
  TRACE_VIDEO_PREPARING: 4487,
} as const satisfies Partial<Record<keyof typeof ErrorCode, number>>;

/** Codes that never show a toast (spec §8). */
export const SILENT_CODES: ReadonlySet<number> = new Set([1000, 2002, 2003]);
/** Codes after which the client logs out (spec §8). */
export const LOGOUT_CODES: ReadonlySet<number> = new Set([2002, 2003]);
