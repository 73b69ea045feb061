import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';

/*
 * First-party analytics (docs/decisions/0041-analytics-and-dashboard.md): the buyer site's page
 * views arrive by beacon; searches, detail views, cart additions and what the books already hold
 * (orders, payments, invoices, surveys, demands) are counted on the server. The console's 数据看板
 * reads daily rollups (China-time days), and today's part from today's raw rows only.
 */

export const BEACON_MESSAGES = {
  visitor: '访客标识格式不正确',
  events: '每次最多上报 20 条访问记录',
  route: '页面地址不正确（以 / 开头，不超过 300 个字符）',
  referrer: '来源页面地址过长（不超过 500 个字符）',
  tag: '来源标记过长（不超过 64 个字符）',
  device: '设备类型不正确',
  at: '访问时间不正确',
} as const;

/** The most page views one beacon carries (the site sends a batch every few seconds). */
export const BEACON_MAX_EVENTS = 20;
/** A beacon's body is refused past this size (413) before it is parsed. */
export const BEACON_MAX_BYTES = 16 * 1024;

export const DEVICE_CLASSES = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const zTag = z.string().max(64, { error: BEACON_MESSAGES.tag }).nullish();

/** One navigation of the buyer site. */
export const ZBeaconPageView = z.strictObject({
  /** The page's path (no query string, no host): `/detail/M123`. */
  route: z
    .string({ error: BEACON_MESSAGES.route })
    .min(1, { error: BEACON_MESSAGES.route })
    .max(300, { error: BEACON_MESSAGES.route })
    .startsWith('/', { error: BEACON_MESSAGES.route }),
  /** The page before it (on the site, its path; from elsewhere, the other site's address). */
  referrer: z.string().max(500, { error: BEACON_MESSAGES.referrer }).nullish(),
  /** The spec's `source` query parameter, and the utm tags of a campaign link. */
  source: zTag,
  utm_source: zTag,
  utm_medium: zTag,
  utm_campaign: zTag,
  device: z.enum(DEVICE_CLASSES, { error: BEACON_MESSAGES.device }),
  /** When it happened (ms since the epoch); a time more than a day away from the server's is replaced by the server's. */
  at: z.number({ error: BEACON_MESSAGES.at }).int({ error: BEACON_MESSAGES.at }).nonnegative().optional(),
});
export type TBeaconPageView = z.input<typeof ZBeaconPageView>;

export const ZBeaconRequest = z.strictObject({
  /** A random id the browser keeps in localStorage: tells visitors apart, names no one. */
  visitor: z
    .string({ error: BEACON_MESSAGES.visitor })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: BEACON_MESSAGES.visitor }),
  events: z
    .array(ZBeaconPageView, { error: BEACON_MESSAGES.events })
    .min(1, { error: BEACON_MESSAGES.events })
    .max(BEACON_MAX_EVENTS, { error: BEACON_MESSAGES.events }),
});
export type TBeaconRequest = z.input<typeof ZBeaconRequest>;

/** How many page views were kept: 0 when the browser asked not to be tracked (DNT, GPC). */
export const ZBeaconResponse = z.object({ accepted: z.number().int() });
export type TBeaconResponse = z.infer<typeof ZBeaconResponse>;

export const ANALYTICS_API = {
  beacon: defineEndpoint({
    method: 'POST',
    path: '/api/analytics/beacon',
    access: 'optionalUser',
    body: ZBeaconRequest,
    response: ZBeaconResponse,
    summary:
      'Page views of the buyer site, batched (at most 20, 16 KB), limited per client address; ignored (accepted 0) under Do-Not-Track or Global Privacy Control.',
  }),
} as const;

/* ---------------------------------------------------------------- the console's 数据看板 */

export const DASHBOARD_MESSAGES = {
  date: '日期格式应为 2026-01-31',
  range: '开始日期不能晚于结束日期',
  table: '导出的表格不正确',
} as const;

/** The longest range one dashboard query covers. */
export const DASHBOARD_MAX_DAYS = 366;

const zDay = z
  .string({ error: DASHBOARD_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DASHBOARD_MESSAGES.date })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: DASHBOARD_MESSAGES.date,
    },
  );

/** First and last China-time day of the range, both included. */
export const ZDashboardQuery = z
  .object({ from: zDay, to: zDay })
  .refine((q) => q.from <= q.to, { error: DASHBOARD_MESSAGES.range, path: ['to'] });
export type TDashboardQuery = z.input<typeof ZDashboardQuery>;

const zCount = z.number().int();

