import {
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
import { preferGenericPlans } from '../../db/sql.js';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { claimErrorOf, couponCodeOf } from '../coupon/index.js';
import { assertLicencesNotOwned } from '../licence/index.js';
import {
  applyOrderPaid,
  approvalBreakdownOf,
  assertPayWayAllowed,
  listItemsOfOrders,
  lockOrderBySid,
  orderLineCents,
  payerOf,
  priceWithContext,
  requestApproval,
  tellApprovalRequested,
} from '../order/index.js';
import type { OrderRow } from '../../db/rows.js';
import type { UserRow } from '../../db/rows.js';
import { balanceOf, debitWallet, lockValidLots, writeOffLapsedMoney } from '../wallet/index.js';
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

/** Orders the account may pay: its own, and a main account its sub-accounts' (from its own wallet). */
function findPayableOrder(deps: PayMethodDeps, user: UserRow, sid: string): Promise<OrderRow> {
  return deps.orders.findVisibleOrder(user, sid);
}

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

/**
 * The price the wallet choice would charge, read before any lock: decides whether a
 * sub-account needs its main account's approval (a free order spends nothing of the company).
 */
async function isFreeByWallet(
  deps: PayMethodDeps,
  user: UserRow,
  order: OrderRow,
  code: string | null,
): Promise<boolean> {
  const { breakdown } = await priceWithContext(deps.db, {
    orderType: order.orderType,
    lineCents: await orderLineCents(deps.db, order),
    code,
    payWay: PayWay.WALLET,
    user: payerOf(user, order),
    vipRateBp: deps.money.vipRateBp,
    now: deps.orders.now(),
    orderSid: order.sid,
    creditCents: order.discountCreditCents,
  });
  return breakdown.priceCents === 0;
}

/**
 * POST /api/order/{id}/wallet. One transaction: lock the order, re-price, lock the owner's
 * valid lots earliest-expiring first, debit lot by lot (a ledger 'spend' entry each), claim
 * the coupon under its limit, apply the paid order's effects, mark it PAYED. Any refusal
 * rolls everything back. Repeating the call for an order this wallet already paid answers
 * the same success again.
 * A price of 0 (a coupon covers it) is completed instead of paid: pay way FREE, no debit, no
 * ledger entry, no approval needed, the coupon claim made in the same transaction.
 */
export async function payByWallet(
  deps: PayMethodDeps,
  user: UserRow,
  sid: string,
  input: PayRequest,
): Promise<TWalletPayResponse> {
  const found = await findPayableOrder(deps, user, sid);
  if (found.orderType === OrderType.WALLET) throw new AppError(ErrorCode.WALLET_RECHARGE_NOT_BY_WALLET);
  if (OrderStateMachine.may('download', found.status) && isPaidWithoutMoneyFromOutside(found)) {
    return walletPaidAnswer(deps, found);
  }
  assertMay(OrderStateMachine, 'pay', found.status);
  assertPayWayAllowed(found, PayWay.WALLET);
  if (!isApprovalSettled(deps, user, found) && !(await isFreeByWallet(deps, user, found, input.code))) {
    await assertWalletApproval(deps, user, found);
  }

  const ownerSid = found.ownerSid;
  const now = deps.orders.now();
  // Lapsed money is written off first so it can never be spent (own transaction, idempotent).
  await writeOffLapsedMoney(deps.db, ownerSid, now);

  const result = await deps.db.transaction(async (tx) => {
    await preferGenericPlans(tx);
    const order = await lockOrderBySid(tx, sid);
    if (!order) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
    if (OrderStateMachine.may('download', order.status) && isPaidWithoutMoneyFromOutside(order)) {
      return { order, couponCode: null, items: null, repeat: true };
    }
    assertMay(OrderStateMachine, 'pay', order.status);
    assertPayWayAllowed(order, PayWay.WALLET);
    // Locks the wallet before pricing: VIP status and balance are then fixed until commit.
    const lots = await lockValidLots(tx, ownerSid, now);
    const items = await listItemsOfOrders(tx, [order.sid]);
    // Another order may have bought one of these licences since this one was placed.
    if (order.orderType === OrderType.MATERIAL) await assertLicencesNotOwned(tx, order.ownerSid, items);
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
    if (!isFree) {
      // A sub-account's approval was checked before the lock; a cancel or audit change since is re-checked here.
      if (!isApprovalSettled(deps, user, order)) throw new AppError(ErrorCode.AUDIT_REQUIRED);
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
      { reward: deps.money.orderReward, items, price },
    );
    if (paid.couponRefused === 'coupon_gone') throw new AppError(ErrorCode.COUPON_INVALID);
    if (paid.couponRefused) throw new AppError(claimErrorOf(paid.couponRefused));
    return { order: paid.order, couponCode: paid.couponCode, items, repeat: false };
  });
  if (!result.repeat) deps.metrics?.paymentSettled(result.order.payWay ?? PayWay.WALLET);
  if (result.repeat || !result.items) return walletPaidAnswer(deps, result.order);
  return {
    coupon: result.couponCode,
    order: await deps.orders.presentOne(result.order, { items: result.items, writtenByThisRequest: true }),
  };
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
