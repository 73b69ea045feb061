import {
  ADMIN_PAGE_SIZE_MAX,
  AUDIT_ACTION_LABEL,
  AUDIT_ENTITY_LABEL,
  AUDIT_PAGE_SIZE_MAX,
  CouponType,
  DASHBOARD_MONEY_TABLES,
  type DashboardTable,
  DEMAND_STATUS_LABEL,
  ErrorCode,
  EXPORT_MAX_ROWS,
  LICENCE_TABLE,
  type TDashboard,
  type TAdminCoupon,
  type TAdminInvoiceListResponse,
  type TAdminOrder,
  type TAuditListResponse,
  type ZAdminCouponListQuery,
  type ZAdminInvoiceListQuery,
  type ZAdminOrderListQuery,
  type ZAuditQuery,
} from '@gemstock/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { chinaTime, csvLine, UTF8_BOM, yuan } from './csv.js';
import {
  COUPON_STATUS_TEXT,
  COUPON_TYPE_TEXT,
  INVOICE_STATUS_TEXT,
  INVOICE_TYPE_TEXT,
  labelOf,
  ORDER_STATUS_TEXT,
  ORDER_TYPE_TEXT,
  PAY_WAY_TEXT,
} from './export-labels.js';

type Filters<Q> = Omit<Q, 'page' | 'page_size' | 'cursor'>;

/**
 * What the exports read: each list's own service (its filters, order and paging), so a CSV holds
 * exactly the rows the console's list shows, nothing a role could not see there.
 */
export interface ExportSources {
  orders: {
    adminOrdersForExport(
      query: Filters<z.output<typeof ZAdminOrderListQuery>>,
      max: number,
    ): AsyncGenerator<TAdminOrder>;
  };
  invoices: {
    listInvoiceQueue(query: z.output<typeof ZAdminInvoiceListQuery>): Promise<TAdminInvoiceListResponse>;
  };
  adminCoupons: {
    adminCouponsForExport(
      query: Filters<z.output<typeof ZAdminCouponListQuery>>,
      max: number,
    ): AsyncGenerator<TAdminCoupon>;
  };
  audit: { listAudit(query: z.output<typeof ZAuditQuery>): Promise<TAuditListResponse> };
  analytics: {
    getDashboard(query: { from: string; to: string }, roles: readonly string[]): Promise<TDashboard>;
  };
}

/** The BOM and the header line, then one line per row. */
async function* csv<T>(
  header: readonly string[],
  rows: AsyncIterable<T>,
  line: (row: T) => (string | number | null)[],
): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(header);
  for await (const row of rows) yield csvLine(line(row));
}

/** Pages of a cursor list, until its last page or EXPORT_MAX_ROWS rows. */
async function* byCursor<T>(page: (cursor: string | undefined) => Promise<{ rows: T[]; nextCursor: string | null }>) {
  let cursor: string | undefined;
  let written = 0;
  for (;;) {
    const { rows, nextCursor } = await page(cursor);
    for (const row of rows) {
      if (written >= EXPORT_MAX_ROWS) return;
      written += 1;
      yield row;
    }
    if (nextCursor === null) return;
    cursor = nextCursor;
  }
}

export function exportOrders(
  sources: ExportSources,
  filters: Filters<z.output<typeof ZAdminOrderListQuery>>,
): AsyncGenerator<string> {
  return csv(
    [
      '订单号',
      '订单名称',
      '订单类型',
      '状态',
      '原价（元）',
      '实付金额（元）',
      '支付方式',
      '企业',
      '买家邮箱',
      '买家手机',
      '下单时间',
      '支付时间',
    ],
    sources.orders.adminOrdersForExport(filters, EXPORT_MAX_ROWS),
    (o) => [
      o.orderNo,
      o.name,
      labelOf(ORDER_TYPE_TEXT, o.orderType),
      labelOf(ORDER_STATUS_TEXT, o.status),
      yuan(o.priceOrigin),
      yuan(o.finalPrice),
      labelOf(PAY_WAY_TEXT, o.payWay),
      o.buyer.company,
      o.buyer.email,
      o.buyer.mobile,
      chinaTime(o.createdAt),
      chinaTime(o.payTime),
    ],
  );
}

export function exportInvoices(
  sources: ExportSources,
  filters: Filters<z.output<typeof ZAdminInvoiceListQuery>>,
): AsyncGenerator<string> {
  const rows = byCursor(async (cursor) => {
    const page = await sources.invoices.listInvoiceQueue({
      ...filters,
      page: 1,
      page_size: ADMIN_PAGE_SIZE_MAX,
      cursor,
    });
    return { rows: page.invoices, nextCursor: page.nextCursor };
  });
  return csv(
    [
      '发票编号',
      '发票类型',
      '抬头',
      '企业',
      '申请人',
      '金额（元）',
      '状态',
      '订单号',
      '承诺开具时间',
      '开具时间',
      '申请时间',
    ],
    rows,
    (i) => [
      i.number,
      labelOf(INVOICE_TYPE_TEXT, i.type),
      i.title,
      i.company,
      i.requestedBy,
      yuan(i.amount),
      labelOf(INVOICE_STATUS_TEXT, i.status),
      i.orderNos.join(' '),
      chinaTime(i.dueAt),
      chinaTime(i.issuedAt),
      chinaTime(i.createdAt),
    ],
  );
}

