import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { ZInvoice } from '../entities.js';
import { INVOICE_STATUS_VALUES, INVOICE_TYPES, InvoiceStatus, InvoiceType } from '../enums.js';
import { MESSAGES, isInvoicePrintable, zCompanyLicense, zSid } from '../validation.js';
import { ZAdminPageQuery } from './admin-material.js';
import { ZSidParams } from './user.js';

/** Most orders one invoice may cover (one 发票 lists them as lines). */
export const INVOICE_MAX_ORDERS = 20;
/** An uploaded invoice PDF may not be larger than this. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024;

export const INVOICE_MESSAGES = {
  type: '请选择发票类型',
  title: '请输入发票抬头',
  address: '请输入注册地址',
  phone: '请输入注册电话',
  bank: '请输入开户银行',
  account: '请输入银行账号',
  orders: `一张发票最多合并 ${INVOICE_MAX_ORDERS} 个订单`,
  reason: '请填写驳回原因',
  status: '发票状态不正确',
  voidKind: '请选择作废或红冲',
  voidReason: '请填写作废或红冲的原因',
} as const;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

function text(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: MESSAGES.tooLong(max) });
}
const optionalText = (message: string, max: number) => z.preprocess(blankAsUndefined, text(message, max).optional());

/**
 * POST /api/order/{id}/invoice. Title and taxpayer number come prefilled from the company; a
 * special invoice (专票) also needs the registered address and phone, the bank and the account.
 * `orders` adds other paid orders of the company to the same invoice.
 */
export const ZInvoiceRequest = z
  .object({
    type: z.enum(INVOICE_TYPES, { error: INVOICE_MESSAGES.type }),
    title: text(INVOICE_MESSAGES.title, 100).refine(isInvoicePrintable, { error: MESSAGES.invoiceTitleCharacters }),
    number: zCompanyLicense,
    address: optionalText(INVOICE_MESSAGES.address, 200),
    phone: optionalText(INVOICE_MESSAGES.phone, 30),
    bank: optionalText(INVOICE_MESSAGES.bank, 100),
    account: optionalText(INVOICE_MESSAGES.account, 40),
    orders: z
      .array(zSid)
      .max(INVOICE_MAX_ORDERS - 1, { error: INVOICE_MESSAGES.orders })
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.type !== InvoiceType.SPECIAL) return;
    for (const field of ['address', 'phone', 'bank', 'account'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: INVOICE_MESSAGES[field] });
    }
  });
export type TInvoiceRequest = z.input<typeof ZInvoiceRequest>;

/** GET /api/order/{id}/invoice: a short-lived link to the issued PDF. */
export const ZInvoiceDownload = z.object({
  url: z.string(),
  expiresAt: z.string(),
  invoice: ZInvoice,
});
export type TInvoiceDownload = z.infer<typeof ZInvoiceDownload>;

/** An invoice as the operator's queue shows it: the buyer's company and who asked. */
export const ZAdminInvoice = ZInvoice.extend({
  company: z.string(),
  /** Who asked: the account's username, email or mobile. */
  requestedBy: z.string(),
  /** Still waiting past its due date. */
  overdue: z.boolean(),
  /**
   * Issued by the e-invoicing provider (INVOICE_PROVIDER=http) rather than uploaded by an
   * operator: it can only be reversed (红冲), and the red-letter request goes to the provider.
   */
  providerIssued: z.boolean(),
  /** The request that re-issues this voided or reversed invoice, if one was made. */
  replacedBySid: z.string().nullable(),
});
export type TAdminInvoice = z.infer<typeof ZAdminInvoice>;

export const ZAdminInvoiceListQuery = ZAdminPageQuery.extend({
  status: z.preprocess(blankAsUndefined, z.enum(INVOICE_STATUS_VALUES, { error: INVOICE_MESSAGES.status }).optional()),
  cursor: zListCursor,
});
export type TAdminInvoiceListQuery = z.input<typeof ZAdminInvoiceListQuery>;

/** `total` counts up to LIST_COUNT_CAP; `nextCursor` goes on from the last invoice of the page. */
export const ZAdminInvoiceListResponse = ZListPageInfo.extend({
  total: z.number().int(),
  invoices: z.array(ZAdminInvoice),
});
export type TAdminInvoiceListResponse = z.infer<typeof ZAdminInvoiceListResponse>;

/** The longest reason of a rejection, a void or a red-letter reversal (the buyer reads it). */
export const INVOICE_REASON_MAX = 200;
export const ZInvoiceRejectRequest = z.object({ reason: text(INVOICE_MESSAGES.reason, INVOICE_REASON_MAX) });

/**
 * How an issued invoice is withdrawn (decision 0025), named by the status it ends in: 作废 (the
 * invoice is cancelled as if never issued) or 红冲 (a red-letter invoice reverses it).
 */
export const InvoiceVoidKind = { VOID: InvoiceStatus.VOIDED, REVERSE: InvoiceStatus.REVERSED } as const;
export const INVOICE_VOID_KINDS = [InvoiceVoidKind.VOID, InvoiceVoidKind.REVERSE] as const;
export type InvoiceVoidKind = (typeof INVOICE_VOID_KINDS)[number];

/**
 * POST /api/admin/invoices/{id}/void. `reissue` (the default) puts a new request for the same
 * title, details and orders in the queue, tied to the voided one; without it the orders are freed
 * and the buyer may ask again with other details (decision 0025).
 */
export const ZInvoiceVoidRequest = z.object({
  kind: z.enum(INVOICE_VOID_KINDS, { error: INVOICE_MESSAGES.voidKind }),
  reason: text(INVOICE_MESSAGES.voidReason, INVOICE_REASON_MAX),
  reissue: z.boolean().default(true),
});
export type TInvoiceVoidRequest = z.input<typeof ZInvoiceVoidRequest>;

export const ZInvoiceVoidResponse = z.object({
  voided: ZAdminInvoice,
  /** The new request in the queue, when `reissue` was asked. */
  replacement: ZAdminInvoice.nullable(),
});
export type TInvoiceVoidResponse = z.infer<typeof ZInvoiceVoidResponse>;

export const INVOICE_API = {
  request: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/invoice',
    access: 'user',
    params: ZSidParams,
    body: ZInvoiceRequest,
    response: ZInvoice,
    summary: 'Requests a VAT invoice for a paid order of the company (and, in `orders`, others with it).',
  }),
  download: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id/invoice',
    access: 'user',
    params: ZSidParams,
    response: ZInvoiceDownload,
    summary: "A short-lived link to the order's issued invoice PDF; only the buyer's company may have it.",
  }),
} as const;

export const ADMIN_INVOICE_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/invoices',
    access: 'operator',
    roles: ['finance'],
    query: ZAdminInvoiceListQuery,
    response: ZAdminInvoiceListResponse,
    summary: 'The invoice queue: requests by due date (the most urgent first), optionally of one status.',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/invoices/:id/reject',
    access: 'operator',
    roles: ['finance'],
    params: ZSidParams,
    body: ZInvoiceRejectRequest,
    response: ZAdminInvoice,
    summary: 'Rejects a waiting request with a reason; the buyer is told and may ask again.',
  }),
  void: defineEndpoint({
    method: 'POST',
    path: '/api/admin/invoices/:id/void',
    access: 'operator',
    roles: ['finance'],
    params: ZSidParams,
    body: ZInvoiceVoidRequest,
    response: ZInvoiceVoidResponse,
    summary:
      'Voids (作废) or reverses (红冲) an issued invoice with a reason, and by default queues a new request for the same orders; the buyer is told.',
  }),
} as const;
