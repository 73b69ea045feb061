import { ApprovalStateMachine, chinaWorkingDaysDeadline, OrderStateMachine, PayWay } from '@gemstock/contract';
import type { OrderRow } from './order.repository.js';

/**
 * When an unpaid order is cancelled: the one rule the sweeper applies and the buyer is shown
 * (the wire order's `expiresAt`), so what the page says is what happens.
 *
 * - Online (or not yet chosen): `unpaidTtlMinutes` after the order's creation, or the end of its
 *   newest WeChat/Alipay attempt when later (the attempt's stored `expires_at`, the very instant
 *   the pay drawer counts down to), so a buyer scanning a fresh QR code is never cut off.
 * - Bank transfer, or a sub-account's order awaiting the main account's approval: the end
 *   (24:00 China time) of the `transferWorkingDays`-th Chinese working day after the day it was
 *   placed, on the public-holiday calendar (contract/working-days).
 * - A sub-account's order its main account approved: the same working-day window, counted from
 *   the approval, so an approval given late never leaves a pay-by time in the past.
 */
export interface PaymentDeadlinePolicy {
  unpaidTtlMinutes: number;
  transferWorkingDays: number;
}

type DeadlineFields = Pick<
  OrderRow,
  'status' | 'createdAt' | 'payWay' | 'transferReference' | 'auditStatus' | 'approvedAt'
>;

/** An approval given: the sub-account's own time to pay counts from it. */
function approvedAtOf(order: Pick<OrderRow, 'auditStatus' | 'approvedAt'>): Date | null {
  return ApprovalStateMachine.may('payFromWallet', order.auditStatus) ? order.approvedAt : null;
}

/** Paid by bank transfer, or waiting for or given a main account's approval: the longer deadline applies. */
export function isTransferLike(
  order: Pick<OrderRow, 'payWay' | 'transferReference' | 'auditStatus' | 'approvedAt'>,
): boolean {
  return (
    order.payWay === PayWay.TRANSFER ||
    order.transferReference !== null ||
    ApprovalStateMachine.may('decide', order.auditStatus) ||
    approvedAtOf(order) !== null
  );
}

/**
 * The instant an unpaid order is due to be cancelled; null once it is paid or cancelled.
 * `lastAttemptEndsAt`: when the newest WeChat/Alipay attempt's link stops working.
 */
export function paymentDeadlineOf(
  order: DeadlineFields,
  lastAttemptEndsAt: Date | null,
  policy: PaymentDeadlinePolicy,
): Date | null {
  if (!OrderStateMachine.may('cancel', order.status)) return null;
  const online = new Date(order.createdAt.getTime() + policy.unpaidTtlMinutes * 60_000);
  const attemptEnd = lastAttemptEndsAt && lastAttemptEndsAt > online ? lastAttemptEndsAt : online;
  if (!isTransferLike(order)) return attemptEnd;
  const days = chinaWorkingDaysDeadline(approvedAtOf(order) ?? order.createdAt, policy.transferWorkingDays);
  // An approved order paid online keeps its link's time when that runs past the window.
  return lastAttemptEndsAt && lastAttemptEndsAt > days ? lastAttemptEndsAt : days;
}

/**
 * The shortest a transfer deadline can be, in calendar time: n working days take at least n
 * days. The sweeper lets the database narrow by it, then applies the calendar.
 */
export function shortestTransferWait(policy: PaymentDeadlinePolicy): number {
  return policy.transferWorkingDays * 86_400_000;
}
