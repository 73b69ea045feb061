import {
  type PayWay,
  ApprovalStateMachine,
  ErrorCode,
  OrderStateMachine,
  type TOrder,
  type TPricePreview,
} from '@gemstock/contract';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { reserveMonthlyBudget } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import { approvalBreakdownOf, orderLineCents, payerOf, priceWithContext, toPricePreview } from './order-pricing.js';
import { paymentDeadlineOf } from './order-deadline.js';
import { payByText, tellApprovalDecided } from './order-notice.js';
import { transitionApproval } from './approval-transition.js';
import { findOrderBySid, type OrderRow } from './order.repository.js';
import { findVisibleOrder, nowOf, type OrderDeps, presentOne } from './order.service.js';

/*
 * Before paying: the price a pay way would charge (the pay drawer's preview), and the main
 * account's approval of a sub-account's wallet payment. Paying itself is modules/payment's.
 */

function noticeDepsOf(deps: OrderDeps) {
  return { db: deps.db, messages: deps.messages, siteName: deps.siteName };
}

/** Orders the account may pay: its own, and a main account its sub-accounts' (from its own wallet). */
function findPayableOrder(deps: OrderDeps, user: UserRow, sid: string): Promise<OrderRow> {
  return findVisibleOrder(deps, user, sid);
}

export async function previewPayment(
  deps: OrderDeps,
  user: UserRow,
  sid: string,
  input: { code: string | null; referer: string | null; pay_way: PayWay | null },
): Promise<TPricePreview> {
  const order = await findPayableOrder(deps, user, sid);
  assertMay(OrderStateMachine, 'pay', order.status);
  const { breakdown } = await priceWithContext(deps.db, {
    orderType: order.orderType,
    lineCents: await orderLineCents(deps.db, order),
    code: input.code,
    payWay: input.pay_way,
    user: payerOf(user, order),
    vipRateBp: deps.money.vipRateBp,
    now: nowOf(deps),
    orderSid: order.sid,
    creditCents: order.discountCreditCents,
  });
  return toPricePreview(breakdown);
}

/** The main account approves or refuses a sub-account's wallet payment of an order. */
export async function auditOrder(
  deps: OrderDeps,
  main: UserRow,
  sid: string,
  input: { approved: boolean; message: string | null },
): Promise<{ order: TOrder }> {
  const order = await findOrderBySid(deps.db, sid);
  if (!order || order.ownerSid !== main.sid || order.userSid === main.sid) {
    throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  }
  if (!input.approved) {
    const refused = await transitionApproval(deps.db, sid, 'reject', { auditMessage: input.message });
    if (!refused) throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
    await tellApprovalDecided(noticeDepsOf(deps), refused, { approved: false, payBy: null });
    return { order: await presentOne(deps, refused) };
  }
  // An approval counts against the sub-account's monthly budget: checked and recorded under
  // the sub-account's row lock, so concurrent approvals cannot together exceed it.
  const now = nowOf(deps);
  const approved = await deps.db.transaction(async (tx) => {
    const current = await findOrderBySid(tx, sid);
    if (
      !current ||
      !ApprovalStateMachine.may('approve', current.auditStatus) ||
      !OrderStateMachine.may('pay', current.status)
    ) {
      throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
    }
    // What the wallet will charge at most: the member price without a coupon (a coupon only
    // lowers it; a wallet with money is a VIP wallet, so the member price is what it pays).
    // Stored as the order's price too: the card, the approval and the budget read one amount.
    const breakdown = await approvalBreakdownOf(tx, current, { vipRateBp: deps.money.vipRateBp, now });
    await reserveMonthlyBudget(tx, current.userSid, breakdown.priceCents, now);
    const updated = await transitionApproval(tx, sid, 'approve', {
      auditMessage: input.message,
      approvedAt: now,
      approvedCents: breakdown.priceCents,
      ...breakdown,
    });
    if (!updated) throw new AppError(ErrorCode.AUDIT_NOT_PENDING);
    return updated;
  });
  const payBy = deps.deadlines ? paymentDeadlineOf(approved, null, deps.deadlines) : null;
  await tellApprovalDecided(noticeDepsOf(deps), approved, { approved: true, payBy: payBy ? payByText(payBy) : null });
  return { order: await presentOne(deps, approved) };
}
