import {
  AccountLevel,
  ApprovalStateMachine,
  balanceTooLowMessage,
  ErrorCode,
  formatYuan,
  OrderStateMachine,
  OrderType,
  PayWay,
  type TWalletPayResponse,
} from '@gemstock/contract';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { claimErrorOf, couponCodeOf } from '../coupon/index.js';
import { refuseOwnedLicences } from '../licence/index.js';
import {
  applyOrderPaid,
  approvalBreakdownOf,
  assertPayWayAllowed,
  canViewOrder,
  listItemsToPay,
  lockVisibleOrderToPay,
  type OrderItemToPay,
  payerOf,
  priceWithContext,
  requestApproval,
  tellApprovalRequested,
} from '../order/index.js';
import type { OrderRow } from '../../db/rows.js';
import type { UserRow } from '../../db/rows.js';
import { balanceOf, debitWallet, lockLotsToSpend } from '../wallet/index.js';
import type { PayMethodDeps, PayRequest } from './payment-method.js';

/** Paid by the wallet or completed free: the wallet endpoint's own results, which it answers again. */
function isPaidWithoutMoneyFromOutside(order: OrderRow): boolean {
  return order.payWay === PayWay.WALLET || order.payWay === PayWay.FREE;
}

/*
 * The wallet as a payment method (POST /api/order/{id}/wallet): the company's prepaid lots pay
 * the order in one transaction, or a ¥0 order is completed free. A sub-account pays from its
 * main account's wallet once the main account approved the order.
 */

/**
 * A sub-account pays from its main account's wallet only once the main account approved the
 * order. The first attempt asks for approval (PENDING) and answers AUDIT_REQUIRED.
 */
async function assertWalletApproval(deps: PayMethodDeps, user: UserRow, order: OrderRow): Promise<void> {
  if (order.userSid === order.ownerSid || user.sid === order.ownerSid) return;
  if (ApprovalStateMachine.may('payFromWallet', order.auditStatus)) return;
  if (ApprovalStateMachine.may('request', order.auditStatus)) {
    const price = await approvalBreakdownOf(deps.db, order, {
      vipRateBp: deps.money.vipRateBp,
      now: deps.orders.now(),
    });
    const pending = await requestApproval(deps.db, order.sid, price);
    // Only the request that moved it to PENDING tells the main account: a second click does not mail again.
    if (pending) await tellApprovalRequested(deps, pending);
  }
  // Asked, or waiting for the answer: AUDIT_REQUIRED; refused: AUDIT_REJECTED.
  assertMay(ApprovalStateMachine, 'payFromWallet', order.auditStatus);
}

/** What the payment's transaction ended with. */
type WalletPayOutcome =
  | { kind: 'paid'; order: OrderRow; couponCode: string | null; items: OrderItemToPay[] }
  | { kind: 'repeat'; order: OrderRow }
  /** A sub-account's order that costs money and its main account has not approved: nothing was paid. */
  | { kind: 'approval'; order: OrderRow };

/**
 * POST /api/order/{id}/wallet. One transaction: lock the order (one the buyer may see), lock the
 * owner's lots (writing off lapsed ones), re-price, debit lot by lot earliest-expiring first (a
 * ledger 'spend' entry each), claim the coupon under its limit, apply the paid order's effects,
 * mark it PAYED. Any refusal rolls everything back. Repeating the call for an order this wallet
 * already paid answers the same success again.
 * A price of 0 (a coupon covers it) is completed instead of paid: pay way FREE, no debit, no
 * ledger entry, no approval needed, the coupon claim made in the same transaction.
 * A sub-account's order that costs money needs its main account's approval: the transaction then
 * ends without paying, the approval is asked for (or its refusal answered) outside it, and once
 * approved the payment runs again.
 */
export async function payByWallet(
  deps: PayMethodDeps,
  user: UserRow,
  sid: string,
  input: PayRequest,
): Promise<TWalletPayResponse> {
  let outcome = await payInOneTransaction(deps, user, sid, input);
  if (outcome.kind === 'approval') {
    // Asks for approval (AUDIT_REQUIRED) or answers the refusal (AUDIT_REJECTED); returns only
    // when the main account approved in the meantime.
    await assertWalletApproval(deps, user, outcome.order);
    outcome = await payInOneTransaction(deps, user, sid, input);
    if (outcome.kind === 'approval') throw new AppError(ErrorCode.AUDIT_REQUIRED);
  }
  if (outcome.kind === 'repeat') return walletPaidAnswer(deps, outcome.order);
  deps.metrics?.paymentSettled(outcome.order.payWay ?? PayWay.WALLET);
  return {
    coupon: outcome.couponCode,
    order: await deps.orders.presentOne(outcome.order, { items: outcome.items, writtenByThisRequest: true }),
  };
}

