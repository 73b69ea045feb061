import { PayWay, type TPricePreview } from '@gemstock/contract';

/**
 * The order drawer's breakdown (spec §2, §5). Amounts come from the server preview as they are;
 * nothing is computed here beyond choosing which lines to show.
 */
export type BreakdownKey = 'origin' | 'member' | 'coupon' | 'price';

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
}

/** Spec §5: the VIP discount line shows only for a VIP paying by wallet. */
export function showsMemberLine(context: Pick<BreakdownContext, 'isVip' | 'payWay'>): boolean {
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
  if (showsMemberLine(context)) rows.push({ key: 'member', label: '会员优惠', cents: -preview.discount_member });
  if (showsCouponLine(context, preview)) rows.push({ key: 'coupon', label: '优惠券', cents: -preview.discount_coupon });
  rows.push({ key: 'price', label: '实付', cents: preview.price });
  return rows;
}
