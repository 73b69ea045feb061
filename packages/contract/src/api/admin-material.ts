import { z } from '../zod-locale.js';
import {
  ADMIN_MATERIAL_SORTS,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  MATERIAL_STATUSES,
} from '../admin-lists.js';
import { MAX_LENGTH } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { LICENCE_TYPES, MATERIAL_FORMATS } from '../enums.js';
import { zLicenceType, ZMaterialFacets } from '../entities.js';
import { MATERIAL_REVIEW_STATES } from '../material-review.js';
import { zListCursor } from '../list-page.js';

export {
  ADMIN_MATERIAL_SORT_LABEL,
  ADMIN_MATERIAL_SORTS,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  type AdminMaterialSort,
  MATERIAL_STATUSES,
  MaterialStatus,
} from '../admin-lists.js';

/*
 * Operator console: materials (upload, list, edit, reprocess), keyword lists and the audit log.
 * Every path needs an operator token (POST /api/admin/login). Money is integer cents. The upload
 * itself (multipart) is ADMIN_MATERIAL_PATHS.upload in paths.ts.
 */

export const MediaJobStatus = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type MediaJobStatus = (typeof MediaJobStatus)[keyof typeof MediaJobStatus];
export const MEDIA_JOB_STATUSES = Object.values(MediaJobStatus) as [MediaJobStatus, ...MediaJobStatus[]];

/** Defaults of the server's upload limits (UPLOAD_MAX_BYTES, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_MAX_PIXELS). */
export const UPLOAD_DEFAULTS = {
  videoMaxBytes: 200 * 1024 * 1024,
  imageMaxBytes: 50 * 1024 * 1024,
  maxPixels: 100_000_000,
} as const;

/** For the file picker only: the server decides by content, never by name. */
export const UPLOAD_ACCEPT =
  '.jpg,.jpeg,.png,.webp,.tif,.tiff,.mp4,.mov,image/jpeg,image/png,image/webp,image/tiff,video/mp4,video/quicktime';

export const MAX_KEYWORDS_PER_MATERIAL = 30;
export const MAX_KEYWORD_LIST = 50;
/** ¥1,000,000: far above any licence, well inside a 32-bit integer column. */
export const MAX_PRICE_CENTS = 100_000_000;
export const MAX_REMARK_LENGTH = 200;
/** Operator lists count matches up to this many and say "more" beyond it. */
export const ADMIN_COUNT_CAP = 10_000;

export const ADMIN_MESSAGES = {
  keyword: '关键词不能为空',
  keywordLength: `每个关键词不能超过 ${MAX_LENGTH.keyword} 个字符`,
  keywordCount: `关键词最多 ${MAX_KEYWORDS_PER_MATERIAL} 个`,
  keywordListCount: `最多 ${MAX_KEYWORD_LIST} 个关键词`,
  price: `价格必须是 0 到 ${MAX_PRICE_CENTS / 100} 元之间、精确到分的金额`,
  priceType: '授权类型不正确',
  freeRange: '免费开始时间必须早于结束时间',
  freeRangeBoth: '免费时间段需同时填写开始和结束时间',
  date: '日期时间格式不正确',
  remark: `备注不能超过 ${MAX_REMARK_LENGTH} 个字符`,
  status: '素材状态不正确',
  format: '素材格式不正确',
  bool: '取值必须是 true 或 false',
  page: '页码必须是大于 0 的整数',
  pageSize: `每页数量必须是 1 到 ${ADMIN_PAGE_SIZE_MAX} 之间的整数`,
  search: `搜索内容不能超过 ${MAX_LENGTH.keyword} 个字符`,
  emptyPatch: '没有需要修改的内容',
} as const;

/** Splits an operator's keyword text on commas (，,、), semicolons and white space; trims and de-duplicates. */
export function parseKeywordText(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,，、;；\s]+/u)) {
    const word = raw.trim();
    if (word && !out.includes(word)) out.push(word);
  }
  return out;
}

export const zAdminKeyword = z
  .string({ error: ADMIN_MESSAGES.keyword })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.keyword })
  .max(MAX_LENGTH.keyword, { error: ADMIN_MESSAGES.keywordLength });

/** An ordered keyword list without duplicates (the first occurrence wins). */
function zKeywordList(max: number, message: string) {
  return z
    .array(zAdminKeyword)
    .max(max, { error: message })
    .transform((list) => list.filter((k, i) => list.indexOf(k) === i));
}

