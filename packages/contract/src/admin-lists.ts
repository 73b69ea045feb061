import { defineStateMachine } from './state-machine.js';

/*
 * What the console's lists show before any form is opened — page sizes, the material statuses and
 * orders, the bulk job's states — in a module without zod, so a list's first render does not load
 * and run the schemas (api/admin-material.ts and api/admin-material-bulk.ts re-export them).
 */

/** A material is offered to buyers only when `ready` (and not disabled). */
export const MaterialStatus = { PROCESSING: 'processing', READY: 'ready', FAILED: 'failed' } as const;
export type MaterialStatus = (typeof MaterialStatus)[keyof typeof MaterialStatus];
export const MATERIAL_STATUSES = Object.values(MaterialStatus) as [MaterialStatus, ...MaterialStatus[]];

export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** How the console's material list is ordered; each order is an index walked from its start. */
export const ADMIN_MATERIAL_SORTS = ['newest', 'oldest', 'likes', 'sales', 'price_asc', 'price_desc'] as const;
export type AdminMaterialSort = (typeof ADMIN_MATERIAL_SORTS)[number];
export const ADMIN_MATERIAL_SORT_LABEL: Readonly<Record<AdminMaterialSort, string>> = {
  newest: '最新上传',
  oldest: '最早上传',
  likes: '喜欢最多',
  sales: '销量最高',
  /** By the cheapest licence the material offers; one that offers none comes first. */
  price_asc: '价格从低到高',
  price_desc: '价格从高到低',
};

export const BulkJobStatus = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type BulkJobStatus = (typeof BulkJobStatus)[keyof typeof BulkJobStatus];
export const BULK_JOB_STATUSES = Object.values(BulkJobStatus) as [BulkJobStatus, ...BulkJobStatus[]];

export const BULK_JOB_STATUS_LABEL: Readonly<Record<BulkJobStatus, string>> = {
  queued: '排队中',
  running: '进行中',
  done: '已完成',
  failed: '失败',
};

const { QUEUED, RUNNING, DONE, FAILED } = BulkJobStatus;

/** A bulk job: claimed by one worker at a time (a stale claim is taken over), then done or failed. */
export const MaterialBulkJobMachine = defineStateMachine('material_bulk_job', BULK_JOB_STATUSES, {
  claim: { from: [QUEUED, RUNNING], to: RUNNING, refusal: 'ILLEGAL_STATE_TRANSITION' },
  finish: { from: [RUNNING], to: DONE, refusal: 'ILLEGAL_STATE_TRANSITION' },
  fail: { from: [RUNNING], to: FAILED, refusal: 'ILLEGAL_STATE_TRANSITION' },
  /** Still moving: the console keeps polling it. */
  poll: { from: [QUEUED, RUNNING], refusal: 'ILLEGAL_STATE_TRANSITION' },
});

/** Most materials that may be picked one by one (a page is at most 100; several pages may be picked). */
export const BULK_PICK_MAX = 1_000;

/**
 * CSV downloads of the console's lists (a file, not the envelope, so paths and not endpoint
 * declarations): GET with the list's own filters (the list endpoint's query, without paging) →
 * `text/csv` in UTF-8 with a BOM, Chinese headers, money in yuan with two decimals. Each is
 * allowed to the roles of its list and recorded in the audit.
 */
export const ADMIN_EXPORT_PATHS = {
  orders: '/api/admin/exports/orders.csv',
  invoices: '/api/admin/exports/invoices.csv',
  coupons: '/api/admin/exports/coupons.csv',
  audit: '/api/admin/exports/audit.csv',
  /** One table of the 数据看板 (`table`), for its range. */
  dashboard: '/api/admin/exports/dashboard.csv',
} as const;
export type ExportKind = keyof typeof ADMIN_EXPORT_PATHS;
