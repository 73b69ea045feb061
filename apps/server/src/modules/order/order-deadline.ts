import { chinaWorkingDaysDeadline, OrderStatus } from '@gemstock/contract';
import type { OrderRow } from './order.repository.js';

/**
 * When an unpaid order is cancelled: the one rule the sweeper applies and the buyer is shown
 * (the wire order's `expiresAt`), so what the page says is what happens.
 *
 * - Online (or not yet chosen): `unpaidTtlMinutes` after the later of the order's creation and
 *   its newest WeChat/Alipay attempt, so a buyer scanning a fresh QR code is never cut off.
 * - Bank transfer, or a sub-account's order awaiting the main account's approval: the end
 *   (24:00 China time) of the `transferWorkingDays`-th Chinese working day after the day it was
 *   placed, on the public-holiday calendar (contract/working-days).
 */
export interface PaymentDeadlinePolicy {
  unpaidTtlMinutes: number;
  transferWorkingDays: number;
}

type DeadlineFields = Pick<OrderRow, 'status' | 'createdAt' | 'payWay' | 'transferReference' | 'auditStatus'>;

/** Paid by bank transfer, or waiting for a main account's approval: the longer deadline applies. */
export function isTransferLike(order: Pick<OrderRow, 'payWay' | 'transferReference' | 'auditStatus'>): boolean {
  return order.payWay === 'TRANSFER' || order.transferReference !== null || order.auditStatus === 'PENDING';
}

/** The instant an unpaid order is due to be cancelled; null once it is paid or cancelled. */
export function paymentDeadlineOf(
  order: DeadlineFields,
  lastAttemptAt: Date | null,
  policy: PaymentDeadlinePolicy,
): Date | null {
  if (order.status !== OrderStatus.CREATED) return null;
  if (isTransferLike(order)) return chinaWorkingDaysDeadline(order.createdAt, policy.transferWorkingDays);
  const start = lastAttemptAt && lastAttemptAt > order.createdAt ? lastAttemptAt : order.createdAt;
  return new Date(start.getTime() + policy.unpaidTtlMinutes * 60_000);
}

/**
 * The shortest a transfer deadline can be, in calendar time: n working days take at least n
 * days. The sweeper lets the database narrow by it, then applies the calendar.
 */
export function shortestTransferWait(policy: PaymentDeadlinePolicy): number {
  return policy.transferWorkingDays * 86_400_000;
}
