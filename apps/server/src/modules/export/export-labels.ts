import {
  CouponStatus,
  CouponType,
  InvoiceStatus,
  InvoiceType,
  OrderStatus,
  OrderType,
  PayWay,
} from '@gemstock/contract';

/** How a CSV names each state and kind: the words the console shows (apps/web's label files). */
export const ORDER_STATUS_TEXT: Readonly<Record<string, string>> = {
  [OrderStatus.CREATED]: '待支付',
  [OrderStatus.PAYED]: '已完成',
  [OrderStatus.CANCELLED]: '已取消',
  [OrderStatus.REFUNDED]: '已退款',
};

export const ORDER_TYPE_TEXT: Readonly<Record<string, string>> = {
  [OrderType.MATERIAL]: '素材授权',
  [OrderType.WALLET]: 'VIP 充值',
  [OrderType.CUSTOM]: '定制服务',
  [OrderType.DASHBOARD]: '超级定制',
};

export const PAY_WAY_TEXT: Readonly<Record<string, string>> = {
  [PayWay.WECHAT]: '微信支付',
  [PayWay.ALIPAY]: '支付宝',
  [PayWay.TRANSFER]: '对公转账',
  [PayWay.WALLET]: '余额支付',
  [PayWay.FREE]: '无需付款',
};

export const INVOICE_STATUS_TEXT: Readonly<Record<string, string>> = {
  [InvoiceStatus.REQUESTED]: '待开具',
  [InvoiceStatus.ISSUED]: '已开具',
  [InvoiceStatus.REJECTED]: '已驳回',
  [InvoiceStatus.VOIDED]: '已作废',
  [InvoiceStatus.REVERSED]: '已红冲',
};

export const INVOICE_TYPE_TEXT: Readonly<Record<string, string>> = {
  [InvoiceType.ORDINARY]: '普通发票',
  [InvoiceType.SPECIAL]: '增值税专用发票',
};

export const COUPON_STATUS_TEXT: Readonly<Record<string, string>> = {
  [CouponStatus.ACTIVE]: '进行中',
  [CouponStatus.NOT_STARTED]: '未开始',
  [CouponStatus.EXPIRED]: '已结束',
  [CouponStatus.USED_UP]: '已用完',
};

export const COUPON_TYPE_TEXT: Readonly<Record<number, string>> = {
  [CouponType.FIXED]: '满减（金额）',
  [CouponType.PERCENT]: '折扣（百分比）',
};

/** A label, or the stored value when the table has none (a state added later). */
export function labelOf(table: Readonly<Record<string | number, string>>, value: string | number | null): string {
  return value === null ? '' : (table[value] ?? String(value));
}