/** The coupons in the list's order, read from the last one read (keyset): reward coupons grow with orders. */
export function exportCoupons(
  sources: ExportSources,
  filters: Filters<z.output<typeof ZAdminCouponListQuery>>,
): AsyncGenerator<string> {
  return csv(
    [
      '券码',
      '名称',
      '类型',
      '优惠',
      '可用次数',
      '已使用',
      '开始时间',
      '结束时间',
      '状态',
      '归属账号',
      '备注',
      '创建时间',
    ],
    sources.adminCoupons.adminCouponsForExport(filters, EXPORT_MAX_ROWS),
    (c) => [
      c.code,
      c.name,
      labelOf(COUPON_TYPE_TEXT, c.type),
      c.type === CouponType.FIXED ? `${yuan(c.amount)} 元` : `${c.amount}%`,
      c.limit === 0 ? '不限' : c.limit,
      c.redeemedCount,
      chinaTime(c.startTime),
      chinaTime(c.endTime),
      labelOf(COUPON_STATUS_TEXT, c.status),
      c.owner ? (c.owner.username ?? c.owner.email ?? c.owner.mobile ?? c.owner.sid) : '公开券码',
      c.note,
      chinaTime(c.createdAt),
    ],
  );
}

export function exportAudit(
  sources: ExportSources,
  filters: Filters<z.output<typeof ZAuditQuery>>,
): AsyncGenerator<string> {
  const rows = byCursor(async (cursor) => {
    const page = await sources.audit.listAudit({ ...filters, page_size: AUDIT_PAGE_SIZE_MAX, cursor });
    return { rows: page.entries, nextCursor: page.nextCursor };
  });
  return csv(['时间', '操作人', '操作人账号', '操作', '对象类型', '对象', '变更前', '变更后'], rows, (e) => [
    chinaTime(e.createdAt),
    e.operatorName,
    e.operatorUsername,
    AUDIT_ACTION_LABEL[e.action] ?? e.action,
    AUDIT_ENTITY_LABEL[e.entity] ?? e.entity,
    e.entityRef ?? e.entitySid,
    e.before === null || e.before === undefined ? '' : JSON.stringify(e.before),
    e.after === null || e.after === undefined ? '' : JSON.stringify(e.after),
  ]);
}

const LICENCE_TEXT: Readonly<Record<string, string>> = Object.fromEntries(
  LICENCE_TABLE.map((spec) => [String(spec.type), spec.name]),
);

async function* listed<T>(rows: readonly T[]) {
  yield* rows;
}

/**
 * One table of the 数据看板, for its range: the dashboard's own figures (the rollups), so the file
 * holds what the page shows. A money table is refused (before anything is sent) to roles that do
 * not see money on the page.
 */
export async function exportDashboard(
  sources: ExportSources,
  filters: { from: string; to: string; table: DashboardTable },
  roles: readonly string[],
): Promise<AsyncGenerator<string>> {
  const board = await sources.analytics.getDashboard(filters, roles);
  const money = board.money;
  if (DASHBOARD_MONEY_TABLES.includes(filters.table) && !money) throw new AppError(ErrorCode.FORBIDDEN);
  switch (filters.table) {
    case 'days':
      return csv(
        ['日期', '浏览量', '访客数', '搜索次数', '无结果搜索', '详情浏览', '加入购物车', '下单数', '支付数'],
        listed(board.days),
        (d) => [
          d.day,
          d.pageViews,
          d.visitors,
          d.searches,
          d.zeroResultSearches,
          d.detailViews,
          d.cartAdds,
          d.ordersPlaced,
          d.ordersPaid,
        ],
      );
    case 'topSearches':
    case 'zeroResultSearches':
      return csv(['关键词', '搜索次数'], listed(board[filters.table]), (k) => [k.keyword, k.count]);
    case 'surveys':
      return csv(['日期', '答卷数', '平均评分'], listed(board.surveys), (s) => [s.day, s.count, s.averageScore]);
    case 'demands':
      return csv(['状态', '数量'], listed(board.demands.byStatus), (d) => [
        labelOf(DEMAND_STATUS_LABEL, d.status),
        d.count,
      ]);
    case 'revenue': {
      const rows = [
        ['合计', '收入', money!.revenueCents, board.funnel.ordersPaid] as const,
        ['合计', '退款', money!.refundedCents, money!.refunds] as const,
        ['合计', '净收入', money!.netRevenueCents, ''] as const,
        ...money!.byPayWay.map((r) => ['支付方式', labelOf(PAY_WAY_TEXT, r.key), r.cents, r.count] as const),
        ...money!.byOrderType.map((r) => ['订单类型', labelOf(ORDER_TYPE_TEXT, r.key), r.cents, r.count] as const),
        ...money!.byLicence.map((r) => ['授权类型', labelOf(LICENCE_TEXT, r.key), r.cents, r.count] as const),
      ];
      return csv(['维度', '项目', '金额（元）', '笔数'], listed(rows), ([kind, key, cents, count]) => [
        kind,
        key,
        yuan(cents),
        count,
      ]);
    }
  }
}