export const zMaterialKeywords = zKeywordList(MAX_KEYWORDS_PER_MATERIAL, ADMIN_MESSAGES.keywordCount);

const zCentsValue = z
  .number({ error: ADMIN_MESSAGES.price })
  .int({ error: ADMIN_MESSAGES.price })
  .min(0, { error: ADMIN_MESSAGES.price })
  .max(MAX_PRICE_CENTS, { error: ADMIN_MESSAGES.price });

const LICENCE_KEY = new RegExp(`^[${LICENCE_TYPES.join('')}]$`);

/** Prices by licence type, e.g. {"1": 39800}; types the material does not qualify for are refused by the server. */
export const zPriceMapCents = z.record(z.string().regex(LICENCE_KEY), zCentsValue, {
  error: (issue) => (issue.code === 'invalid_key' ? ADMIN_MESSAGES.priceType : undefined),
});

const zIsoDateTime = z.iso.datetime({ offset: true, error: ADMIN_MESSAGES.date });

export const ZAdminMaterialJob = z.object({
  id: z.number().int(),
  status: z.enum(MEDIA_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAdminMaterialJob = z.infer<typeof ZAdminMaterialJob>;

/** A material as the operator console sees it: every stored field, whatever its status. */
export const ZAdminMaterial = z.object({
  sid: z.string(),
  format: z.enum(MATERIAL_FORMATS),
  status: z.enum(MATERIAL_STATUSES),
  keywords: z.array(z.string()),
  thumbUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  watermarkUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  durationMs: z.number().int().nullable(),
  aspectRatio: z.string().nullable(),
  resolution: z.string().nullable(),
  /** Licence types the material qualifies for (from its long side), best first. */
  authTypes: z.array(zLicenceType),
  originalMime: z.string(),
  originalBytes: z.number().int(),
  likeCount: z.number().int(),
  /** Licences sold by paid orders, less refunded ones. */
  salesCount: z.number().int(),
  featured: z.boolean(),
  disabled: z.boolean(),
  /** Inside its free window right now. */
  free: z.boolean(),
  freeFrom: z.string().nullable(),
  freeUntil: z.string().nullable(),
  pricesCents: z.record(z.string(), z.number().int()),
  specialPricesCents: z.record(z.string(), z.number().int()),
  customPriceCents: z.number().int().nullable(),
  remark: z.string().nullable(),
  /** Metal, gem, piece and scene as set (null: not set). */
  facets: ZMaterialFacets,
  /** What the keywords suggest for each facet (suggestFacets), shown beside the edit form's choices. */
  suggestedFacets: ZMaterialFacets,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** How many operator edits the material has had; an edit sends the one its form was loaded at. */
  version: z.number().int(),
  /** Review before sale: pending (待审核), listed (已上架) or rejected (已驳回). Buyers see only listed ones. */
  review: z.enum(MATERIAL_REVIEW_STATES),
  /** Why it was rejected. */
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** 疑似重复: the closest older material by perceptual hash, within NEAR_DUPLICATE_MAX_DISTANCE bits. */
  similarTo: z.object({ sid: z.string(), distance: z.number().int() }).nullable(),
  /** Review's warning when the size fits no standard licence (only 高级定制授权 could be sold); null when one fits. */
  licenceWarning: z.string().nullable(),
  /** The newest processing job, if any. */
  job: ZAdminMaterialJob.nullable(),
});
export type TAdminMaterial = z.infer<typeof ZAdminMaterial>;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const zQueryBool = z.preprocess(
  blankAsUndefined,
  z
    .enum(['true', 'false'], { error: ADMIN_MESSAGES.bool })
    .transform((v) => v === 'true')
    .optional(),
);

export const ZAdminPageQuery = z.object({
  page: z.coerce
    .number({ error: ADMIN_MESSAGES.page })
    .int({ error: ADMIN_MESSAGES.page })
    .min(1, { error: ADMIN_MESSAGES.page })
    .default(1),
  page_size: z.coerce
    .number({ error: ADMIN_MESSAGES.pageSize })
    .int({ error: ADMIN_MESSAGES.pageSize })
    .min(1, { error: ADMIN_MESSAGES.pageSize })
    .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_MESSAGES.pageSize })
    .default(ADMIN_PAGE_SIZE_DEFAULT),
});

/** What the console's material list is narrowed by: also what "select all matching" freezes. */
export const ZAdminMaterialFilter = z.object({
  /** A keyword (matched like the buyer search) or a material sid. */
  q: z.preprocess(
    blankAsUndefined,
    z.string().trim().max(MAX_LENGTH.keyword, { error: ADMIN_MESSAGES.search }).optional(),
  ),
  status: z.preprocess(blankAsUndefined, z.enum(MATERIAL_STATUSES, { error: ADMIN_MESSAGES.status }).optional()),
  format: z.preprocess(blankAsUndefined, z.enum(MATERIAL_FORMATS, { error: ADMIN_MESSAGES.format }).optional()),
  disabled: zQueryBool,
  featured: zQueryBool,
});
export type TAdminMaterialFilter = z.input<typeof ZAdminMaterialFilter>;

/**
 * The list is paged by cursor only (`nextCursor` of the page before): every material is reachable
 * however deep, and no page reads the rows before it.
 */
export const ZAdminMaterialListQuery = ZAdminMaterialFilter.extend({
  sort: z.preprocess(blankAsUndefined, z.enum(ADMIN_MATERIAL_SORTS, { error: '排序方式不正确' }).default('newest')),
  cursor: zListCursor,
  page_size: ZAdminPageQuery.shape.page_size,
});
export type TAdminMaterialListQuery = z.input<typeof ZAdminMaterialListQuery>;

export const ZAdminMaterialListResponse = z.object({
  total: z.number().int(),
  /** More than LIST_COUNT_CAP matches: `total` is the cap ("1,000+"). */
  totalCapped: z.boolean(),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  materials: z.array(ZAdminMaterial),
});
export type TAdminMaterialListResponse = z.infer<typeof ZAdminMaterialListResponse>;

export const ZAdminMaterialResponse = z.object({ material: ZAdminMaterial });
export type TAdminMaterialResponse = z.infer<typeof ZAdminMaterialResponse>;

export const ZAdminMaterialIdParams = z.object({
  id: z.string().min(1, { error: '素材编号不正确' }).max(64, { error: '素材编号不正确' }),
});

/**
 * PATCH /api/admin/materials/:id. Every field is optional; what is sent replaces what is stored
 * (price maps are replaced whole). The free window is set with both ends or cleared with both null.
 * `version`, the material's `version` when the form was loaded, makes a save over someone else's
 * later edit a 409 (MATERIAL_EDITED_ELSEWHERE) instead of a silent revert; the console always
 * sends it, and only the fields the operator changed.
 */
const zFacetCode = z.string().max(40).nullable().optional();

export const ZAdminMaterialPatch = z
  .strictObject({
    version: z
      .number({ error: '素材版本不正确' })
      .int({ error: '素材版本不正确' })
      .min(0, { error: '素材版本不正确' })
      .optional(),
    keywords: zMaterialKeywords.optional(),
    pricesCents: zPriceMapCents.optional(),
    specialPricesCents: zPriceMapCents.optional(),
    customPriceCents: zCentsValue.nullable().optional(),
    freeFrom: zIsoDateTime.nullable().optional(),
    freeUntil: zIsoDateTime.nullable().optional(),
    featured: z.boolean({ error: ADMIN_MESSAGES.bool }).optional(),
    disabled: z.boolean({ error: ADMIN_MESSAGES.bool }).optional(),
    /** A facet code (checked by the server: 4400–4403) or null to clear it. */
    metal: zFacetCode,
    gem: zFacetCode,
    piece: zFacetCode,
    scene: zFacetCode,
    remark: z
      .string()
      .trim()
      .max(MAX_REMARK_LENGTH, { error: ADMIN_MESSAGES.remark })
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
  })
  .refine((p) => Object.entries(p).some(([k, v]) => k !== 'version' && v !== undefined), {
    error: ADMIN_MESSAGES.emptyPatch,
  })
  .refine(
    (p) =>
      (p.freeFrom === undefined) === (p.freeUntil === undefined) && (p.freeFrom === null) === (p.freeUntil === null),
    {
      error: ADMIN_MESSAGES.freeRangeBoth,
      path: ['freeUntil'],
    },
  )
  .refine((p) => !p.freeFrom || !p.freeUntil || Date.parse(p.freeFrom) < Date.parse(p.freeUntil), {
    error: ADMIN_MESSAGES.freeRange,
    path: ['freeUntil'],
  });
export type TAdminMaterialPatch = z.input<typeof ZAdminMaterialPatch>;

export const ZUploadConfigResponse = z.object({
  imageMaxBytes: z.number().int(),
  videoMaxBytes: z.number().int(),
  maxPixels: z.number().int(),
  /** False when the server has no ffmpeg: video uploads are refused. */
  videoProcessing: z.boolean(),
  accept: z.string(),
});
export type TUploadConfigResponse = z.infer<typeof ZUploadConfigResponse>;

export const ZAdminKeywordsResponse = z.object({
  /** Hot keywords pinned by operators, shown first, in this order. */
  pinned: z.array(z.string()),
  /** The curated list (GET /api/common/keywords). */
  curated: z.array(z.string()),
  /** Terms never shown as hot keywords, whatever buyers search (compared without case). */
  blocked: z.array(z.string()),
});
export type TAdminKeywordsResponse = z.infer<typeof ZAdminKeywordsResponse>;

export const ZKeywordListRequest = z.strictObject({
  keywords: zKeywordList(MAX_KEYWORD_LIST, ADMIN_MESSAGES.keywordListCount),
});
export type TKeywordListRequest = z.input<typeof ZKeywordListRequest>;

export const AuditEntity = {
  MATERIAL: 'material',
  KEYWORDS: 'keywords',
  COUPON: 'coupon',
  ORDER: 'order',
  INVOICE: 'invoice',
  DEMAND: 'demand',
  SETTINGS: 'settings',
  OPERATOR: 'operator',
  MATERIAL_BULK_JOB: 'material_bulk_job',
  /** 溯源: the licence a copy was traced to (none: 未检出). */
  LICENCE: 'licence',
} as const;
export type AuditEntity = (typeof AuditEntity)[keyof typeof AuditEntity];

export const AuditAction = {
  MATERIAL_UPLOAD: 'material.upload',
  MATERIAL_UPDATE: 'material.update',
  MATERIAL_REPROCESS: 'material.reprocess',
  /** 提交上架: one entry per call, every material in its refs. */
  MATERIAL_LIST: 'material.list',
  /** 驳回: one entry per call, with the reason. */
  MATERIAL_REJECT: 'material.reject',
  /** 批量修改: one entry per bulk edit (the job's sid, the change, how the materials were chosen). */
  MATERIAL_BULK_UPDATE: 'material.bulk_update',
  KEYWORDS_PINNED: 'keywords.pinned.replace',
  KEYWORDS_CURATED: 'keywords.curated.replace',
  KEYWORDS_BLOCKED: 'keywords.blocked.replace',
  COUPON_CREATE: 'coupon.create',
  COUPON_UPDATE: 'coupon.update',
  COUPON_GRANT: 'coupon.grant',
  /** 溯源: one entry per copy read, found or not (docs/decisions/0049). */
  LICENCE_TRACE: 'licence.trace',
  OPERATOR_LOGIN: 'operator.login',
  OPERATOR_LOGIN_FAILED: 'operator.login_failed',
  OPERATOR_LOGOUT: 'operator.logout',
  OPERATOR_CREATE: 'operator.create',
  OPERATOR_UPDATE: 'operator.update',
  OPERATOR_RESET_PASSWORD: 'operator.reset_password',
  OPERATOR_PASSWORD_CHANGE: 'operator.password_change',
  OPERATOR_TOTP_ENABLE: 'operator.totp_enable',
  OPERATOR_TOTP_DISABLE: 'operator.totp_disable',
} as const;
export type AuditAction = (typeof AuditAction)[keyof typeof AuditAction];

/**
 * The Chinese name of every action the audit records, for its filter and its rows. An action
 * missing here is shown as it is stored.
 */
export const AUDIT_ACTION_LABEL: Readonly<Record<string, string>> = {
  'material.upload': '上传素材',
  'material.update': '修改素材',
  'material.bulk_update': '批量修改素材',
  'material.reprocess': '重新处理素材',
  'material.list': '审核上架素材',
  'material.reject': '驳回素材',
  'keywords.pinned.replace': '修改置顶关键词',
  'keywords.curated.replace': '修改推荐关键词',
  'keywords.blocked.replace': '修改屏蔽关键词',
  'coupon.create': '创建优惠券',
  'coupon.update': '修改优惠券',
  'coupon.grant': '发放优惠券给用户',
  'order.confirm_transfer': '确认转账到账',
  'order.confirm_late_transfer': '确认迟到的转账款',
  'order.reject_transfer': '驳回转账',
  'order.transfer_partial': '记录不足额的转账到账',
  'order.refund': '订单退款',
  'refund.retry': '重试退款',
  'refund.paid_out': '确认退款已打款',
  'payment_exception.handle': '处理支付异常',
  'payment_exception.refund': '支付异常退款',
  'invoice.issue': '开具发票',
  'invoice.reject': '驳回开票申请',
  'invoice.void': '作废发票',
  'invoice.reverse': '红冲发票',
  'demand.assign': '指派设计师',
  'demand.answer': '回复定制需求',
  'demand.quote': '定制报价',
  'demand.cancel': '取消定制需求',
  'demand.draft': '上传设计稿',
  'demand.deliver': '交付最终文件',
  'settings.service_qr.upload': '上传客服二维码',
  'settings.service_qr.clear': '清除客服二维码',
  'settings.order_reward.update': '修改下单奖励',
  'licence.trace': '溯源检测',
  'operator.login': '登录后台',
  'operator.login_failed': '登录失败',
  'operator.logout': '退出后台',
  'company.disable': '停用企业客户主账号',
  'company.enable': '启用企业客户主账号',
  'user.disable': '停用子账号',
  'user.enable': '启用子账号',
  'operator.create': '创建运营账号',
  'operator.update': '修改运营账号',
  'operator.reset_password': '重置运营账号密码',
  'operator.password_change': '修改自己的密码',
  'operator.totp_enable': '开启动态验证码登录',
  'operator.totp_disable': '关闭动态验证码登录',
  'export.orders': '导出订单',
  'export.invoices': '导出发票申请',
  'export.coupons': '导出优惠券',
  'export.audit': '导出操作日志',
  'privacy.correct': '完成个人信息更正',
  'privacy.produce': '生成个人信息副本',
  'privacy.erase': '注销账号（个人信息删除）',
  'privacy.refuse': '拒绝个人信息请求',
  'export.dashboard': '导出数据看板',
  'content.save_draft': '保存内容草稿',
  'content.publish': '发布内容',
  'content.rollback': '回滚内容版本',
};

export const AUDIT_ENTITY_LABEL: Readonly<Record<string, string>> = {
  material: '素材',
  keywords: '关键词',
  coupon: '优惠券',
  order: '订单',
  invoice: '发票',
  demand: '定制需求',
  settings: '设置',
  operator: '运营账号',
  company: '企业客户',
  user: '子账号',
  material_bulk_job: '素材批量修改',
  payment_exception: '支付异常',
  export: '导出',
  privacy_request: '隐私请求',
  content: '内容',
};

const AUDIT_MESSAGES = {
  q: '请输入订单号、素材编号、优惠码或发票编号（不超过 64 个字符）',
  operator: '操作人不正确',
  action: '操作类型不正确',
  date: '日期格式应为 2026-01-31',
  range: '开始日期不能晚于结束日期',
} as const;

/** A China-time calendar date, as the date pickers send it. */
const zChinaDate = z.preprocess(
  blankAsUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AUDIT_MESSAGES.date })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)), { error: AUDIT_MESSAGES.date })
    .optional(),
);

