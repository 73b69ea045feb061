import { AccountLevel, ApprovalStateMachine, OrderStateMachine, type TOrderListItem } from '@gemstock/contract';

/**
 * What an order offers on the records pages, read from the contract's order and approval
 * machines (the server answers the same actions with their coded refusals).
 */
export function orderActions(
  order: Pick<TOrderListItem, 'status' | 'auditStatus' | 'fromSubAccount'>,
  viewer: { level: number },
) {
  const can = OrderStateMachine.capabilities(order.status);
  const isMainViewer = viewer.level === AccountLevel.MAIN;
  return {
    /** The buyer continues paying their own order. */
    canPay: can.pay && !order.fromSubAccount,
    canCancel: can.cancel,
    /** A main account answers a sub-account's request to pay from its wallet. */
    canAudit: can.pay && isMainViewer && order.fromSubAccount && ApprovalStateMachine.may('decide', order.auditStatus),
    canDownload: can.download,
    /** Its pay-by time: the deadline cancels it. */
    showsDeadline: can.cancel,
    /** Its invoice line (ask for one, or the one asked for). */
    showsInvoice: can.requestInvoice,
  };
}
