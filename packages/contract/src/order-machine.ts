import { OrderStatus, ORDER_STATUSES } from './enums.js';
import { defineStateMachine } from './state-machine.js';

/**
 * The order (spec §4): a created order is paid or cancelled. A bank-transfer order cancelled at its deadline goes back to CREATED when an operator confirms that
 * its money arrived after all (it is then settled at once). The server moves an order's status
 * only along these actions' edges; the records pages and the console read the same table to
 * decide which buttons an order shows. An operator may refund a paid order once (docs/decisions/
 * 0029): it is REFUNDED for good, its licences end.
 */
export const OrderStateMachine = defineStateMachine('order', ORDER_STATUSES, {
  /** Paid by any way (online, transfer, wallet, a free completion); also: priced for paying. */
  pay: { from: [OrderStatus.CREATED], to: OrderStatus.PAYED, refusal: 'ORDER_NOT_PAYABLE' },
  /** By the buyer (or the main account), or by its deadline. */
  cancel: {
    from: [OrderStatus.CREATED],
    to: OrderStatus.CANCELLED,
    refusal: 'ORDER_NOT_CANCELLABLE',
    refusalIn: { [OrderStatus.PAYED]: 'ORDER_ALREADY_PAID' },
  },
  /** A transfer's money arrived after the deadline cancelled the order: back to CREATED at its price. */
  reopen: { from: [OrderStatus.CANCELLED], to: OrderStatus.CREATED, refusal: 'TRANSFER_NOT_PENDING' },
  /** An operator gives the money back (once); the order's licences end. */
  refund: { from: [OrderStatus.PAYED], to: OrderStatus.REFUNDED, refusal: 'REFUND_ORDER_NOT_PAID' },
  /**
   * The order is paid and what it bought is the buyer's: downloads, certificates, the design
   * delivered. Also what "paid" means to settlement (a repeat of the payment that paid it).
   */
  download: {
    from: [OrderStatus.PAYED],
    refusal: 'NOT_ENTITLED',
    refusalIn: { [OrderStatus.REFUNDED]: 'LICENCE_REVOKED' },
  },
  /** The order was refunded: its refund (amount, way back, state) is shown with it. */
  showRefund: { from: [OrderStatus.REFUNDED], refusal: 'REFUND_NOT_FOUND' },
  /** A VAT invoice may be asked for (invoice-rules.ts adds what was paid and how). */
  requestInvoice: { from: [OrderStatus.PAYED], refusal: 'INVOICE_ORDER_NOT_PAID' },
});
export type OrderAction = keyof typeof OrderStateMachine.actions;
