import type { TPaymentEventsResponse } from '@gemstock/contract';
import type { Db } from '../../db/client.js';
import { listPaymentEventsForOrder } from './payment.repository.js';
import { listPaymentExceptionsForOperators } from './payment-exception.service.js';

/** Operator views of what the gateways told us. */

/** 支付异常 (payment-exception.service.ts): newest first, whole or by state. */
export const listExceptionsForOperators = listPaymentExceptionsForOperators;

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
