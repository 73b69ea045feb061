import {
  OrderStateMachine,
  OrderStatus,
  OrderType,
  type PaidGateway,
  vipValidBefore,
  PayWay,
} from '@gemstock/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  couponCodeOf,
  holdOrderCoupon,
  issueRewardCoupon,
  releaseOrderCoupons,
  type CouponRefusal,
  type OrderRewardPolicy,
} from '../coupon/index.js';
import { grantOrderLicences, supersedeUpgradedLicence } from '../licence/index.js';
import { creditRecharge } from '../wallet/index.js';
import {
  listOrderItems,
  lockOrderBySid,
  type OrderPriceChange,
  removePaidItemsFromCart,
  type OrderRow,
} from './order.repository.js';
import { transitionOrder } from './order-transition.js';

/**
 * The one way an order becomes PAYED. Gateway notifications (modules/payment), the operator's bank
 * transfer confirmation and the wallet payment all end here, so the effects of a paid order
 * (coupon use, licences, wallet lot, reward coupon) are applied in exactly one place and in the
 * same transaction as the status change.
 */

export interface SettleOrderInput {
  orderSid: string;
  payWay: PayWay;
  /** Who took the money: a gateway adapter ('wechat', 'alipay', 'sandbox'), or 'transfer', 'wallet', 'free'. */
  gateway: PaidGateway;
  /** The gateway's transaction number (null for transfer and wallet). */
  tradeNo: string | null;
  /** What the gateway says was paid; must equal the order's price. */
  amountCents: number;
  paidAt: Date;
  /** Unique per payment, e.g. `wechat:<transaction_id>`; a repeat returns already_settled. */
  idempotencyKey: string;
}

export type { OrderRewardPolicy } from '../coupon/index.js';

export interface SettleOptions {
  /** The order-reward policy in force (AppDeps.orderReward): a paid order earns its coupon. */
  reward?: OrderRewardPolicy | null;
}

export type SettleOutcome =
  'settled' | 'already_settled' | 'order_not_payable' | 'amount_mismatch' | 'coupon_unclaimed';

export type SettleResult =
  | { outcome: SettleOutcome; order: OrderRow; couponCode: string | null }
  | { outcome: 'order_not_found'; order: null; couponCode: null };

/**
 * Settles an order paid through a gateway or confirmed by an operator. Atomic (one
 * transaction holding the order's row lock), idempotent (the same idempotency key, or the same
 * gateway trade number, again → `already_settled`, nothing changes) and it never throws for
 * these expected outcomes:
 * - `settled`: CREATED → PAYED now, with every effect applied;
 * - `already_settled`: this very payment was settled before (the reward coupon code is returned again);
 * - `order_not_payable`: the order is CANCELLED, or PAYED by a different payment — the caller
 *   records the money as a payment exception;
 * - `amount_mismatch`: the amount differs from the order's price; nothing changes;
 * - `coupon_unclaimed`: the price has a coupon discount but the order holds no claim on the
 *   coupon and none can be made now (used up, or used by the account) — the money is a payment
 *   exception, never a discount given without a claim; nothing changes;
 * - `order_not_found`: no such order.
 * A wallet recharge order can only be settled by a gateway or a transfer, never by WALLET.
 */
export async function settleOrderPayment(
  db: Db,
  input: SettleOrderInput,
  options: SettleOptions = {},
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const order = await lockOrderBySid(tx, input.orderSid);
    if (!order) return { outcome: 'order_not_found', order: null, couponCode: null };
    if (!OrderStateMachine.may('pay', order.status)) {
      // Paid before by this very payment (a repeat), or not payable: paid by another, cancelled.
      const samePayment =
        order.settlementKey === input.idempotencyKey ||
        (input.tradeNo !== null && order.tradeNo === input.tradeNo && order.paidGateway === input.gateway);
      return {
        outcome: samePayment ? 'already_settled' : 'order_not_payable',
        order,
        couponCode: await rewardCodeOf(tx, order),
      };
    }
    if (order.orderType === OrderType.WALLET && input.payWay === PayWay.WALLET) {
      return { outcome: 'order_not_payable', order, couponCode: null };
    }
    if (input.amountCents !== order.priceCents) return { outcome: 'amount_mismatch', order, couponCode: null };

    const paid = await applyOrderPaid(tx, order, input, { reward: options.reward ?? null });
    if (paid.couponRefused) return { outcome: 'coupon_unclaimed', order, couponCode: null };
    return { outcome: 'settled', order: paid.order, couponCode: paid.couponCode };
  });
}

