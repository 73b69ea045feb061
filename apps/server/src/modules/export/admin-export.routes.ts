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
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { recordOperatorAction } from '../audit/index.js';
import {
  exportAudit,
  exportCoupons,
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

  app.get(
    ADMIN_EXPORT_PATHS.orders,
    { onRequest: app.requireOperatorOf(EXPORT_OF.orders.roles), schema: { querystring: ZAdminOrderListQuery } },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      return send('orders', request, reply, filters, exportOrders(sources, filters));
    },
  );
  app.get(
    ADMIN_EXPORT_PATHS.invoices,
    { onRequest: app.requireOperatorOf(EXPORT_OF.invoices.roles), schema: { querystring: ZAdminInvoiceListQuery } },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      return send('invoices', request, reply, filters, exportInvoices(sources, filters));
    },
  );
  app.get(
    ADMIN_EXPORT_PATHS.coupons,
    { onRequest: app.requireOperatorOf(EXPORT_OF.coupons.roles), schema: { querystring: ZAdminCouponListQuery } },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      return send('coupons', request, reply, filters, exportCoupons(sources, filters));
    },
  );
  app.get(
    ADMIN_EXPORT_PATHS.audit,
    { onRequest: app.requireOperatorOf(EXPORT_OF.audit.roles), schema: { querystring: ZAuditQuery } },
    async (request, reply) => {
      const filters = filtersOf(request.query);
      return send('audit', request, reply, filters, exportAudit(sources, filters));
    },
  );
}
