import { z } from 'zod';

export const COMMON_PATHS = {
  service: '/api/common/service',
  keywords: '/api/common/keywords',
  hotKeywords: '/api/index/keywords',
  health: '/api/health',
  siteConfig: '/api/common/site',
} as const;

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

export const SERVICE_QR_PATHS = {
  /** The local demo's sample QR (not a real contact). */
  demoQr: '/api/common/service/qr.svg',
  /** Operator: GET the setting, PUT a new image, DELETE to clear it. */
  admin: '/api/admin/settings/service-qr',
} as const;

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
});
export type TSiteConfigResponse = z.infer<typeof ZSiteConfigResponse>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });
