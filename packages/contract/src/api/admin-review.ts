import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import {
  MaterialReview,
  REVIEW_BATCH_MAX,
  REVIEW_REASON_MAX,
  UPLOAD_BATCH_MAX_FILES,
  UPLOAD_BATCH_STATES,
  UPLOAD_FILE_STATUSES,
} from '../material-review.js';
import { ADMIN_MESSAGES, ZAdminMaterial, zMaterialKeywords } from './admin-material.js';

/*
 * Operator console: review before sale (待审核 → 提交上架 / 驳回) and the upload batches kept on
 * the server. The file itself is sent as before (ADMIN_MATERIAL_PATHS.upload, multipart) with the
 * batch file's sid in the `batch_file` field. docs/decisions/0030-review-before-sale.md.
 */

export const REVIEW_PAGE_SIZE_DEFAULT = 20;
export const REVIEW_PAGE_SIZE_MAX = 100;

const REVIEW_MESSAGES = {
  sids: '请选择要审核的素材',
  sidsMax: `每次最多审核 ${REVIEW_BATCH_MAX} 个素材`,
  sid: '素材编号不正确',
  reason: '请填写驳回原因',
  reasonMax: `驳回原因不能超过 ${REVIEW_REASON_MAX} 个字符`,
  state: '审核状态不正确',
  batch: '上传批次编号不正确',
  files: '请选择要上传的文件',
  filesMax: `每批最多上传 ${UPLOAD_BATCH_MAX_FILES} 个文件`,
  fileName: '文件名不能为空，且不超过 255 个字符',
  fileBytes: '文件大小不正确',
} as const;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const zSid = z.string().min(1, { error: REVIEW_MESSAGES.sid }).max(64, { error: REVIEW_MESSAGES.sid });

const zPageSize = z.coerce
  .number({ error: ADMIN_MESSAGES.pageSize })
  .int({ error: ADMIN_MESSAGES.pageSize })
  .min(1, { error: ADMIN_MESSAGES.pageSize })
  .max(REVIEW_PAGE_SIZE_MAX, { error: ADMIN_MESSAGES.pageSize })
  .default(REVIEW_PAGE_SIZE_DEFAULT);

export const ZReviewQueueQuery = z.object({
  /** 待审核 (default) or 已驳回. */
  state: z.preprocess(
    blankAsUndefined,
    z
      .enum([MaterialReview.PENDING, MaterialReview.REJECTED], { error: REVIEW_MESSAGES.state })
      .default(MaterialReview.PENDING),
  ),
  /** Only the materials of one upload batch. */
  batch: z.preprocess(blankAsUndefined, zSid.optional()),
  cursor: zListCursor,
  page_size: zPageSize,
});
export type TReviewQueueQuery = z.input<typeof ZReviewQueueQuery>;

export const ZReviewQueueResponse = ZListPageInfo.extend({
  /** Matches, counted up to ADMIN_COUNT_CAP. */
  total: z.number().int(),
  materials: z.array(ZAdminMaterial),
});
export type TReviewQueueResponse = z.infer<typeof ZReviewQueueResponse>;

const zReviewSids = z
  .array(zSid, { error: REVIEW_MESSAGES.sids })
  .min(1, { error: REVIEW_MESSAGES.sids })
  .max(REVIEW_BATCH_MAX, { error: REVIEW_MESSAGES.sidsMax })
  .transform((list) => [...new Set(list)]);

/** 提交上架: one material or the selected ones, all or none. */
export const ZReviewListRequest = z.strictObject({ sids: zReviewSids });
export type TReviewListRequest = z.input<typeof ZReviewListRequest>;

/** 驳回: one material or the selected ones, with one reason, all or none. */
export const ZReviewRejectRequest = z.strictObject({
  sids: zReviewSids,
  reason: z
    .string({ error: REVIEW_MESSAGES.reason })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.reason })
    .max(REVIEW_REASON_MAX, { error: REVIEW_MESSAGES.reasonMax }),
});
export type TReviewRejectRequest = z.input<typeof ZReviewRejectRequest>;

export const ZReviewDecisionResponse = z.object({ materials: z.array(ZAdminMaterial) });
export type TReviewDecisionResponse = z.infer<typeof ZReviewDecisionResponse>;

/* ------------------------------------------------------------------ upload batches */

export const ZUploadBatchFile = z.object({
  sid: z.string(),
  position: z.number().int(),
  name: z.string(),
  bytes: z.number().int(),
  status: z.enum(UPLOAD_FILE_STATUSES),
  /** Why it failed or was refused (重复被拒, 已驳回, 失败), in Chinese. */
  reason: z.string().nullable(),
  /** The existing material with the same content (重复被拒). */
  duplicateOf: z.string().nullable(),
  /** The material it became, once received. */
  material: ZAdminMaterial.nullable(),
  /** 取消 and 重试 offered now (UploadFileMachine). */
  canCancel: z.boolean(),
  canRetry: z.boolean(),
  updatedAt: z.string(),
});
export type TUploadBatchFile = z.infer<typeof ZUploadBatchFile>;

