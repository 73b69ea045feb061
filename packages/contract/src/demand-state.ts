import type { DemandStatus, DemandTier } from './enums.js';

// The moves between these states are in demand-machine.ts, apart from the labels and numbers
// here, so a page that only names a tier or a status does not carry the machine.

/** Feedback rounds after the first draft (spec §4: one revision, a second revision, then done). */
export const DEMAND_MAX_REVISIONS = 2;
/** Working days for the first draft of an advanced customization (spec §4, §9). */
export const DEMAND_FIRST_DRAFT_WORKING_DAYS = 3;
/** Working days for a revision after the buyer's feedback (decision 0019). */
export const DEMAND_REVISION_WORKING_DAYS = 2;
/**
 * Working days for the final files once the draft is settled (the buyer accepted it, or the last
 * revision is up): like a revision, the design is done and only its files are made (decision 0024).
 */
export const DEMAND_FINAL_WORKING_DAYS = 2;
/** Working days for the operator to price a super or AI-video request (decision 0019). */
export const DEMAND_QUOTE_WORKING_DAYS = 1;
/** The lead time an operator may promise on a quote, in working days. */
export const DEMAND_QUOTE_LEAD_DAYS = { min: 1, max: 30, default: 5 } as const;
/** Most reference pictures on a quote request. */
export const DEMAND_MAX_REFERENCES = 6;

/** Buyer-facing names of the stages. */
export const DEMAND_STATUS_LABEL: Record<DemandStatus, string> = {
  QUOTE_REQUESTED: '待报价',
  QUOTED: '待付款（已报价）',
  CREATED: '待付款',
  SUBMITTED: '待设计',
  DESIGNING: '设计中',
  DRAFT_REVIEW: '待反馈',
  REVISING: '修改中',
  FINAL_PRODUCTION: '待交付终稿',
  DELIVERED: '已交付',
  CANCELLED: '已取消',
};

export const DEMAND_TIER_LABEL: Record<DemandTier, string> = {
  advanced: '高级定制',
  super: '超级定制',
  ai_video: 'AI 视频定制',
};

/** The name of draft `version` (1 = 初稿, then the revisions). */
export function draftVersionLabel(version: number): string {
  if (version <= 1) return '初稿';
  return `第 ${version - 1} 次修改稿`;
}
