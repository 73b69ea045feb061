import {
  AccountLevel,
  DEFAULT_VIP_RATE_BP,
  ErrorCode,
  OrderStateMachine,
  OrderType,
  type PriceBreakdown,
  priceOrder,
  type TPricePreview,
  isSamePayMethod,
  PayWay,
  ownerSidOf,
} from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { assertMay } from '../../lib/state-transition.js';
import { claimOrderCoupon, resolveCoupon, type CouponRow } from '../coupon/index.js';
import { hasValidLot } from '../wallet/index.js';
import { assertLicencesNotOwned } from '../licence/index.js';
import type { UserRow } from '../../db/rows.js';
import { listOrderItems, type OrderRow, updateOrderPrice } from './order.repository.js';

/**
 * The server side of pricing: it gathers what the pure pricing module needs (coupon, VIP
 * status of the paying wallet) from the database and never from the request, so a price sent
 * by a client has nothing to attach to.
 */

/**
 * The account pricing treats as paying: the buyer. Coupons are per account and the wallet is
 * the owner's either way, so a main account paying its sub-account's order prices as the
 * sub-account would.
 */
export function payerOf(user: UserRow, order: OrderRow): Pick<UserRow, 'sid' | 'level' | 'parentSid'> {
  if (order.userSid === user.sid) return user;
  return { sid: order.userSid, level: AccountLevel.SUB, parentSid: order.ownerSid };
}

export interface PriceContext {
  orderType: string;
  lineCents: readonly number[];
  code: string | null;
  payWay: PayWay | null;
  user: Pick<UserRow, 'sid' | 'level' | 'parentSid'>;
  vipRateBp: number;
  now: Date;
  /** Known already (the wallet payment has the owner's lots locked); otherwise looked up. */
  isVip?: boolean;
  /** The order being priced, when there is one: its own coupon claim does not count against it. */
  orderSid?: string | null;
  /** What a held licence pays of the order (fixed when a custom order is placed; `discountCreditCents`). */
  creditCents?: number;
}

export async function priceWithContext(
  db: DbOrTx,
  context: PriceContext,
): Promise<{ breakdown: PriceBreakdown; coupon: CouponRow | null }> {
  // A recharge has no coupon field: a code on one is refused rather than silently dropped.
  if (context.orderType === OrderType.WALLET && context.code) throw new AppError(ErrorCode.COUPON_NOT_APPLICABLE);
  const coupon = await resolveCoupon(db, context.code, {
    orderType: context.orderType,
    userSid: context.user.sid,
    now: context.now,
    orderSid: context.orderSid ?? null,
  });
  const isVip = context.isVip ?? (await hasValidLot(db, ownerSidOf(context.user), context.now));
  const breakdown = priceOrder({
    lineCents: context.lineCents,
    orderType: context.orderType,
    payWay: context.payWay,
    isVip,
    vipRateBp: context.vipRateBp,
    coupon: coupon ? { type: coupon.type, amount: coupon.amount } : null,
    creditCents: context.creditCents ?? 0,
  });
  return { breakdown, coupon };
}

export function toPricePreview(b: PriceBreakdown): TPricePreview {
  return {
    price_origin: b.priceOriginCents,
    discount_member: b.discountMemberCents,
    discount_coupon: b.discountCouponCents,
    price: b.priceCents,
    // Only a custom order paid by a held licence has it: every other preview reads as before.
    ...(b.discountCreditCents > 0 ? { discount_credit: b.discountCreditCents } : {}),
  };
}

/**
 * What a sub-account's wallet payment of this order asks its main account to approve: the
 * wallet price without a coupon (a coupon only lowers it), with the member price when the
 * company's wallet is a VIP one. The one amount the approval card shows, the approval records
 * and the monthly budget counts: it is stored on the order when approval is asked and again
 * when it is given.
 */
