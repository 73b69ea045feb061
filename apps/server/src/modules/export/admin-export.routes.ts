import { Readable } from 'node:stream';
import {
  ADMIN_EXPORT_PATHS,
  chinaDateOf,
  ErrorCode,
  EXPORT_AUDIT_ACTION,
  EXPORT_OF,
  type ExportKind,
  ZAdminCouponListQuery,
  ZAdminInvoiceListQuery,
  ZAdminOrderListQuery,
  ZAuditQuery,
  ZDashboardExportQuery,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { recordOperatorAction } from '../audit/index.js';
import {
  exportAudit,
  exportCoupons,
  exportDashboard,
  exportInvoices,
  exportOrders,
  type ExportSources,
} from './admin-export.service.js';

/** The file's name as Excel and the browser show it: 订单-20260301.csv. */
const FILE_NAME: Readonly<Record<ExportKind, string>> = {
  orders: '订单',
  invoices: '发票申请',
  coupons: '优惠券',
  audit: '操作日志',
  dashboard: '数据看板',
};

/** The list's paging is the export's own; what is left of the query is its filters. */
function filtersOf<Q extends { page?: unknown; page_size?: unknown; cursor?: unknown }>(query: Q) {
  const { page: _page, page_size: _size, cursor: _cursor, ...filters } = query;
  return filters;
}

/**
 * Operator: CSV downloads of 订单, 发票, 优惠券 and 操作日志 with the list's current filters. Files,
 * not the envelope: registered by hand, each with its list's roles, and each recorded in the
 * audit (who took which rows out) before the first byte is sent.
 */
export async function adminExportRoutes(instance: FastifyInstance, sources: ExportSources) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function send(
    kind: ExportKind,
    request: FastifyRequest,
    reply: FastifyReply,
    filters: Record<string, unknown>,
    lines: AsyncGenerator<string>,
  ) {
    // the guard of every route here has set it
    if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
    await recordOperatorAction(app.deps.db, {
      operatorSid: request.operator.sid,
      action: EXPORT_AUDIT_ACTION[kind],
      entity: 'export',
      entitySid: null,
      before: null,
      after: { filters },
    });
    const name = `${FILE_NAME[kind]}-${chinaDateOf(new Date()).replaceAll('-', '')}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${kind}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'private, no-store')
      .send(Readable.from(lines));
  }

  /** One download: the list's query schema (its validation and messages) and the rows it streams. */
  function exportRoute<Q extends { page?: unknown; page_size?: unknown; cursor?: unknown }>(
    kind: ExportKind,
    querystring: z.ZodType<Q>,
    lines: (filters: Omit<Q, 'page' | 'page_size' | 'cursor'>) => AsyncGenerator<string>,
  ) {
    app.get(
      ADMIN_EXPORT_PATHS[kind],
      { onRequest: app.requireOperatorOf(EXPORT_OF[kind].roles), schema: { querystring } },
      async (request, reply) => {
        const filters = filtersOf(request.query as Q);
        return send(kind, request, reply, filters, lines(filters));
      },
    );
  }

  exportRoute('orders', ZAdminOrderListQuery, (filters) => exportOrders(sources, filters));
  exportRoute('invoices', ZAdminInvoiceListQuery, (filters) => exportInvoices(sources, filters));
  exportRoute('coupons', ZAdminCouponListQuery, (filters) => exportCoupons(sources, filters));
  exportRoute('audit', ZAuditQuery, (filters) => exportAudit(sources, filters));

  // One table of the 数据看板: its money tables are for the roles that see money on the page.
  app.get(
    ADMIN_EXPORT_PATHS.dashboard,
    { onRequest: app.requireOperatorOf(EXPORT_OF.dashboard.roles), schema: { querystring: ZDashboardExportQuery } },
    async (request, reply) => {
      const filters = request.query as z.output<typeof ZDashboardExportQuery>;
      const lines = await exportDashboard(sources, filters, request.operator?.roles ?? []);
      return send('dashboard', request, reply, filters, lines);
    },
  );
}
