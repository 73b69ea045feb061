import {
  AuditStatus,
  DemandStatus,
  type LicenceType,
  OrderStatus,
  OrderType,
  PayWay,
  RefundChannel,
  RefundStatus,
  type TOrder,
  licenceSpec,
} from '@gemstock/contract';
import type { MoreTagColor, TagColor } from '@/components/ui/feedback';

/**
 * How orders read in Chinese, shared by the buyer's records and the operator console so both
 * name a status, type or pay way the same way.
 */

export const ORDER_STATUS_LABEL: Record<OrderStatus, { text: string; color: TagColor | MoreTagColor }> = {
  [OrderStatus.CREATED]: { text: '待支付', color: 'orange' },
  [OrderStatus.PAYED]: { text: '已完成', color: 'green' },
  [OrderStatus.CANCELLED]: { text: '已取消', color: 'default' },
  [OrderStatus.REFUNDED]: { text: '已退款', color: 'magenta' },
};

/**
 * The status an order shows: paid custom work is not 已完成 until its design is delivered, so a
 * paid order with a demand in progress reads 设计中 (or 待反馈 when a draft waits for the buyer).
 */
export function orderStatusLabel(order: Pick<TOrder, 'status' | 'demand' | 'refund'>): {
  text: string;
  color: TagColor | MoreTagColor;
} {
  // The money of a refund may still be on its way back (the gateway settles it later).
  if (order.status === OrderStatus.REFUNDED && order.refund && order.refund.status !== RefundStatus.SUCCEEDED) {
    return { text: '退款中', color: 'processing' };
  }
  const demand = order.demand;
  if (order.status === OrderStatus.PAYED && demand && demand.status !== DemandStatus.DELIVERED) {
    if (demand.status === DemandStatus.CANCELLED) return { text: '定制已取消', color: 'default' };
    if (demand.status === DemandStatus.DRAFT_REVIEW) return { text: '待反馈', color: 'magenta' };
    return { text: '设计中', color: 'processing' };
  }
  return ORDER_STATUS_LABEL[order.status];
}

export const ORDER_TYPE_LABEL: Record<OrderType, string> = {
  [OrderType.MATERIAL]: '素材授权',
  [OrderType.WALLET]: 'VIP 充值',
  [OrderType.CUSTOM]: '定制服务',
  [OrderType.DASHBOARD]: '超级定制',
};

export const PAY_WAY_TEXT: Record<PayWay, string> = {
  [PayWay.WECHAT]: '微信支付',
  [PayWay.ALIPAY]: '支付宝',
  [PayWay.TRANSFER]: '对公转账',
  [PayWay.WALLET]: '余额支付',
  [PayWay.FREE]: '无需付款（优惠全额抵扣）',
};

export const AUDIT_LABEL: Record<Exclude<AuditStatus, 'NONE'>, { text: string; color: TagColor | MoreTagColor }> = {
  [AuditStatus.PENDING]: { text: '待主账号审批', color: 'processing' },
  [AuditStatus.APPROVED]: { text: '审批已通过', color: 'success' },
  [AuditStatus.REJECTED]: { text: '审批未通过', color: 'error' },
};

/** The approval tag of an order, when a sub-account's wallet payment was asked about. */
export function auditLabelOf(status: AuditStatus): { text: string; color: TagColor | MoreTagColor } | null {
  return status === AuditStatus.NONE ? null : AUDIT_LABEL[status];
}

/** The main account's note on a refused approval, shown under the order. */
export function auditRefusalNote(order: Pick<TOrder, 'auditStatus' | 'auditMessage'>): string | null {
  return order.auditStatus === AuditStatus.REJECTED ? order.auditMessage : null;
}

/** What the order's price line is called: what was paid, or what is to be paid. */
export function amountLabelOf(status: OrderStatus): '实付' | '应付' {
  return status === OrderStatus.PAYED || status === OrderStatus.REFUNDED ? '实付' : '应付';
}

/** How the pay way reads on a record: an unpaid transfer order is waiting for the funds. */
export function payWayText(order: Pick<TOrder, 'payWay' | 'status'>): string {
  if (!order.payWay) return order.status === OrderStatus.CREATED ? '未选择' : '—';
  if (order.payWay === PayWay.TRANSFER && order.status === OrderStatus.CREATED) return '对公转账（待确认到账）';
  return PAY_WAY_TEXT[order.payWay];
}

/** The licence of an order line: its name, or for an upgrade "授权升级：新媒体授权 → 标准授权（补差价）". */
export function orderLineLicenceText(order: Pick<TOrder, 'upgradeFrom'>, spec: LicenceType): string {
  const name = licenceSpec(spec).name;
  return order.upgradeFrom ? `授权升级：${licenceSpec(order.upgradeFrom).name} → ${name}（补差价）` : name;
}

/** Where a refund's money goes back, as the buyer and the operator read it. */
export const REFUND_CHANNEL_TEXT: Record<RefundChannel, string> = {
  [RefundChannel.WECHAT]: '原路退回微信',
  [RefundChannel.ALIPAY]: '原路退回支付宝',
  [RefundChannel.SANDBOX]: '原路退回沙箱',
  [RefundChannel.WALLET]: '退回余额',
  [RefundChannel.TRANSFER]: '银行转账退回',
};

export const REFUND_STATUS_LABEL: Record<RefundStatus, { text: string; color: TagColor | MoreTagColor }> = {
  [RefundStatus.PROCESSING]: { text: '退款中', color: 'processing' },
  [RefundStatus.SUCCEEDED]: { text: '已退款', color: 'success' },
  [RefundStatus.FAILED]: { text: '退款失败', color: 'error' },
};

/** The buyer's line under a refunded order: "已退款 ¥298.00，原路退回微信" (a refused one still reads 退款中: the operator resolves it). */
export function refundLineOf(refund: NonNullable<TOrder['refund']>): { status: string; channel: string } {
  return {
    status: refund.status === RefundStatus.SUCCEEDED ? '已退款' : '退款中',
    channel: REFUND_CHANNEL_TEXT[refund.channel],
  };
}
