import { AccountLevel, AuditStatus, OrderStatus, type TOrderListItem, canTransitionOrder } from '@gemstock/contract';

// The labels moved to @/lib/order-labels (the operator console uses them too).
export { AUDIT_LABEL, ORDER_STATUS_LABEL, ORDER_TYPE_LABEL, PAY_WAY_TEXT, payWayText } from '@/lib/order-labels';

/** Who may do what with an order on the records pages (the state machine decides payability). */
export function orderActions(
  order: Pick<TOrderListItem, 'status' | 'auditStatus' | 'fromSubAccount'>,
  viewer: { level: number },
) {
  const isOpen = canTransitionOrder(order.status, OrderStatus.PAYED);
  const isMainViewer = viewer.level === AccountLevel.MAIN;
  return {
    /** The buyer continues paying their own CREATED order. */
    canPay: isOpen && !order.fromSubAccount,
    canCancel: canTransitionOrder(order.status, OrderStatus.CANCELLED),
    /** A main account decides on a sub-account's request to pay from its wallet. */
    canAudit: isOpen && isMainViewer && order.fromSubAccount && order.auditStatus === AuditStatus.PENDING,
    canDownload: order.status === OrderStatus.PAYED,
  };
}