export const ZDashboardDay = z.object({
  day: z.string(),
  pageViews: zCount,
  visitors: zCount,
  searches: zCount,
  zeroResultSearches: zCount,
  detailViews: zCount,
  cartAdds: zCount,
  ordersPlaced: zCount,
  ordersPaid: zCount,
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

export const ZKeywordCount = z.object({ keyword: z.string(), count: zCount });
export const ZSurveyDay = z.object({ day: z.string(), count: zCount, averageScore: z.number().nullable() });
export const ZMoneyDay = z.object({
  day: z.string(),
  revenueCents: zCount,
  refundedCents: zCount,
  couponCents: zCount,
});
/** One slice of revenue: its key (a pay way, an order type, a licence type) and what it brought. */
export const ZRevenueSlice = z.object({ key: z.string(), cents: zCount, count: zCount });
export type TRevenueSlice = z.infer<typeof ZRevenueSlice>;

export const ZDashboardMoney = z.object({
  /** Received for orders paid in the range (the orders' paid amounts). */
  revenueCents: zCount,
  /** Given back for orders by refunds that succeeded in the range (whenever the order was paid). */
  refundedCents: zCount,
  refunds: zCount,
  /** Received less given back in the range. */
  netRevenueCents: zCount,
  daily: z.array(ZMoneyDay),
  byPayWay: z.array(ZRevenueSlice),
  byOrderType: z.array(ZRevenueSlice),
  /** Paid items by licence type, at their item prices (before the order's discounts). */
  byLicence: z.array(ZRevenueSlice),
  /** Coupon discounts of the orders paid in the range. */
  couponCents: zCount,
  /** Wallet money still spendable now (unexpired lots' remaining amounts). */
  walletLiabilityCents: zCount,
  /** Wallet money whose validity ended in the range unspent. */
  walletExpiredCents: zCount,
});
export type TDashboardMoney = z.infer<typeof ZDashboardMoney>;

export const ZDashboard = z.object({
  from: z.string(),
  to: z.string(),
  /** Today in China: its figures are counted from today's rows, the days before from the rollups. */
  today: z.string(),
  days: z.array(ZDashboardDay),
  funnel: z.object({ detailViews: zCount, cartAdds: zCount, ordersPlaced: zCount, ordersPaid: zCount }),
  topSearches: z.array(ZKeywordCount),
  zeroResultSearches: z.array(ZKeywordCount),
  surveys: z.array(ZSurveyDay),
  invoices: z.object({
    requested: zCount,
    issued: zCount,
    /** Now: requests waiting to be issued, and those of them past their promised date. */
    waiting: zCount,
    overdue: zCount,
  }),
  demands: z.object({
    created: zCount,
    delivered: zCount,
    /** Delivered in the range: average hours from the request to delivery. */
    averageTurnaroundHours: z.number().nullable(),
    /** Now: demands by status, and live work past its stage's deadline. */
    byStatus: z.array(z.object({ status: z.string(), count: zCount })),
    overdue: zCount,
  }),
  /** Money figures: for 管理员 and 财务 only, null for the other roles. */
  money: ZDashboardMoney.nullable(),
});
export type TDashboard = z.infer<typeof ZDashboard>;

/** The dashboard's tables, each downloadable as CSV. */
export const DASHBOARD_TABLES = ['days', 'topSearches', 'zeroResultSearches', 'surveys', 'demands', 'revenue'] as const;
export type DashboardTable = (typeof DASHBOARD_TABLES)[number];
/** Tables holding money: the CSV is refused to roles that do not see the money. */
export const DASHBOARD_MONEY_TABLES: readonly DashboardTable[] = ['revenue'];

export const ZDashboardExportQuery = z
  .object({ from: zDay, to: zDay, table: z.enum(DASHBOARD_TABLES, { error: DASHBOARD_MESSAGES.table }) })
  .refine((q) => q.from <= q.to, { error: DASHBOARD_MESSAGES.range, path: ['to'] });

/** The roles that see money on the dashboard (管理员 always). */
export const DASHBOARD_MONEY_ROLES = ['finance'] as const;

export const ADMIN_DASHBOARD_API = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'operator',
    roles: ['content', 'finance', 'service'],
    query: ZDashboardQuery,
    response: ZDashboard,
    summary:
      '数据看板 for a range of China-time days (at most 366): traffic, funnel, searches, surveys, invoices, demands from daily rollups (today from today’s rows); money figures only for 管理员 and 财务 (null otherwise).',
  }),
} as const;
