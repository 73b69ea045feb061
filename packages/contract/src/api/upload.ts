import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { UPLOAD_CONTENT_TYPES, UPLOAD_PURPOSES } from '../upload-limits.js';

/**
 * Direct uploads to storage (custom design, spec §2 /customize and §3 Customize params): the
 * browser asks for an upload target (`UPLOAD_API.token`), POSTs the file straight to it as
 * multipart form-data (the answer's `fields`, then `file`), then asks the server to check it
 * (`UPLOAD_API.check`). Only a checked key may be used in a custom order or a brief.
 */

export const ZUploadPurpose = z.enum(UPLOAD_PURPOSES, { error: '上传用途不正确' });
export const ZUploadContentType = z.enum(UPLOAD_CONTENT_TYPES, { error: '仅支持 JPEG、PNG、WebP 格式的图片' });

/** Upload credentials live at most this long (15 minutes). */
export const UPLOAD_POLICY_TTL_SECONDS = 15 * 60;

export const ZUploadTokenQuery = z.object({
  purpose: ZUploadPurpose,
  /**
   * The type of the file about to be sent (the browser's `file.type`). When given, the
   * credentials accept only that type, `fields` carries it as `Content-Type` and the key ends
   * with its extension. Without it the form must add a `Content-Type` field of an accepted type.
   */
  content_type: ZUploadContentType.optional(),
});
export type TUploadTokenQuery = z.input<typeof ZUploadTokenQuery>;

export const ZUploadTokenResponse = z.object({
  /** Where the browser POSTs multipart form-data: every entry of `fields`, then `file` last. */
  upload_url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The storage key the file will have (private, under the account's prefix). */
  key: z.string(),
  max_bytes: z.number().int(),
  content_types: z.array(z.string()),
  /** ISO time after which the credentials are refused (at most 15 minutes ahead). */
  expires_at: z.string(),
});
export type TUploadTokenResponse = z.infer<typeof ZUploadTokenResponse>;

export const ZUploadCheckRequest = z.object({
  key: z.string({ error: '请先上传文件' }).min(1, { error: '请先上传文件' }).max(512, { error: '文件标识不正确' }),
  purpose: ZUploadPurpose,
});
export type TUploadCheckRequest = z.input<typeof ZUploadCheckRequest>;

export const ZUploadCheckResponse = z.object({
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  content_type: z.string(),
});
export type TUploadCheckResponse = z.infer<typeof ZUploadCheckResponse>;

export const UPLOAD_API = {
  token: defineEndpoint({
    method: 'GET',
    path: '/api/common/oss_sts_token',
    access: 'user',
    query: ZUploadTokenQuery,
    response: ZUploadTokenResponse,
    summary:
      "Credentials for one direct upload (≤ 15 minutes): a presigned POST to the bucket, or the embedded default's signed local target.",
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/common/upload/check',
    access: 'user',
    body: ZUploadCheckRequest,
    response: ZUploadCheckResponse,
    summary: 'Checks an uploaded file (owner, real image type, size, dimensions) before it can be used.',
  }),
} as const;
