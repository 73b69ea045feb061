/**
 * The order module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Orders: placing, pricing, the order's state machine and settlement, the buyer's and operators' views.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminOrderRoutes } from './admin-order.routes.js';
export { isTransferLike, paymentDeadlineOf, shortestTransferWait } from './order-deadline.js';
export { tellApprovalRequested } from './order-notice.js';
export {
  approvalBreakdownOf,
  assertPayWayAllowed,
  payerOf,
  priceWithContext,
  repriceOrderForPayment,
} from './order-pricing.js';
export { applyOrderPaid, cancelUnpaidOrder, settleOrderPayment } from './order-settlement.js';
export type { SettleResult } from './order-settlement.js';
export { transitionOrder } from './order-transition.js';
export { createOrderService } from './order.module.js';
export type { OrderService } from './order.module.js';
export {
  clearTransferPayWay,
  findOrderBySid,
  listItemsOfOrders,
  listItemsToPay,
  lockOrderBySid,
  lockVisibleOrderToPay,
} from './order.repository.js';
export type { ItemsToPay, OrderItemToPay } from './order.repository.js';
export { orderRoutes } from './order.routes.js';
export { canViewOrder, insertQuotedOrder, requestApproval, reuseWindowOf } from './order.service.js';