async function payInOneTransaction(
  deps: PayMethodDeps,
  user: UserRow,
  sid: string,
  input: PayRequest,
): Promise<WalletPayOutcome> {
  const now = deps.orders.now();
  const reward = await deps.orderReward.current();
  return deps.db.transaction(async (tx): Promise<WalletPayOutcome> => {
    const order = await lockVisibleOrderToPay(tx, {
      sid,
      userSid: user.sid,
      mainSid: user.level === AccountLevel.MAIN ? user.sid : null,
    });
    if (!order || !canViewOrder(user, order)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (order.orderType === OrderType.WALLET) throw new AppError(ErrorCode.WALLET_RECHARGE_NOT_BY_WALLET);
    if (OrderStateMachine.may('download', order.status) && isPaidWithoutMoneyFromOutside(order)) {
      return { kind: 'repeat', order };
    }
    assertMay(OrderStateMachine, 'pay', order.status);
    assertPayWayAllowed(order, PayWay.WALLET);
    const ownerSid = order.ownerSid;
    // Locks the wallet before pricing: VIP status and balance are then fixed until commit.
    // Lapsed money is written off here, so it can never be spent.
    const lots = await lockLotsToSpend(tx, ownerSid, now);
    const { items, holdsCouponClaims } = await listItemsToPay(tx, order);
    const { breakdown } = await priceWithContext(tx, {
      orderType: order.orderType,
      lineCents: items.length > 0 ? items.map((i) => i.unitPriceCents) : [order.priceOriginCents],
      code: input.code,
      payWay: PayWay.WALLET,
      user: payerOf(user, order),
      vipRateBp: deps.money.vipRateBp,
      now,
      isVip: lots.length > 0,
      orderSid: order.sid,
      creditCents: order.discountCreditCents,
    });
    const isFree = breakdown.priceCents === 0;
    // A free order spends nothing of the company: no approval needed.
    if (!isFree && !isApprovalSettled(deps, user, order)) return { kind: 'approval', order };
    // Another order may have bought one of these licences since this one was placed.
    if (order.orderType === OrderType.MATERIAL) refuseOwnedLicences(items);
    if (!isFree) {
      const balance = balanceOf(lots);
      if (balance < breakdown.priceCents) {
        throw new AppError(ErrorCode.BALANCE_INSUFFICIENT, balanceTooLowMessage(formatYuan(balance)));
      }
      // A refused debit cannot happen under the row locks; if it ever did, it throws CONFLICT
      // and nothing of this payment stays.
      await debitWallet(tx, lots, { ownerSid, orderSid: order.sid, amountCents: breakdown.priceCents });

      // Test hook (refused in production by config): a window in which the server can be
      // killed with the debit written but not committed.
      if (deps.money.walletPayTestDelayMs > 0) await sleep(deps.money.walletPayTestDelayMs);
    }

    const payWay = isFree ? PayWay.FREE : PayWay.WALLET;
    const price = {
      couponCode: input.code ? input.code.trim().toUpperCase() : null,
      referer: input.referer ?? order.referer,
      payWay,
      ...breakdown,
    };
    const paid = await applyOrderPaid(
      tx,
      { ...order, ...price },
      {
        orderSid: order.sid,
        payWay,
        gateway: isFree ? 'free' : 'wallet',
        tradeNo: null,
        amountCents: breakdown.priceCents,
        paidAt: now,
        idempotencyKey: `${isFree ? 'free' : 'wallet'}:${order.sid}`,
      },
      { reward, items, holdsCouponClaims, price },
    );
    if (paid.couponRefused === 'coupon_gone') throw new AppError(ErrorCode.COUPON_INVALID);
    if (paid.couponRefused) throw new AppError(claimErrorOf(paid.couponRefused));
    return { kind: 'paid', order: paid.order, couponCode: paid.couponCode, items };
  });
}

/** True when no approval is needed: the buyer's own wallet, the main account paying, or approved. */
function isApprovalSettled(deps: PayMethodDeps, user: UserRow, order: OrderRow): boolean {
  return (
    order.userSid === order.ownerSid ||
    user.sid === order.ownerSid ||
    ApprovalStateMachine.may('payFromWallet', order.auditStatus)
  );
}

async function walletPaidAnswer(deps: PayMethodDeps, order: OrderRow): Promise<TWalletPayResponse> {
  return { coupon: await couponCodeOf(deps.db, order.rewardCouponSid), order: await deps.orders.presentOne(order) };
}
