import type { TPaymentEventsResponse, TPaymentExceptionsResponse } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { listPaymentEventsForOrder, listPaymentExceptions } from './payment.repository.js';

/** Operator views of what the gateways told us. */

export async function listExceptionsForOperators(
  deps: { db: Db },
  query: { page: number; page_size: number },
): Promise<TPaymentExceptionsResponse> {
  const { total, rows } = await listPaymentExceptions(deps.db, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    total,
    exceptions: rows.map((r) => ({
      id: r.id,
      orderSid: r.orderSid,
      orderNo: r.orderNo,
      orderStatus: r.orderStatus,
      gateway: r.gateway,
      outTradeNo: r.outTradeNo,
      tradeNo: r.tradeNo,
      amount: r.amountCents,
      reason: r.reason,
      deliveries: r.deliveries,
      firstAt: r.firstAt.toISOString(),
      lastAt: r.lastAt.toISOString(),
    })),
  };
}

export async function listOrderPaymentEvents(deps: { db: Db }, orderSid: string): Promise<TPaymentEventsResponse> {
  const rows = await listPaymentEventsForOrder(deps.db, orderSid);
  return {
    events: rows.map((r) => {
      const payload = (r.payload ?? {}) as Record<string, unknown>;
      return {
        id: r.id,
        gateway: r.gateway,
        kind: r.kind,
        outTradeNo: typeof payload.outTradeNo === 'string' ? payload.outTradeNo : null,
        tradeNo: r.tradeNo,
        amount: r.amountCents,
        verified: r.verified,
        outcome: r.outcome,
        reason: typeof payload.reason === 'string' ? payload.reason : null,
        createdAt: r.createdAt.toISOString(),
      };
    }),
  };
}
