import { ORDER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { cancelOrder, type TradeCloser } from './order-cancel.js';
import { OrderCheckoutService } from './order-checkout.service.js';
import { OrderUpgradeService } from './order-upgrade.js';
import type { OrderService } from './order.service.js';

/** Orders of spec §7: placing, previews, records, cancel, approval (paying is modules/payment's). */
export interface OrderRoutesOptions {
  /** Closes an order's gateway trades before a cancel (the payment module's, wired in app.ts). */
  closeTrades: TradeCloser;
  /** The order service, built once in app.ts. */
  orders: OrderService;
}

export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions) {
  const { events } = app.deps;
  const { orders } = options;
  const checkout = new OrderCheckoutService(orders);
  const upgrades = new OrderUpgradeService(orders);
  const cancel = { orders, closeTrades: options.closeTrades, events };

  route(app, ORDER_API.placeMaterial, async (request) => orders.placeMaterialOrder(request.user, request.body));
  route(app, ORDER_API.placeMaterialPreview, async (request) =>
    orders.previewMaterialOrder(request.user, request.body),
  );
  route(app, ORDER_API.placeUpgrade, async (request) => upgrades.placeUpgradeOrder(request.user, request.body));
  route(app, ORDER_API.placeUpgradePreview, async (request) =>
    upgrades.previewUpgradeOrder(request.user, request.body),
  );
  route(app, ORDER_API.placeWallet, async (request) => orders.placeWalletOrder(request.user, request.body));
  route(app, ORDER_API.placeCustom, async (request) => orders.placeCustomOrder(request.user, request.body));
  route(app, ORDER_API.placeCustomPreview, async (request) => orders.previewCustomOrder(request.user, request.body));
  route(app, ORDER_API.list, async (request) => orders.listOrders(request.user, request.query));
  route(app, ORDER_API.detail, async (request) => orders.getOrder(request.user, request.params.id));
  route(app, ORDER_API.payPreview, async (request) =>
    checkout.previewPayment(request.user, request.params.id, request.body),
  );
  route(app, ORDER_API.cancel, async (request) => cancelOrder(cancel, request.user, request.params.id));
  route(app, ORDER_API.audit, async (request) => checkout.auditOrder(request.user, request.params.id, request.body));
}
