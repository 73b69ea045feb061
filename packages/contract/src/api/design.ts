import { z } from '../zod-locale.js';
import { DESIGN_TEXT_MAX } from '../constants.js';
import { DEMAND_MAX_REFERENCES, DEMAND_QUOTE_LEAD_DAYS } from '../demand-state.js';
import { defineEndpoint } from '../endpoint.js';
import { zListCursor } from '../list-page.js';
import { ZDemand, ZDesignComment, ZDesignFile, ZOrder } from '../entities.js';
import { DEMAND_STATUS_VALUES, DESIGN_FILE_KINDS, DemandTier } from '../enums.js';
import { MESSAGES, zSid } from '../validation.js';
import { ZAdminPageQuery } from './admin-material.js';
import { ZSidParams } from './user.js';

/** Most pinned comments a buyer may leave on one draft. */
export const DESIGN_COMMENTS_PER_FILE = 30;
/** A draft or final file an operator uploads may not be larger than this. */
export const DESIGN_FILE_MAX_BYTES = 200 * 1024 * 1024;
/** What a draft or final may be: pictures the browser shows, or an MP4 video. */
export const DESIGN_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4'] as const;

export const DESIGN_MESSAGES = {
  comment: '请填写修改意见',
  point: '标注位置不正确',
  brief: '请描述您的定制需求（至少 10 个字）',
  tier: '请选择定制类型',
  duration: '视频时长需在 5 到 120 秒之间',
  aspectRatio: '请选择视频画幅',
  price: '报价需为不低于 1 元的金额（以分为单位的整数）',
  leadDays: `交付周期需为 ${DEMAND_QUOTE_LEAD_DAYS.min} 到 ${DEMAND_QUOTE_LEAD_DAYS.max} 个工作日`,
  designer: '请选择设计师',
  reason: '请填写取消原因',
  references: '参考图最多 6 张',
  /** Also the message of DESIGN_FILE_TYPE (4217); the console says it before uploading. */
  fileType: '设计稿和最终文件只支持 JPG、PNG、WebP 图片或 MP4 视频（PDF 等文件请先导出为图片）',
} as const;

const text = (message: string, min: number, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: MESSAGES.tooLong(max) });

/** A point on a picture, as a fraction of its width or height. */
const zFraction = z.number({ error: DESIGN_MESSAGES.point }).min(0, { error: DESIGN_MESSAGES.point }).max(1, {
  error: DESIGN_MESSAGES.point,
});

export const ZDemandListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(10),
  /** A page's `nextCursor`: the demands after its last one, whatever was submitted meanwhile. */
  cursor: zListCursor,
});
export type TDemandListQuery = z.input<typeof ZDemandListQuery>;

/**
 * One page of demands, newest first; `hasMore` instead of a total so no page counts them all, and
 * `nextCursor` (null on the last page) to go on after it.
 */