const ZUploadBatchCounts = z.object(
  Object.fromEntries(UPLOAD_FILE_STATUSES.map((s) => [s, z.number().int()])) as Record<
    (typeof UPLOAD_FILE_STATUSES)[number],
    z.ZodNumber
  >,
);

export const ZUploadBatchSummary = z.object({
  sid: z.string(),
  /** Who uploaded it (姓名, else username). */
  operatorName: z.string().nullable(),
  keywords: z.array(z.string()),
  fileCount: z.number().int(),
  state: z.enum(UPLOAD_BATCH_STATES),
  /** Files in each status. */
  counts: ZUploadBatchCounts,
  createdAt: z.string(),
});
export type TUploadBatchSummary = z.infer<typeof ZUploadBatchSummary>;

export const ZUploadBatch = ZUploadBatchSummary.extend({ files: z.array(ZUploadBatchFile) });
export type TUploadBatch = z.infer<typeof ZUploadBatch>;

export const ZUploadBatchResponse = z.object({ batch: ZUploadBatch });
export type TUploadBatchResponse = z.infer<typeof ZUploadBatchResponse>;

export const ZCreateUploadBatchRequest = z.strictObject({
  /** Given to every file of the batch; each file's are edited afterwards. */
  keywords: zMaterialKeywords.default([]),
  files: z
    .array(
      z.strictObject({
        name: z
          .string({ error: REVIEW_MESSAGES.fileName })
          .trim()
          .min(1, { error: REVIEW_MESSAGES.fileName })
          .max(255, { error: REVIEW_MESSAGES.fileName }),
        bytes: z
          .number({ error: REVIEW_MESSAGES.fileBytes })
          .int({ error: REVIEW_MESSAGES.fileBytes })
          .min(0, { error: REVIEW_MESSAGES.fileBytes }),
      }),
      { error: REVIEW_MESSAGES.files },
    )
    .min(1, { error: REVIEW_MESSAGES.files })
    .max(UPLOAD_BATCH_MAX_FILES, { error: REVIEW_MESSAGES.filesMax }),
});
export type TCreateUploadBatchRequest = z.input<typeof ZCreateUploadBatchRequest>;

export const ZUploadBatchListQuery = z.object({ cursor: zListCursor, page_size: zPageSize });
export type TUploadBatchListQuery = z.input<typeof ZUploadBatchListQuery>;

export const ZUploadBatchListResponse = z.object({
  batches: z.array(ZUploadBatchSummary),
  nextCursor: z.string().nullable(),
});
export type TUploadBatchListResponse = z.infer<typeof ZUploadBatchListResponse>;

const ZBatchParams = z.object({ id: zSid });
const ZBatchFileParams = z.object({ id: zSid, fileId: zSid });

export const ZUploadBatchFileResponse = z.object({ file: ZUploadBatchFile });
export type TUploadBatchFileResponse = z.infer<typeof ZUploadBatchFileResponse>;

export const ADMIN_REVIEW_API = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/api/admin/review',
    access: 'operator',
    roles: ['content'],
    query: ZReviewQueueQuery,
    response: ZReviewQueueResponse,
    summary:
      'Materials waiting for review (or rejected), newest first by cursor, optionally of one upload batch; with the duplicate and licence flags.',
  }),
  list: defineEndpoint({
    method: 'POST',
    path: '/api/admin/review/list',
    access: 'operator',
    roles: ['content'],
    body: ZReviewListRequest,
    response: ZReviewDecisionResponse,
    summary: '提交上架: puts the materials on sale, all or none, in one audit entry; buyers find them at once.',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/review/reject',
    access: 'operator',
    roles: ['content'],
    body: ZReviewRejectRequest,
    response: ZReviewDecisionResponse,
    summary: '驳回: rejects the materials waiting for review with a reason, all or none, in one audit entry.',
  }),
} as const;

export const ADMIN_UPLOAD_BATCH_API = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/upload_batches',
    access: 'operator',
    roles: ['content'],
    body: ZCreateUploadBatchRequest,
    response: ZUploadBatchResponse,
    summary: 'Starts a batch: one row per file to send, each 上传中 until its bytes arrive.',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/upload_batches',
    access: 'operator',
    roles: ['content'],
    query: ZUploadBatchListQuery,
    response: ZUploadBatchListResponse,
    summary: 'Upload batches, newest first by cursor, with their state and the files in each status.',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/upload_batches/:id',
    access: 'operator',
    roles: ['content'],
    params: ZBatchParams,
    response: ZUploadBatchResponse,
    summary: 'One batch with every file: its status, reason, and the material it became.',
  }),
  cancelFile: defineEndpoint({
    method: 'POST',
    path: '/api/admin/upload_batches/:id/files/:fileId/cancel',
    access: 'operator',
    roles: ['content'],
    params: ZBatchFileParams,
    response: ZUploadBatchFileResponse,
    summary: '取消: marks a file that has not arrived as cancelled (the browser stops sending it).',
  }),
} as const;