export const AUDIT_PAGE_SIZE_DEFAULT = 20;
export const AUDIT_PAGE_SIZE_MAX = 100;

export const ZAuditQuery = z
  .object({
    /** The id people use for the object: order number, material 编号, coupon code, invoice 编号 (any sid). */
    q: z.preprocess(blankAsUndefined, z.string().trim().max(64, { error: AUDIT_MESSAGES.q }).optional()),
    /** An operator's sid. */
    operator: z.preprocess(blankAsUndefined, z.string().max(64, { error: AUDIT_MESSAGES.operator }).optional()),
    action: z.preprocess(blankAsUndefined, z.string().max(60, { error: AUDIT_MESSAGES.action }).optional()),
    entity: z.preprocess(blankAsUndefined, z.string().max(40).optional()),
    /** One object's sid exactly (entries on it or naming it among their refs), as links send it. */
    sid: z.preprocess(blankAsUndefined, z.string().max(64).optional()),
    /** First and last China-time day of the range, both included. */
    from: zChinaDate,
    to: zChinaDate,
    cursor: zListCursor,
    page_size: z.coerce
      .number({ error: ADMIN_MESSAGES.pageSize })
      .int({ error: ADMIN_MESSAGES.pageSize })
      .min(1, { error: ADMIN_MESSAGES.pageSize })
      .max(AUDIT_PAGE_SIZE_MAX, { error: ADMIN_MESSAGES.pageSize })
      .default(AUDIT_PAGE_SIZE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: AUDIT_MESSAGES.range,
    path: ['to'],
  });
export type TAuditQuery = z.input<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** Null for a failed sign-in under a name no operator has. */
  operatorSid: z.string().nullable(),
  /** The operator's display name (姓名, else the username); null when the account is gone or unknown. */
  operatorName: z.string().nullable(),
  operatorUsername: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entitySid: z.string().nullable(),
  /** The object as people name it: an order's number, a coupon's code, else its sid. */
  entityRef: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
  /** Read from audit_logs_archive (older than the hot table keeps, decision 0027). */
  archived: z.boolean(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditListResponse = z.object({
  entries: z.array(ZAuditEntry),
  /** Pass as `cursor` for the older entries; null once the oldest entry (archive included) is shown. */
  nextCursor: z.string().nullable(),
});
export type TAuditListResponse = z.infer<typeof ZAuditListResponse>;

export const ADMIN_MATERIAL_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/materials',
    access: 'operator',
    roles: ['content'],
    query: ZAdminMaterialListQuery,
    response: ZAdminMaterialListResponse,
    summary:
      'Materials in every status, filtered by keyword or sid, status, format, disabled and featured; newest, oldest or most liked first, by cursor.',
  }),
  uploadConfig: defineEndpoint({
    method: 'GET',
    path: '/api/admin/materials/upload_config',
    access: 'operator',
    roles: ['content'],
    response: ZUploadConfigResponse,
    summary: "The server's upload limits and whether it can process videos.",
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/materials/:id',
    access: 'operator',
    roles: ['content'],
    params: ZAdminMaterialIdParams,
    response: ZAdminMaterialResponse,
    summary: 'One material with every stored field and its newest processing job.',
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/materials/:id',
    access: 'operator',
    roles: ['content'],
    params: ZAdminMaterialIdParams,
    body: ZAdminMaterialPatch,
    response: ZAdminMaterialResponse,
    summary:
      'Changes keywords, prices, the free window, featured, disabled or the remark; with `version`, a save over a later edit is refused (3005).',
  }),
  reprocess: defineEndpoint({
    method: 'POST',
    path: '/api/admin/materials/:id/reprocess',
    access: 'operator',
    roles: ['content'],
    params: ZAdminMaterialIdParams,
    response: ZAdminMaterialResponse,
    summary: "Queues the material's renditions to be made again.",
  }),
} as const;

