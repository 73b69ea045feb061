/**
 * The payment module's door: what other modules, the plugins, ops, jobs and the composition root
 * may use of it. Paying orders (wallet, transfer, online), what gateways report, refunds and the unpaid-order sweep.
 * Anything not exported here is the module's own (eslint: cross-module imports go through here).
 */
export { adminRefundRoutes } from './admin-refund.routes.js';
export { closeGatewayPaymentsBeforeCancel, closeGatewayPaymentsOnCancel } from './close-trades.js';
export { createPaymentService } from './payment.module.js';
export { paymentRoutes } from './payment.routes.js';
export type { PaymentDeps } from './payment.service.js';
export { orderRefundsOf } from './refund-view.js';
export { createRefundService } from './refund.module.js';
export { UnpaidOrderSweeper } from './unpaid-order-sweeper.js';
