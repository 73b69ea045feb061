import {
  REFUND_CHANNELS,
  REFUND_STATUSES,
  type RefundChannel,
  type RefundStatus,
  type TAdminRefund,
  type TOrderRefund,
} from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { findOrderRefunds, type RefundRow, type RefundView } from './refund.repository.js';

/** Refunds as the wire shows them: the buyer's line on a refunded order, the operator's whole record. */

function channelOf(value: string): RefundChannel {
  return (REFUND_CHANNELS as readonly string[]).includes(value) ? (value as RefundChannel) : 'transfer';
}

function statusOf(value: string): RefundStatus {
  return (REFUND_STATUSES as readonly string[]).includes(value) ? (value as RefundStatus) : 'PROCESSING';
}

export function presentOrderRefund(row: RefundRow): TOrderRefund {
  return {
    amount: row.amountCents,
    status: statusOf(row.status),
    channel: channelOf(row.channel),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

/**
 * The payment module's front door for the order views (我的订单, the console): the refunds of
 * these orders, by order. Only a REFUNDED order has one.
 */
export async function orderRefundsOf(db: DbOrTx, orderSids: readonly string[]): Promise<Map<string, TOrderRefund>> {
  const rows = await findOrderRefunds(db, orderSids);
  return new Map([...rows].map(([sid, row]) => [sid, presentOrderRefund(row)]));
}

export function presentAdminRefund(row: RefundView): TAdminRefund {
  return {
    sid: row.sid,
    refundNo: row.refundNo,
    orderSid: row.orderSid,
    orderNo: row.orderNo,
    exceptionId: row.exceptionId,
    channel: channelOf(row.channel),
    amount: row.amountCents,
    paid: row.paidCents,
    status: statusOf(row.status),
    gatewayRefundId: row.gatewayRefundId,
    bankSerial: row.bankSerial,
    paidOutOn: row.paidOutOn,
    reason: row.reason,
    failure: row.failure,
    operator: row.operatorName,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}
