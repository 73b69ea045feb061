import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import type { AnyEndpoint } from '../endpoint.js';
import { ADMIN_MATERIAL_API } from './admin-material.js';
import { ADMIN_REVIEW_API } from './admin-review.js';
import { ADMIN_DESIGN_API } from './design.js';
import { ADMIN_INVOICE_API } from './invoice.js';
import { ADMIN_ORDER_API } from './order.js';
import { ADMIN_PAYMENT_API } from './payment.js';

/**
 * One figure of the to-do: how many, counted no further than LIST_COUNT_CAP (`capped`: more than
 * that). `null` when the caller's roles may not act on it, so the console shows nothing rather
 * than a zero that is not true.
 */
export const ZOverviewCount = z.object({ count: z.number().int(), capped: z.boolean() }).nullable();
export type TOverviewCount = z.infer<typeof ZOverviewCount>;

/** The console's first page: what is waiting on the operators today. */
export const ZAdminOverview = z.object({
  /** Bank-transfer orders waiting for 确认到账. */
  transfersWaiting: ZOverviewCount,
  /** 支付异常 still 待处理. */
  exceptionsOpen: ZOverviewCount,
  /** Invoice requests to issue, and those of them past their due time. */
  invoicesToIssue: ZOverviewCount,
  invoicesOverdue: ZOverviewCount,
  /** Demands whose next step is the operators' (price, assign a designer, deliver), and any past its stage's deadline. */
  demandsWaiting: ZOverviewCount,
  demandsOverdue: ZOverviewCount,
  /** Materials whose renditions failed for good (素材管理 filtered by 处理失败). */
  mediaFailed: ZOverviewCount,
  /** Uploads 待审核. */
  reviewPending: ZOverviewCount,
});
export type TAdminOverview = z.infer<typeof ZAdminOverview>;
export type OverviewItem = keyof TAdminOverview;

/**
 * Which call each figure stands for: a figure is counted for, and shown to, the roles that may
 * make that call (the page it links to), the server and the console reading the same table.
 */
export const OVERVIEW_NEEDS: Readonly<Record<OverviewItem, Pick<AnyEndpoint, 'roles'>>> = {
  transfersWaiting: ADMIN_ORDER_API.confirmTransfer,
  exceptionsOpen: ADMIN_PAYMENT_API.exceptions,
  invoicesToIssue: ADMIN_INVOICE_API.list,
  invoicesOverdue: ADMIN_INVOICE_API.list,
  demandsWaiting: ADMIN_DESIGN_API.list,
  demandsOverdue: ADMIN_DESIGN_API.list,
  mediaFailed: ADMIN_MATERIAL_API.reprocess,
  reviewPending: ADMIN_REVIEW_API.queue,
};

/** Operator: today's to-do, the console's first page and its menu's counters. */
export const ADMIN_OVERVIEW_API = {
  overview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/overview',
    access: 'operator',
    roles: ['content', 'finance', 'service'],
    response: ZAdminOverview,
    summary:
      "Today's to-do: transfers waiting, payment exceptions open, invoices to issue and overdue, demands waiting on the operators and overdue, failed media, uploads to review — each counted (up to 1,000) only for the roles that may act on it, else null.",
  }),
} as const;