export const ZDemandListResponse = z.object({
  demands: z.array(ZDemand),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type TDemandListResponse = z.infer<typeof ZDemandListResponse>;

/** A demand with everything the details drawer shows. */
export const ZDemandDetails = z.object({
  demand: ZDemand,
  files: z.array(ZDesignFile),
  comments: z.array(ZDesignComment),
  order: ZOrder.nullable(),
  material: z.object({ sid: z.string(), thumbUrl: z.string().nullable(), keywords: z.array(z.string()) }).nullable(),
  /** The exclusive licence of the delivered design, once DELIVERED. */
  certificate: z.object({ certNo: z.string(), url: z.string(), verifyUrl: z.string() }).nullable(),
});
export type TDemandDetails = z.infer<typeof ZDemandDetails>;

export const ZDemandCommentRequest = z.object({
  file: zSid,
  x: zFraction.nullable().default(null),
  y: zFraction.nullable().default(null),
  body: text(DESIGN_MESSAGES.comment, 1, DESIGN_TEXT_MAX.comment),
});
export type TDemandCommentRequest = z.input<typeof ZDemandCommentRequest>;

export const ZDemandFeedbackRequest = z.object({
  /** A general note with the pinned comments (optional when there are pinned comments). */
  message: z
    .string()
    .trim()
    .max(DESIGN_TEXT_MAX.feedback, { error: MESSAGES.tooLong(DESIGN_TEXT_MAX.feedback) })
    .default(''),
});
export type TDemandFeedbackRequest = z.input<typeof ZDemandFeedbackRequest>;

export const ZDemandQuoteRequest = z
  .object({
    tier: z.enum([DemandTier.SUPER, DemandTier.AI_VIDEO], { error: DESIGN_MESSAGES.tier }),
    material: zSid,
    brief: text(DESIGN_MESSAGES.brief, 10, 2000),
    references: z
      .array(z.string().max(300))
      .max(DEMAND_MAX_REFERENCES, { error: DESIGN_MESSAGES.references })
      .default([]),
    duration: z
      .number({ error: DESIGN_MESSAGES.duration })
      .int({ error: DESIGN_MESSAGES.duration })
      .min(5, { error: DESIGN_MESSAGES.duration })
      .max(120, { error: DESIGN_MESSAGES.duration })
      .nullable()
      .default(null),
    aspect_ratio: z
      .enum(['16:9', '9:16', '1:1', '4:3', '3:4'], { error: DESIGN_MESSAGES.aspectRatio })
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.tier !== DemandTier.AI_VIDEO) return;
    if (v.duration === null) ctx.addIssue({ code: 'custom', path: ['duration'], message: DESIGN_MESSAGES.duration });
    if (v.aspect_ratio === null) {
      ctx.addIssue({ code: 'custom', path: ['aspect_ratio'], message: DESIGN_MESSAGES.aspectRatio });
    }
  });
export type TDemandQuoteRequest = z.input<typeof ZDemandQuoteRequest>;

export const ZDemandCommentParams = z.object({ id: zSid });

/** The demand as the operators' board shows it. */
export const ZAdminDemand = ZDemand.extend({
  company: z.string().nullable(),
  requestedBy: z.string(),
  orderNo: z.string().nullable(),
  overdue: z.boolean(),
  feedbackAnsweredAt: z.string().nullable(),
});
export type TAdminDemand = z.infer<typeof ZAdminDemand>;

export const ZAdminDemandListQuery = ZAdminPageQuery.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DEMAND_STATUS_VALUES, { error: '定制状态不正确' }).optional(),
  ),
  /** Only work whose current stage is past its deadline. */
  overdue: z.preprocess((v) => v === 'true' || v === true, z.boolean()).default(false),
  /** Only work waiting on the operators (报价、分配、交付), as 今日待办 counts it. */
  waiting: z.preprocess((v) => v === 'true' || v === true, z.boolean()).default(false),
});
export type TAdminDemandListQuery = z.input<typeof ZAdminDemandListQuery>;

export const ZAdminDemandListResponse = z.object({ demands: z.array(ZAdminDemand), hasMore: z.boolean() });
export type TAdminDemandListResponse = z.infer<typeof ZAdminDemandListResponse>;

export const ZAdminDemandDetails = ZDemandDetails.extend({ demand: ZAdminDemand });
export type TAdminDemandDetails = z.infer<typeof ZAdminDemandDetails>;

export const ZDemandAssignRequest = z.object({ designer: zSid });
export const ZDemandAnswerRequest = z.object({
  reply: z
    .string()
    .trim()
    .max(DESIGN_TEXT_MAX.reply, { error: MESSAGES.tooLong(DESIGN_TEXT_MAX.reply) })
    .default(''),
});
export const ZDemandPriceRequest = z.object({
  price: z
    .number({ error: DESIGN_MESSAGES.price })
    .int({ error: DESIGN_MESSAGES.price })
    .min(100, { error: DESIGN_MESSAGES.price })
    .max(100_000_000, { error: DESIGN_MESSAGES.price }),
  lead_days: z
    .number({ error: DESIGN_MESSAGES.leadDays })
    .int({ error: DESIGN_MESSAGES.leadDays })
    .min(DEMAND_QUOTE_LEAD_DAYS.min, { error: DESIGN_MESSAGES.leadDays })
    .max(DEMAND_QUOTE_LEAD_DAYS.max, { error: DESIGN_MESSAGES.leadDays }),
});
export type TDemandPriceRequest = z.input<typeof ZDemandPriceRequest>;
export const ZDemandCancelRequest = z.object({ reason: text(DESIGN_MESSAGES.reason, 1, DESIGN_TEXT_MAX.cancelReason) });

