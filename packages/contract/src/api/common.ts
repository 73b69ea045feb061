import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';

/**
 * How to reach customer service. `service`: the QR image to show (the operator's upload, or
 * SERVICE_QR_URL), null when there is none; `demo`: the image is the local demo's sample, to be
 * marked 演示; `phone`/`email`: the written contact, shown instead of a QR when there is none.
 */
export const ZServiceResponse = z.object({
  service: z.string().nullable(),
  demo: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type TServiceResponse = z.infer<typeof ZServiceResponse>;

/** Where the service QR shown to buyers comes from. */
export const SERVICE_QR_SOURCES = ['uploaded', 'environment', 'demo', 'contact', 'none'] as const;

export const ZServiceQrSetting = z.object({
  source: z.enum(SERVICE_QR_SOURCES),
  /** The image buyers see, when there is one. */
  qrUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** What the console home warns about; null when a real QR is set. */
  warning: z.string().nullable(),
});
export type TServiceQrSetting = z.infer<typeof ZServiceQrSetting>;

/** 2 MB: a QR picture is small; the base64 in the request is about a third larger. */
export const SERVICE_QR_MAX_BYTES = 2 * 1024 * 1024;

export const ZServiceQrUpload = z.object({
  /** The picture as a data URL: data:image/png;base64,… (PNG, JPEG or WebP). */
  image: z
    .string({ error: '请选择二维码图片' })
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, {
      error: '请上传 PNG、JPEG 或 WebP 格式的二维码图片',
    })
    .max(Math.ceil((SERVICE_QR_MAX_BYTES * 4) / 3) + 32, { error: '二维码图片不能超过 2 MB' }),
});
export type TServiceQrUpload = z.input<typeof ZServiceQrUpload>;

export const ZKeywordsResponse = z.object({ keywords: z.array(z.string()) });
export type TKeywordsResponse = z.infer<typeof ZKeywordsResponse>;

export const ZSiteConfigResponse = z.object({
  siteName: z.string(),
  /** Whether the dev outbox is served (never in production). */
  devOutbox: z.boolean(),
  /** Whether sandbox payments are on (the local demo): every page shows a 演示环境 ribbon. */
  sandboxPayments: z.boolean().optional(),
  /** Baidu Tongji's site id when the deployment configures one (BAIDU_TONGJI_SITE_ID); the pages then load hm.js. */
  baiduTongjiSiteId: z.string().nullable().optional(),
});
export type TSiteConfigResponse = z.infer<typeof ZSiteConfigResponse>;

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  /**
   * The search index held in memory by this server: `loading` while searches are still answered
   * by the database, `ready` once the index answers them, `off` when it is not used.
   */
  searchIndex: z.object({ state: z.enum(['off', 'loading', 'ready']), materials: z.number().int() }).optional(),
});

export const COMMON_API = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: ZHealthResponse,
    summary: 'Answers while the server runs.',
  }),
  siteConfig: defineEndpoint({
    method: 'GET',
    path: '/api/common/site',
    access: 'public',
    response: ZSiteConfigResponse,
    summary: 'The site name and the demo switches the pages show.',
  }),
  keywords: defineEndpoint({
    method: 'GET',
    path: '/api/common/keywords',
    access: 'public',
    response: ZKeywordsResponse,
    summary: "The operators' curated keyword list.",
  }),
  hotKeywords: defineEndpoint({
    method: 'GET',
    path: '/api/index/keywords',
    access: 'public',
    response: ZKeywordsResponse,
    summary: 'Hot-search keywords (header search panel, home suggestions, empty results).',
  }),
  service: defineEndpoint({
    method: 'GET',
    path: '/api/common/service',
    access: 'public',
    response: ZServiceResponse,
    summary: 'How to reach customer service: the QR image to show, or the written contact.',
  }),
} as const;

/** Operator: the customer-service QR buyers see. */
export const SERVICE_QR_API = {
  setting: defineEndpoint({
    method: 'GET',
    path: '/api/admin/settings/service-qr',
    access: 'operator',
    roles: ['service'],
    response: ZServiceQrSetting,
    summary: 'Where the QR buyers see comes from, and what the console warns about.',
  }),
  upload: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/settings/service-qr',
    access: 'operator',
    roles: ['service'],
    body: ZServiceQrUpload,
    response: ZServiceQrSetting,
    summary: 'Replaces the QR with an uploaded image (a data URL).',
  }),
  clear: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/settings/service-qr',
    access: 'operator',
    roles: ['service'],
    response: ZServiceQrSetting,
    summary: 'Removes the uploaded QR.',
  }),
} as const;
