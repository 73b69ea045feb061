import { z } from 'zod';

export const COMMON_PATHS = {
  service: '/api/common/service',
  keywords: '/api/common/keywords',
  hotKeywords: '/api/index/keywords',
  health: '/api/health',
  siteConfig: '/api/common/site',
} as const;

export const ZServiceResponse = z.object({ service: z.string() });
export type TServiceResponse = z.infer<typeof ZServiceResponse>;

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
