import { type OrderType, PayWay, type TPricePreview, memberPriceCovers } from '@gemstock/contract';

/**
 * The order drawer's breakdown (spec §2, §5). Amounts come from the server preview as they are;
 * nothing is computed here beyond choosing which lines to show.
 */
export type BreakdownKey = 'origin' | 'credit' | 'member' | 'coupon' | 'price';

export interface BreakdownRow {
  key: BreakdownKey;
  label: string;
  /** Cents; discounts are negative so they read "-¥…". */
  cents: number;
}

export interface BreakdownContext {
  isVip: boolean;
  payWay: PayWay | null;
  /** Whether the order can take a coupon at all (a recharge cannot). */
  couponOffered: boolean;
  /** A coupon code is applied to the preview. */
  hasCoupon: boolean;
  /** The order's type: the member price covers the catalogue, never a quote (decision 0023). */
  orderType?: OrderType;
}

/**
 * Spec §5: the VIP discount line shows only for a VIP paying by wallet, and only on what the
 * member price covers: a quote costs what was quoted, so no "会员优惠 ¥0.00" line is drawn for it.
 */
export function showsMemberLine(context: Pick<BreakdownContext, 'isVip' | 'payWay' | 'orderType'>): boolean {
  if (context.orderType !== undefined && !memberPriceCovers(context.orderType)) return false;
  return context.isVip && context.payWay === PayWay.WALLET;
}

/** The coupon line shows once a code is applied (or the server gave a coupon discount anyway). */
export function showsCouponLine(
  context: Pick<BreakdownContext, 'couponOffered' | 'hasCoupon'>,
  preview: TPricePreview,
) {
  return context.couponOffered && (context.hasCoupon || preview.discount_coupon > 0);
}

export function breakdownRows(preview: TPricePreview, context: BreakdownContext): BreakdownRow[] {
  const rows: BreakdownRow[] = [{ key: 'origin', label: '原价', cents: preview.price_origin }];
  // a held 高级定制授权 paying for its material's custom design
  if ((preview.discount_credit ?? 0) > 0) {
    rows.push({ key: 'credit', label: '已购高级定制授权抵扣', cents: -(preview.discount_credit ?? 0) });
  }
  if (showsMemberLine(context)) rows.push({ key: 'member', label: '会员优惠', cents: -preview.discount_member });
  if (showsCouponLine(context, preview)) rows.push({ key: 'coupon', label: '优惠券', cents: -preview.discount_coupon });
  rows.push({ key: 'price', label: '实付', cents: preview.price });
  return rows;
}
