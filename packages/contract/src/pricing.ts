import { DEFAULT_CUSTOMIZATION_PRICE_CENTS, licenceCovers, licenceSpec } from './constants.js';
import { CouponType, LICENCE_TYPES, LicenceType, OrderType, PayWay } from './enums.js';

/**
 * Pricing: one pure module used by the order preview, order placement, the wallet payment and
 * the checkout UI, so what is shown is what is charged. All amounts are integer cents.
 *
 * Rounding: every discount is rounded DOWN to the whole cent, so a discount never exceeds its
 * exact value and the buyer pays any fractional cent. Concretely
 *   discount_credit = min(credit, origin)                           (a held licence paying for the service)
 *   base            = origin − discount_credit
 *   discount_member = floor(base × (10 000 − rateBp) / 10 000)      (VIP price = base − that)
 *   discount_coupon = min(amount, remainder)                        (type 1, fixed cents off)
 *                   = floor(remainder × percent / 100)              (otherwise, percent off)
 *   price           = base − discount_member − discount_coupon      (≥ 0)
 *
 * What each discount covers (docs/decisions/0023): the member price and a coupon meant for
 * "every order" cover the catalogue (material licences, upgrades, the listed custom service);
 * a quote (`dashboard`) costs what was quoted, with no member price, and takes only a coupon
 * whose scope names quotes; a recharge takes neither.
 */

/** The default VIP rate: 1% of the original price (the spec's "0.1折"), in basis points. */
export const DEFAULT_VIP_RATE_BP = 100;
export const BASIS_POINTS = 10_000;

/** The price fields of a material as the wire carries them (ZMaterial). */
export interface PricedMaterial {
  /** Licence types offered, best first. */
  authType: readonly number[];
  /** A single price (every type at its licence-table price) or a map by licence type. */
  price: number | Readonly<Record<string, number>>;
  specialPrice: Readonly<Record<string, number>>;
  customPrice: number | null;
}

export function isLicenceType(value: unknown): value is LicenceType {
  return typeof value === 'number' && (LICENCE_TYPES as readonly number[]).includes(value);
}

function ownPrice(map: Readonly<Record<string, number>>, type: number): number | undefined {
  const cents = map[String(type)];
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0 ? cents : undefined;
}

/**
 * Unit price of a material for licence type t: its special price for t if set, else its own
 * price for t, else the licence table. Null when the material does not offer t.
 */
export function unitPriceCents(material: PricedMaterial, type: number): number | null {
  if (!isLicenceType(type) || !material.authType.includes(type)) return null;
  return (
    ownPrice(material.specialPrice, type) ??
    (typeof material.price === 'object' ? ownPrice(material.price, type) : undefined) ??
    licenceSpec(type).priceCents
  );
}

/**
 * What a licence type costs on a material today, whether or not the material still offers it
 * (its special price, else its own price, else the licence table): the value of a licence
 * already held. Null only for an unknown type.
 */
export function heldLicenceValueCents(material: PricedMaterial, type: number): number | null {
  if (!isLicenceType(type)) return null;
  return (
    ownPrice(material.specialPrice, type) ??
    (typeof material.price === 'object' ? ownPrice(material.price, type) : undefined) ??
    licenceSpec(type).priceCents
  );
}

/** Why a held licence cannot be upgraded to `to` on this material, or null when it can. */
export type UpgradeProblem = 'premium' | 'not_higher' | 'not_offered';

/**
 * The upgrade ladder of spec §3, new-media → standard → extended. Premium custom is neither a
 * source nor a target (a service of its own, docs/decisions/0016); the target must be strictly
 * wider than the held licence and offered by the material (its resolution allows it).
 */
export function upgradeProblem(
  material: Pick<PricedMaterial, 'authType'>,
  from: number,
  to: number,
): UpgradeProblem | null {
  if (from === LicenceType.PREMIUM_CUSTOM || to === LicenceType.PREMIUM_CUSTOM) return 'premium';
  if (!isLicenceType(from) || !isLicenceType(to) || licenceCovers(from, to)) return 'not_higher';
  // Neither covers the other only when one of them is off the ladder (handled above).
  if (!licenceCovers(to, from)) return 'not_higher';
  if (!material.authType.includes(to)) return 'not_offered';
  return null;
}

/**
 * The difference to pay for upgrading a held licence `from` to `to` on a material: the current
 * price of `to` less the current value of `from`, never below zero, in integer cents. Null when
 * the upgrade is not allowed (upgradeProblem). Coupons and the VIP discount then apply to this
 * difference as to any material line (priceOrder).
 */
export function upgradeDifferenceCents(material: PricedMaterial, from: number, to: number): number | null {
  if (upgradeProblem(material, from, to) !== null) return null;
  const target = unitPriceCents(material, to);
  const held = heldLicenceValueCents(material, from);
  if (target === null || held === null) return null;
  return Math.max(0, target - held);
}

/** The licences a held one may be upgraded to on this material, widest first, each with its difference. */
export function upgradeOptions(
  material: PricedMaterial,
  from: number,
): { spec: LicenceType; differenceCents: number }[] {
  const options: { spec: LicenceType; differenceCents: number }[] = [];
  for (const to of [LicenceType.EXTENDED, LicenceType.STANDARD, LicenceType.NEW_MEDIA]) {
    const differenceCents = upgradeDifferenceCents(material, from, to);
    if (differenceCents !== null) options.push({ spec: to, differenceCents });
  }
  return options;
}

/** Price of a customization on a material: its custom price, else the default 498 yuan. */
export function customizationPriceCents(material: Pick<PricedMaterial, 'customPrice'>): number {
  const cents = material.customPrice;
  return typeof cents === 'number' && Number.isSafeInteger(cents) && cents >= 0
    ? cents
    : DEFAULT_CUSTOMIZATION_PRICE_CENTS;
}

