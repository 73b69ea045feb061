import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { zListCursor } from '../list-page.js';
import { OperatorRole } from '../operator-roles.js';
import { CONTENT_VERSION_MESSAGE, zContentVersion } from '../agreed-version.js';

/**
 * Content the operators edit (内容管理, docs/decisions/0042): the FAQ, /xiaohongshu, the user
 * agreement, the personal information protection guide and the three licence agreements. Each is
 * one document, kept as numbered versions of Markdown; the site shows the published one, drawn to
 * sanitised HTML on the server, and a consent records the version agreed to.
 */
export const CONTENT_KEYS = [
  'faq',
  'xiaohongshu',
  'user_agreement',
  'privacy_guide',
  'licence_agreement',
  'download_licence',
  'vip_agreement',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

/** How each document is named in the console and in the consent records. */
export const CONTENT_KEY_LABEL: Readonly<Record<ContentKey, string>> = {
  faq: '常见问题',
  xiaohongshu: '小红书专区',
  user_agreement: '用户协议',
  privacy_guide: '个人信息保护指引',
  licence_agreement: '授权许可使用协议',
  download_licence: '免费素材下载授权协议',
  vip_agreement: 'VIP月度服务协议',
};

/** The agreements a consent can name, by what the user did. */
export const ConsentContext = {
  /** 注册: the user agreement and the privacy guide. */
  REGISTER: 'register',
  /** 合同确认 before paying for materials or an upgrade: the licence agreement. */
  ORDER: 'order',
  /** VIP 充值: the VIP monthly service agreement. */
  VIP: 'vip',
  /** 免费素材下载: the download-only licence agreement, ticked before each free download. */
  FREE_DOWNLOAD: 'free_download',
} as const;
export type ConsentContext = (typeof ConsentContext)[keyof typeof ConsentContext];

export const CONSENT_CONTEXT_LABEL: Readonly<Record<ConsentContext, string>> = {
  register: '注册',
  order: '下单前确认授权协议',
  vip: 'VIP 充值',
  free_download: '下载免费素材前确认协议',
};

/** The longest title and Markdown body a version may have; longer is refused, never cut. */
export const CONTENT_TITLE_MAX = 60;
export const CONTENT_BODY_MAX = 60_000;

export const CONTENT_MESSAGES = {
  titleRequired: '请填写标题',
  titleTooLong: `标题不能超过 ${CONTENT_TITLE_MAX} 个字`,
  bodyRequired: '请填写正文',
  bodyTooLong: `正文不能超过 ${CONTENT_BODY_MAX.toLocaleString('en-US')} 个字符，请删减后再保存`,
  version: CONTENT_VERSION_MESSAGE,
} as const;

const zContentKeyText = z.string().max(40, { error: '内容不存在' });
export const ZContentKeyParams = z.object({ key: zContentKeyText });
const zVersion = zContentVersion;
export const ZContentVersionParams = z.object({ key: zContentKeyText, version: zVersion });

/** GET /api/content/:key — the published version, as sanitised HTML. */
export const ZPublishedContent = z.object({
  key: z.enum(CONTENT_KEYS),
  title: z.string(),
  version: z.number().int(),
  html: z.string(),
  publishedAt: z.string(),
});
export type TPublishedContent = z.infer<typeof ZPublishedContent>;

export const ZContentDocument = z.object({
  key: z.enum(CONTENT_KEYS),
  title: z.string(),
  publishedVersion: z.number().int(),
  publishedAt: z.string(),
  /** The unpublished draft, when there is one. */
  draftVersion: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type TContentDocument = z.infer<typeof ZContentDocument>;

export const ZContentDocumentsResponse = z.object({ documents: z.array(ZContentDocument) });
export type TContentDocumentsResponse = z.infer<typeof ZContentDocumentsResponse>;

/** A version's state: the draft not yet published, the one the site shows, or an earlier one. */
export const ContentVersionState = { DRAFT: 'draft', PUBLISHED: 'published', EARLIER: 'earlier' } as const;
export type ContentVersionState = (typeof ContentVersionState)[keyof typeof ContentVersionState];

export const ZContentVersionSummary = z.object({
  version: z.number().int(),
  title: z.string(),
  state: z.enum(['draft', 'published', 'earlier']),
  /** The version a rollback copied, when it is one. */
  restoredFrom: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type TContentVersionSummary = z.infer<typeof ZContentVersionSummary>;

export const ZContentVersionsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(50).default(20),
  cursor: zListCursor,
});

export const ZContentVersionsResponse = z.object({
  versions: z.array(ZContentVersionSummary),
  nextCursor: z.string().nullable(),
});
export type TContentVersionsResponse = z.infer<typeof ZContentVersionsResponse>;

export const ZContentVersion = ZContentVersionSummary.extend({
  key: z.enum(CONTENT_KEYS),
  /** The Markdown as typed. */
  body: z.string(),
  /** What the site shows for it: the sanitised HTML. */
  html: z.string(),
});
export type TContentVersion = z.infer<typeof ZContentVersion>;

const zTitle = z
  .string({ error: CONTENT_MESSAGES.titleRequired })
  .trim()
  .min(1, { error: CONTENT_MESSAGES.titleRequired })
  .max(CONTENT_TITLE_MAX, { error: CONTENT_MESSAGES.titleTooLong });
const zBody = z
  .string({ error: CONTENT_MESSAGES.bodyRequired })
  .refine((v) => v.trim().length > 0, { error: CONTENT_MESSAGES.bodyRequired })
  .refine((v) => v.length <= CONTENT_BODY_MAX, { error: CONTENT_MESSAGES.bodyTooLong });

/** PUT /api/admin/content/:key/draft — the draft as typed; `base` is the version it was edited from. */
export const ZSaveContentDraftRequest = z.object({ title: zTitle, body: zBody, base: zVersion });
export type TSaveContentDraftRequest = z.input<typeof ZSaveContentDraftRequest>;

export const ZContentVersionRequest = z.object({ version: zVersion });
export type TContentVersionRequest = z.input<typeof ZContentVersionRequest>;

export const ZContentPreviewRequest = z.object({ key: zContentKeyText, body: zBody });
export const ZContentPreviewResponse = z.object({ html: z.string() });

/** One agreement a user accepted: which text, which version, doing what. */
export const ZConsent = z.object({
  key: z.enum(CONTENT_KEYS),
  version: z.number().int(),
  context: z.enum(Object.values(ConsentContext)),
  /** The order the agreement was accepted for (an order or a VIP recharge). */
  orderSid: z.string().nullable(),
  /** The account that ticked it. */
  account: z.string(),
  createdAt: z.string(),
});
export type TConsent = z.infer<typeof ZConsent>;

export const ZConsentsQuery = z.object({
  /** The company's main account sid (企业客户). */
  company: z.string().min(1).max(64),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
  cursor: zListCursor,
});
export const ZConsentsResponse = z.object({ consents: z.array(ZConsent), nextCursor: z.string().nullable() });
export type TConsentsResponse = z.infer<typeof ZConsentsResponse>;

export const CONTENT_API = {
  published: defineEndpoint({
    method: 'GET',
    path: '/api/content/:key',
    access: 'public',
    params: ZContentKeyParams,
    response: ZPublishedContent,
    summary: 'The published version of a content document (FAQ, an agreement…), drawn to sanitised HTML.',
  }),
} as const;

const CONTENT_ROLES = [OperatorRole.CONTENT] as const;

export const ADMIN_CONTENT_API = {
  documents: defineEndpoint({
    method: 'GET',
    path: '/api/admin/content',
    access: 'operator',
    roles: CONTENT_ROLES,
    response: ZContentDocumentsResponse,
    summary: '内容管理: every document, its published version and its draft.',
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/content/:key/versions',
    access: 'operator',
    roles: CONTENT_ROLES,
    params: ZContentKeyParams,
    query: ZContentVersionsQuery,
    response: ZContentVersionsResponse,
    summary: "A document's versions, newest first, with who wrote and who published each.",
  }),
  version: defineEndpoint({
    method: 'GET',
    path: '/api/admin/content/:key/versions/:version',
    access: 'operator',
    roles: [OperatorRole.CONTENT, OperatorRole.SERVICE, OperatorRole.FINANCE],
    params: ZContentVersionParams,
    response: ZContentVersion,
    summary: 'One version: its Markdown and the HTML the site shows for it (also the text a consent names).',
  }),
  saveDraft: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/content/:key/draft',
    access: 'operator',
    roles: CONTENT_ROLES,
    params: ZContentKeyParams,
    body: ZSaveContentDraftRequest,
    response: ZContentVersion,
    summary: 'Saves the draft (one per document; a new version number until it is published).',
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/api/admin/content/:key/publish',
    access: 'operator',
    roles: CONTENT_ROLES,
    params: ZContentKeyParams,
    body: ZContentVersionRequest,
    response: ZContentVersion,
    summary: 'Publishes the draft: every server shows it at once.',
  }),
  rollback: defineEndpoint({
    method: 'POST',
    path: '/api/admin/content/:key/rollback',
    access: 'operator',
    roles: CONTENT_ROLES,
    params: ZContentKeyParams,
    body: ZContentVersionRequest,
    response: ZContentVersion,
    summary: 'Publishes an earlier version again, as a new version copying its text.',
  }),
  preview: defineEndpoint({
    method: 'POST',
    path: '/api/admin/content/preview',
    access: 'operator',
    roles: CONTENT_ROLES,
    body: ZContentPreviewRequest,
    response: ZContentPreviewResponse,
    summary: 'The sanitised HTML the site would show for a Markdown body (the editor’s live preview).',
  }),
  consents: defineEndpoint({
    method: 'GET',
    path: '/api/admin/consents',
    access: 'operator',
    roles: [OperatorRole.SERVICE, OperatorRole.FINANCE],
    query: ZConsentsQuery,
    response: ZConsentsResponse,
    summary: "A company's accepted agreements, newest first: which text and version, when, for which order.",
  }),
} as const;
