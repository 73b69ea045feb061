import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { zLicenceType } from '../entities.js';
import {
  DEMAND_STATUS_VALUES,
  DEMAND_TIERS,
  INVOICE_STATUS_VALUES,
  INVOICE_TYPES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAY_WAYS,
} from '../enums.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { OperatorRole } from '../operator-roles.js';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE_DEFAULT, ADMIN_PAGE_SIZE_MAX } from './admin-material.js';
import { ZSidParams } from './user.js';

/**
 * 企业客户 (issue #32 item 11): an operator finds a company — a main account and its sub-accounts
 * — and reads what it has, and may disable or enable one of its accounts (decision 0032).
 */
export const COMPANY_MESSAGES = {
  q: '请输入公司名称、手机号、邮箱或税号（不超过 64 个字符）',
  reason: '请填写停用原因（不超过 200 个字符）',
} as const;

export const COMPANY_REASON_MAX = 200;

/** Who may do what here: 客服 works with the companies, 管理员 may do everything (decision 0032). */
export const COMPANY_ROLES = [OperatorRole.SERVICE] as const;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A page of one of a company's lists: the first, or the one after `cursor` (a page's nextCursor). */
export const ZCompanyPageQuery = z.object({
  page_size: z.coerce
    .number({ error: ADMIN_MESSAGES.pageSize })
    .int({ error: ADMIN_MESSAGES.pageSize })
    .min(1, { error: ADMIN_MESSAGES.pageSize })
    .max(ADMIN_PAGE_SIZE_MAX, { error: ADMIN_MESSAGES.pageSize })
    .default(ADMIN_PAGE_SIZE_DEFAULT),
  cursor: zListCursor,
});
export type TCompanyPageQuery = z.input<typeof ZCompanyPageQuery>;

export const ZCompanyListQuery = ZCompanyPageQuery.extend({
  /** Part of the company name, or exactly a user's mobile, e-mail or username, a taxpayer number or an account sid. */
  q: z.preprocess(blankAsUndefined, z.string().trim().max(64, { error: COMPANY_MESSAGES.q }).optional()),
});
export type TCompanyListQuery = z.input<typeof ZCompanyListQuery>;