export async function approvalBreakdownOf(
  db: DbOrTx,
  order: OrderRow,
  input: { vipRateBp: number; now: Date },
): Promise<PriceBreakdown> {
  const { breakdown } = await priceWithContext(db, {
    orderType: order.orderType,
    lineCents: await orderLineCents(db, order),
    code: null,
    payWay: PayWay.WALLET,
    user: { sid: order.userSid, level: AccountLevel.SUB, parentSid: order.ownerSid },
    vipRateBp: input.vipRateBp,
    now: input.now,
    orderSid: order.sid,
    creditCents: order.discountCreditCents,
  });
  return breakdown;
}

/** The unit prices an order was placed at; a later catalogue price change does not touch it. */
export async function orderLineCents(db: DbOrTx, order: OrderRow): Promise<number[]> {
  if (order.orderType === OrderType.WALLET) return [order.priceOriginCents];
  const items = await listOrderItems(db, order.sid);
  return items.length > 0 ? items.map((i) => i.unitPriceCents) : [order.priceOriginCents];
}

/**
 * Spec §4: the payment method cannot be changed once chosen. WeChat and Alipay are one choice
 * (the online drawer has a tab for each); transfer and wallet are others. Refusing the switch
 * also means money can never arrive twice for one order by two methods.
 */
export function assertPayWayAllowed(order: OrderRow, payWay: PayWay): void {
  if (order.payWay && !isSamePayMethod(order.payWay, payWay)) throw new AppError(ErrorCode.PAY_WAY_LOCKED);
}

/**
 * Fixes the price of a CREATED order for a payment by `payWay` with `code`: re-prices with
 * the pricing module, claims the coupon for the order (releasing any other claim it held) and
 * stores coupon, referer, pay way and breakdown on the order. The returned row's `priceCents`
 * is what to charge (and what the gateway must report paid). Must run in a transaction holding
 * the order's row lock, so a refused claim leaves nothing behind.
 * Throws coded errors: ORDER_NOT_PAYABLE, PAY_WAY_LOCKED, WALLET_RECHARGE_NOT_BY_WALLET,
 * PAYMENT_AMOUNT_INVALID (a ¥0 price outside the wallet/free path), COUPON_*.
 */
export async function repriceOrderForPayment(
  db: DbOrTx,
  input: {
    order: OrderRow;
    user: Pick<UserRow, 'sid' | 'level' | 'parentSid'>;
    code: string | null;
    referer: string | null;
    payWay: Exclude<PayWay, typeof PayWay.FREE>;
    /** Only a wallet payment gets the member price; defaults to the configured default rate. */
    vipRateBp?: number;
    now?: Date;
  },
): Promise<OrderRow> {
  const { order } = input;
  assertMay(OrderStateMachine, 'pay', order.status);
  if (order.orderType === OrderType.WALLET && input.payWay === PayWay.WALLET) {
    throw new AppError(ErrorCode.WALLET_RECHARGE_NOT_BY_WALLET);
  }
  assertPayWayAllowed(order, input.payWay);
  const items = order.orderType === OrderType.WALLET ? [] : await listOrderItems(db, order.sid);
  // Another order may have bought one of these licences since this one was placed.
  if (order.orderType === OrderType.MATERIAL) await assertLicencesNotOwned(db, order.ownerSid, items);
  const { breakdown, coupon } = await priceWithContext(db, {
    orderType: order.orderType,
    lineCents: items.length > 0 ? items.map((i) => i.unitPriceCents) : [order.priceOriginCents],
    code: input.code,
    payWay: input.payWay,
    user: input.user,
    vipRateBp: input.vipRateBp ?? DEFAULT_VIP_RATE_BP,
    now: input.now ?? new Date(),
    orderSid: order.sid,
    creditCents: order.discountCreditCents,
  });
  // Nothing is collected for a free order: it is completed, never paid (docs/decisions/0008).
  if (breakdown.priceCents <= 0 && input.payWay !== PayWay.WALLET) throw new AppError(ErrorCode.PAYMENT_AMOUNT_INVALID);
  await claimOrderCoupon(db, order, coupon);
  const updated = await updateOrderPrice(db, order.sid, {
    couponCode: input.code ? input.code.trim().toUpperCase() : null,
    referer: input.referer ?? order.referer,
    payWay: input.payWay,
    ...breakdown,
  });
  if (!updated) throw new AppError(ErrorCode.ORDER_NOT_PAYABLE);
  return updated;
}