/** What pricing needs to know about a coupon. Times are Dates (server) or ISO strings (wire). */
export interface PricingCoupon {
  type: number;
  amount: number;
  startAt: Date | string | null;
  endAt: Date | string | null;
  /** Order types covered; empty = all. */
  scope: readonly string[];
  /** Total redemptions allowed; 0 = unlimited. */
  limit: number;
  redeemedCount: number;
  /** The account it was issued to, or null for a public code. */
  ownerSid: string | null;
}

export type CouponProblem = 'not_started' | 'expired' | 'not_applicable' | 'used_up' | 'already_used' | 'not_owner';

/**
 * Whether a coupon of this scope covers an order of this type. An empty scope ("全部订单") means
 * the catalogue (material and custom orders): a quote is a designer's labour price and takes a
 * coupon only when the operator named quotes in its scope (docs/decisions/0023). A recharge
 * never takes one (spec §5).
 */
export function couponCoversOrderType(scope: readonly string[], orderType: string): boolean {
  if (orderType === OrderType.WALLET) return false;
  if (scope.length === 0) return orderType !== OrderType.DASHBOARD;
  return scope.includes(orderType);
}

/** Order types the member price (the VIP's 0.1折) covers: the catalogue, not quoted work nor a recharge. */
export function memberPriceCovers(orderType: string): boolean {
  return orderType === OrderType.MATERIAL || orderType === OrderType.CUSTOM;
}

function toTime(value: Date | string | null): number | null {
  if (value === null) return null;
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/**
 * Why a coupon cannot be used for this order now, or null when it can. Validity is
 * [startAt, endAt): a coupon ending at 10:00 no longer counts at 10:00.
 */
export function couponProblem(
  coupon: PricingCoupon,
  context: { orderType: string; now: Date; accountSid: string | null; usedByAccount: boolean },
): CouponProblem | null {
  const now = context.now.getTime();
  const start = toTime(coupon.startAt);
  const end = toTime(coupon.endAt);
  if (start !== null && now < start) return 'not_started';
  if (end !== null && now >= end) return 'expired';
  // A recharge has no coupon field (spec §5): no coupon ever covers it.
  if (!couponCoversOrderType(coupon.scope, context.orderType)) return 'not_applicable';
  if (coupon.ownerSid !== null && coupon.ownerSid !== context.accountSid) return 'not_owner';
  if (context.usedByAccount) return 'already_used';
  if (coupon.limit > 0 && coupon.redeemedCount >= coupon.limit) return 'used_up';
  return null;
}

export interface PriceBreakdown {
  priceOriginCents: number;
  /** What a held licence pays of the order (高级定制授权 for its material's custom design). */
  discountCreditCents: number;
  discountMemberCents: number;
  discountCouponCents: number;
  priceCents: number;
}

export interface PricingInput {
  /** Unit prices of the order's lines, in cents. */
  lineCents: readonly number[];
  orderType: string;
  payWay: string | null;
  /** The paying wallet (the parent's for a sub-account) has a valid VIP lot. */
  isVip: boolean;
  vipRateBp: number;
  /** A coupon already checked with couponProblem, or null. */
  coupon: Pick<PricingCoupon, 'type' | 'amount'> | null;
  /**
   * Cents a held licence pays for (0 or absent: none). Taken off first, so the member price and
   * a coupon apply only to what is left.
   */
  creditCents?: number;
}

/**
 * The member discount applies only to a VIP paying by wallet, and only to the catalogue
 * (memberPriceCovers): never to a quote or a recharge.
 */
export function isMemberPricing(input: Pick<PricingInput, 'orderType' | 'payWay' | 'isVip'>): boolean {
  return input.isVip && input.payWay === PayWay.WALLET && memberPriceCovers(input.orderType);
}

export function couponDiscountCents(coupon: Pick<PricingCoupon, 'type' | 'amount'>, remainderCents: number): number {
  if (remainderCents <= 0) return 0;
  if (coupon.type === CouponType.FIXED) {
    return Math.min(Math.max(0, Math.floor(coupon.amount)), remainderCents);
  }
  const percent = Math.min(100, Math.max(0, coupon.amount));
  return Math.min(remainderCents, Math.floor((remainderCents * percent) / 100));
}

export function priceOrder(input: PricingInput): PriceBreakdown {
  const origin = input.lineCents.reduce((total, cents) => total + Math.max(0, Math.floor(cents)), 0);
  const credit = Math.min(origin, Math.max(0, Math.floor(input.creditCents ?? 0)));
  const base = origin - credit;
  const rateBp = Math.min(BASIS_POINTS, Math.max(0, Math.floor(input.vipRateBp)));
  const member = isMemberPricing(input) ? Math.floor((base * (BASIS_POINTS - rateBp)) / BASIS_POINTS) : 0;
  const remainder = base - member;
  const coupon = input.coupon ? couponDiscountCents(input.coupon, remainder) : 0;
  return {
    priceOriginCents: origin,
    discountCreditCents: credit,
    discountMemberCents: member,
    discountCouponCents: coupon,
    priceCents: remainder - coupon,
  };
}

/** How the UI labels a coupon (spec §9): '-¥{amount} 优惠金额' or '(100 − amount) / 10 折'. */
export function couponDiscountLabel(
  coupon: Pick<PricingCoupon, 'type' | 'amount'>,
  formatCents: (c: number) => string,
) {
  if (coupon.type === CouponType.FIXED) return `-${formatCents(coupon.amount)} 优惠金额`;
  const tenths = 100 - Math.min(100, Math.max(0, coupon.amount));
  return `${tenths / 10}折`;
}