/** A company as the list shows it: its main account. */
export const ZCompanySummary = z.object({
  /** The main account's sid: the company's id. */
  sid: z.string(),
  company: z.string().nullable(),
  /** Taxpayer number (统一社会信用代码). */
  license: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  /** Deleted at its owner's request (decision 0043): it stays 停用 for good, 启用 is refused (4349). */
  erased: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;

export const ZCompanyListResponse = ZListPageInfo.extend({
  total: z.number().int(),
  companies: z.array(ZCompanySummary),
});
export type TCompanyListResponse = z.infer<typeof ZCompanyListResponse>;

export const ZCompanyDetailResponse = z.object({
  company: ZCompanySummary.extend({
    address: z.string().nullable(),
    /** The main account lets its sub-accounts sign in (its own switch, not the operator's). */
    subEnabled: z.boolean(),
    walletBalance: z.number().int(),
    isVip: z.boolean(),
    vipValidBefore: z.string().nullable(),
  }),
});
export type TCompanyDetail = z.infer<typeof ZCompanyDetailResponse>['company'];

/** A sub-account of the company. */
export const ZCompanyAccount = z.object({
  sid: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  /** Deleted at its owner's request, as the company's `erased`. */
  erased: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type TCompanyAccount = z.infer<typeof ZCompanyAccount>;

export const ZCompanyOrder = z.object({
  sid: z.string(),
  orderNo: z.string(),
  name: z.string(),
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  payWay: z.enum(PAY_WAYS).nullable(),
  priceCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The account that placed it (the main account or a sub-account). */
  buyer: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyOrder = z.infer<typeof ZCompanyOrder>;

export const ZCompanyInvoice = z.object({
  sid: z.string(),
  type: z.enum(INVOICE_TYPES),
  title: z.string(),
  amountCents: z.number().int(),
  status: z.enum(INVOICE_STATUS_VALUES),
  createdAt: z.string(),
  issuedAt: z.string().nullable(),
});
export type TCompanyInvoice = z.infer<typeof ZCompanyInvoice>;

/** One movement of the company's wallet money (the append-only ledger). */
export const ZCompanyLedgerEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  amountCents: z.number().int(),
  orderSid: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyLedgerEntry = z.infer<typeof ZCompanyLedgerEntry>;

/** A current licence of the company (an upgraded one is replaced by its upgrade). */
export const ZCompanyLicence = z.object({
  sid: z.string(),
  certNo: z.string(),
  materialSid: z.string(),
  orderSid: z.string(),
  spec: zLicenceType,
  exclusive: z.boolean(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyLicence = z.infer<typeof ZCompanyLicence>;

export const ZCompanyDemand = z.object({
  sid: z.string(),
  tier: z.enum(DEMAND_TIERS),
  status: z.enum(DEMAND_STATUS_VALUES),
  orderSid: z.string().nullable(),
  quotePriceCents: z.number().int().nullable(),
  stageDeadline: z.string().nullable(),
  createdAt: z.string(),
});
export type TCompanyDemand = z.infer<typeof ZCompanyDemand>;

/** A page of one of the company's lists, newest first; `total` counts up to ADMIN_COUNT_CAP. */
function zCompanyPage<T extends z.ZodType>(item: T) {
  return ZListPageInfo.extend({ total: z.number().int(), items: z.array(item) });
}
export const ZCompanyAccountsResponse = zCompanyPage(ZCompanyAccount);
export const ZCompanyOrdersResponse = zCompanyPage(ZCompanyOrder);
export const ZCompanyInvoicesResponse = zCompanyPage(ZCompanyInvoice);
export const ZCompanyLedgerResponse = zCompanyPage(ZCompanyLedgerEntry);
export const ZCompanyLicencesResponse = zCompanyPage(ZCompanyLicence);
export const ZCompanyDemandsResponse = zCompanyPage(ZCompanyDemand);

export const ZDisableAccountRequest = z.strictObject({
  reason: z
    .string({ error: COMPANY_MESSAGES.reason })
    .trim()
    .min(1, { error: COMPANY_MESSAGES.reason })
    .max(COMPANY_REASON_MAX, { error: COMPANY_MESSAGES.reason }),
});
export type TDisableAccountRequest = z.input<typeof ZDisableAccountRequest>;

export const ZAccountStateResponse = z.object({ sid: z.string(), enabled: z.boolean() });
export type TAccountStateResponse = z.infer<typeof ZAccountStateResponse>;

/** GET /api/admin/companies/:id/<path>: one tab of the company's page. */
function tab<const P extends string, R extends z.ZodType>(path: P, response: R, summary: string) {
  return defineEndpoint({
    method: 'GET',
    path: `/api/admin/companies/:id/${path}` as `/api/admin/companies/:id/${P}`,
    access: 'operator',
    roles: COMPANY_ROLES,
    params: ZSidParams,
    query: ZCompanyPageQuery,
    response,
    summary,
  });
}

export const ADMIN_COMPANY_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies',
    access: 'operator',
    roles: COMPANY_ROLES,
    query: ZCompanyListQuery,
    response: ZCompanyListResponse,
    summary:
      'Companies (main accounts), newest first, keyset-paged; `q` is part of the company name, or a mobile, e-mail, username, taxpayer number or account sid of any of its accounts.',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/companies/:id',
    access: 'operator',
    roles: COMPANY_ROLES,
    params: ZSidParams,
    response: ZCompanyDetailResponse,
    summary: 'A company: its main account, taxpayer details and wallet balance.',
  }),
  accounts: tab('accounts', ZCompanyAccountsResponse, "The company's sub-accounts, oldest first."),
  orders: tab('orders', ZCompanyOrdersResponse, "The company's orders (all its accounts'), newest first."),
  invoices: tab('invoices', ZCompanyInvoicesResponse, "The company's invoice requests, newest first."),
  ledger: tab('ledger', ZCompanyLedgerResponse, "The company's wallet ledger, newest first."),
  licences: tab('licences', ZCompanyLicencesResponse, "The company's current licences, newest first."),
  demands: tab('demands', ZCompanyDemandsResponse, "The company's custom design demands, newest first."),
  disableAccount: defineEndpoint({
    method: 'POST',
    path: '/api/admin/accounts/:id/disable',
    access: 'operator',
    roles: COMPANY_ROLES,
    params: ZSidParams,
    body: ZDisableAccountRequest,
    response: ZAccountStateResponse,
    summary:
      "Disables a buyer account (main or sub) with a reason: its sessions end at once, sign-in is refused; a main account's sub-accounts stop with it.",
  }),
  enableAccount: defineEndpoint({
    method: 'POST',
    path: '/api/admin/accounts/:id/enable',
    access: 'operator',
    roles: COMPANY_ROLES,
    params: ZSidParams,
    response: ZAccountStateResponse,
    summary: 'Enables a disabled buyer account again; its old sessions stay ended.',
  }),
} as const;