export const ZDesignerListResponse = z.object({ designers: z.array(z.object({ sid: z.string(), name: z.string() })) });

/** PUT body is the file itself; the query says what it is. */
export const ZDesignFileUploadQuery = z.object({
  kind: z.enum(DESIGN_FILE_KINDS, { error: '请选择上传的是修改稿还是最终文件' }),
  name: z.string().trim().min(1).max(120).default('design'),
});

export const DESIGN_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/demand',
    access: 'user',
    query: ZDemandListQuery,
    response: ZDemandListResponse,
    summary: "The account's custom design requests, newest first (a main account sees its sub-accounts' too).",
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/user/demand/:id',
    access: 'user',
    params: ZSidParams,
    response: ZDemandDetails,
    summary: 'One request with its drafts, pinned comments, order and, once delivered, its exclusive certificate.',
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/user/demand/:id/comments',
    access: 'user',
    params: ZSidParams,
    body: ZDemandCommentRequest,
    response: ZDesignComment,
    summary: 'Pins a comment to a point of the latest draft (while it waits for feedback and rounds are left).',
  }),
  feedback: defineEndpoint({
    method: 'POST',
    path: '/api/user/demand/:id/feedback',
    access: 'user',
    params: ZSidParams,
    body: ZDemandFeedbackRequest,
    response: ZDemand,
    summary: 'Sends the comments on the latest draft as one revision round (DRAFT_REVIEW → REVISING).',
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/user/demand/:id/accept',
    access: 'user',
    params: ZSidParams,
    response: ZDemand,
    summary:
      'Accepts the latest draft as it is (DRAFT_REVIEW → FINAL_PRODUCTION): no more feedback, the designer delivers the final files.',
  }),
  delivery: defineEndpoint({
    method: 'GET',
    path: '/api/user/demand/:id/delivery',
    access: 'user',
    params: ZSidParams,
    response: z.object({ url: z.string(), expiresAt: z.string(), fileName: z.string() }),
    summary: 'A short-lived link to the delivered design; only the buyer company may have it.',
  }),
  requestQuote: defineEndpoint({
    method: 'POST',
    path: '/api/user/demand/quote',
    access: 'user',
    body: ZDemandQuoteRequest,
    response: ZDemand,
    summary: 'Asks for a super or AI-video customization; an operator answers with a price and lead time.',
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/user/demand/:id/withdraw',
    access: 'user',
    params: ZSidParams,
    response: ZDemand,
    summary: 'Withdraws a request that has not been priced yet.',
  }),
} as const;

export const ADMIN_DESIGN_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/demands',
    access: 'operator',
    roles: ['service'],
    query: ZAdminDemandListQuery,
    response: ZAdminDemandListResponse,
    summary: 'The demand board: open work by the deadline of its current stage, the most urgent first.',
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/admin/demands/:id',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    response: ZAdminDemandDetails,
    summary: 'One demand with its uploads, drafts and comments.',
  }),
  designers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/designers',
    access: 'operator',
    roles: ['service'],
    response: ZDesignerListResponse,
    summary: 'The operators a demand can be assigned to.',
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/demands/:id/assign',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZDemandAssignRequest,
    response: ZAdminDemand,
    summary: 'Assigns a designer: paid work starts (SUBMITTED → DESIGNING), or work in progress changes hands.',
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/admin/demands/:id/answer',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZDemandAnswerRequest,
    response: ZAdminDemand,
    summary: "Records that the buyer's feedback was answered (same working day), with an optional reply.",
  }),
  price: defineEndpoint({
    method: 'POST',
    path: '/api/admin/demands/:id/quote',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZDemandPriceRequest,
    response: ZAdminDemand,
    summary: 'Prices a super or AI-video request: the buyer is told and pays the `dashboard` order it creates.',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/admin/demands/:id/cancel',
    access: 'operator',
    roles: ['service'],
    params: ZSidParams,
    body: ZDemandCancelRequest,
    response: ZAdminDemand,
    summary: 'Cancels a request that cannot be done (a paid one is refunded by hand).',
  }),
} as const;
