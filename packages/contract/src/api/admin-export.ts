import type { ExportKind } from '../admin-lists.js';
import { ADMIN_AUDIT_API } from './admin-material.js';
import { ADMIN_DASHBOARD_API } from './analytics.js';
import { ADMIN_COUPON_API } from './admin-coupon.js';
import { ADMIN_INVOICE_API } from './invoice.js';
import { ADMIN_ORDER_API } from './order.js';

export { ADMIN_EXPORT_PATHS, type ExportKind } from '../admin-lists.js';

/** The list each export is of: its roles are the export's, its query the export's filters. */
export const EXPORT_OF = {
  orders: ADMIN_ORDER_API.list,
  invoices: ADMIN_INVOICE_API.list,
  coupons: ADMIN_COUPON_API.list,
  audit: ADMIN_AUDIT_API.list,
  dashboard: ADMIN_DASHBOARD_API.dashboard,
} as const satisfies Record<ExportKind, unknown>;

/** The most rows one export writes; a wider export is narrowed by the list's filters first. */
export const EXPORT_MAX_ROWS = 100_000;

/** The audit's action for an export of each list. */
export const EXPORT_AUDIT_ACTION: Readonly<Record<ExportKind, string>> = {
  orders: 'export.orders',
  invoices: 'export.invoices',
  coupons: 'export.coupons',
  audit: 'export.audit',
  dashboard: 'export.dashboard',
};