/**
 * Applies a payment to an order the caller has locked and checked (status CREATED, amount
 * equal to the price), inside the caller's transaction. Used by settleOrderPayment and by the
 * wallet payment and free completion, which price the order in the same transaction.
 * Coupon: the order must hold the claim on its coupon (made when the payment started); an
 * order without one (placed before claims existed) claims it now with the same guarded write.
 * When that is refused, nothing is applied and `couponRefused` says why: the wallet path rolls
 * back with the coded error, a gateway or transfer payment becomes a payment exception.
 * Claims the order holds on any other coupon are given back.
 */
export async function applyOrderPaid(
  tx: DbOrTx,
  order: OrderRow,
  input: SettleOrderInput,
  options: {
    /** The order-reward policy in force (AppDeps.orderReward.current()). */
    reward: OrderRewardPolicy | null;
    /**
     * The order's items when the caller has them already (saves a query), with whether the
     * buyer's cart holds each material when the caller read that too.
     */
    items?: readonly { materialSid: string; spec: number; inCart?: boolean }[];
    /** Whether the order holds any coupon claim, when the caller read it after its locks. */
    holdsCouponClaims?: boolean | null;
    /** New price fields to store with the status change (the wallet payment re-prices in the same transaction). */
    price?: OrderPriceChange;
  },
): Promise<{
  order: OrderRow;
  couponCode: string | null;
  couponRefused: CouponRefusal | null;
}> {
  const couponRefused = await holdOrderCoupon(tx, order, options.holdsCouponClaims ?? null);
  if (couponRefused) return { order, couponCode: null, couponRefused };

  if (order.orderType === OrderType.MATERIAL) {
    const items: readonly { materialSid: string; spec: number; inCart?: boolean }[] =
      options.items ?? (await listOrderItems(tx, order.sid));
    await grantOrderLicences(tx, {
      ownerSid: order.ownerSid,
      buyerSid: order.userSid,
      orderSid: order.sid,
      grantedAt: input.paidAt,
      items: items.map((i) => ({ materialSid: i.materialSid, spec: i.spec })),
    });
    // An upgrade (order-upgrade.ts): the new certificate replaces the upgraded one.
    if (order.upgradesLicenceSid && order.upgradeMaterialSid) {
      await supersedeUpgradedLicence(tx, {
        licenceSid: order.upgradesLicenceSid,
        orderSid: order.sid,
        materialSid: order.upgradeMaterialSid,
        at: input.paidAt,
      });
    }
    // Bought things leave the cart; a purchase none of whose materials is in it deletes nothing.
    if (!items.every((i) => i.inCart === false)) await removePaidItemsFromCart(tx, order.userSid, order.sid);
  } else if (order.orderType === OrderType.WALLET) {
    await creditRecharge(tx, {
      ownerSid: order.ownerSid,
      orderSid: order.sid,
      amountCents: order.priceCents,
      validBefore: vipValidBefore(input.paidAt),
      createdAt: input.paidAt,
    });
  }

  const policy = options.reward;
  const reward = policy && policy.orderTypes.includes(order.orderType) ? policy : null;
  const rewardCoupon = reward ? await issueRewardCoupon(tx, order.userSid, reward, input.paidAt) : null;

  const paid = await transitionOrder(tx, order, {
    to: OrderStatus.PAYED,
    paid: {
      payWay: input.payWay,
      payTime: input.paidAt,
      settlementKey: input.idempotencyKey,
      paidGateway: input.gateway,
      tradeNo: input.tradeNo,
      paidAmountCents: input.amountCents,
      rewardCouponSid: rewardCoupon?.sid ?? null,
      ...(options.price ? { price: options.price } : {}),
    },
  });
  // The caller holds the row lock on a CREATED order, so the guard cannot miss; if it ever
  // did, throwing rolls every effect above back.
  if (!paid) throw new Error(`order ${order.sid} was not ${order.status} when settling`);
  return { order: paid, couponCode: rewardCoupon?.code ?? null, couponRefused: null };
}

async function rewardCodeOf(tx: DbOrTx, order: OrderRow): Promise<string | null> {
  return couponCodeOf(tx, order.rewardCouponSid);
}

/**
 * CREATED → CANCELLED and the order's coupon claims given back, in one transaction. Undefined
 * when the order was not CREATED (paid or cancelled meanwhile: a lost race): nothing changes then.
 * Callers close the order's gateway trades first (a payment that slipped through would
 * otherwise have to be refunded by hand).
 */
export async function cancelUnpaidOrder(db: Db, sid: string): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const cancelled = await transitionOrder(tx, { sid, status: OrderStatus.CREATED }, { to: OrderStatus.CANCELLED });
    if (cancelled) await releaseOrderCoupons(tx, sid);
    return cancelled;
  });
}
