import { ErrorCode, formatYuan } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { chinaMonthRange } from '../../lib/china-time.js';
import { lockUserBySid, sumApprovedSpend } from './user.repository.js';

/**
 * A sub-account's monthly budget (docs/decisions/0017-budgets-and-coupon-grants.md): the orders
 * its main account approved in one China-time calendar month, not cancelled, at their final
 * price once paid and at the price approved until then, may not add up to more than the budget.
 */

/** Approved spending of the China-time month holding `now`, per sub-account. */
export async function monthSpendOf(db: DbOrTx, userSids: string[], now: Date): Promise<Map<string, number>> {
  const { start, end } = chinaMonthRange(now);
  return sumApprovedSpend(db, userSids, { from: start, to: end });
}

/**
 * Refuses an approval of `amountCents` that would take the sub-account past its budget. Holds the
 * sub-account's row lock until the caller's transaction ends: approvals of the same sub-account
 * (and budget changes) run one after the other, so two that together exceed it cannot both pass.
 */
export async function reserveMonthlyBudget(tx: DbOrTx, subSid: string, amountCents: number, now: Date): Promise<void> {
  const sub = await lockUserBySid(tx, subSid);
  if (!sub || sub.monthlyBudgetCents === null) return;
  const spent = (await monthSpendOf(tx, [subSid], now)).get(subSid) ?? 0;
  const budget = sub.monthlyBudgetCents;
  if (spent + amountCents <= budget) return;
  throw new AppError(
    ErrorCode.SUB_BUDGET_EXCEEDED,
    `超出该子账号本月预算，不能通过审批：本月预算 ${formatYuan(budget)}，已批准 ${formatYuan(spent)}，` +
      `本单 ${formatYuan(amountCents)}，尚可批准 ${formatYuan(Math.max(budget - spent, 0))}`,
  );
}