/** The keyword lists of the operator console. */
export const ADMIN_KEYWORD_API = {
  lists: defineEndpoint({
    method: 'GET',
    path: '/api/admin/keywords',
    access: 'operator',
    roles: ['content'],
    response: ZAdminKeywordsResponse,
    summary: 'The pinned hot keywords, the curated list and the blocked terms.',
  }),
  pinned: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/keywords/pinned',
    access: 'operator',
    roles: ['content'],
    body: ZKeywordListRequest,
    response: ZAdminKeywordsResponse,
    summary: 'Replaces the pinned hot keywords, shown first in this order.',
  }),
  curated: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/keywords/curated',
    access: 'operator',
    roles: ['content'],
    body: ZKeywordListRequest,
    response: ZAdminKeywordsResponse,
    summary: 'Replaces the curated keyword list.',
  }),
  blocked: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/keywords/blocked',
    access: 'operator',
    roles: ['content'],
    body: ZKeywordListRequest,
    response: ZAdminKeywordsResponse,
    summary: 'Replaces the terms never shown as hot keywords.',
  }),
} as const;

export const ADMIN_AUDIT_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    access: 'operator',
    roles: ['admin'],
    query: ZAuditQuery,
    response: ZAuditListResponse,
    summary:
      'The audit (operator writes and sign-ins, archive included), newest first by cursor; by object id, operator, action and China-time days.',
  }),
} as const;
