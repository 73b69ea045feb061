import { ORDER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { OrderService } from './order.module.js';

/** Orders of spec §7: placing, previews, records, cancel, approval (paying is modules/payment's). */
export async function orderRoutes(app: FastifyInstance, { orders }: { orders: OrderService }) {
  route(app, ORDER_API.placeMaterial, async (request) => orders.placeMaterialOrder(request.user, request.body));
  route(app, ORDER_API.placeMaterialPreview, async (request) =>
    orders.previewMaterialOrder(request.user, request.body),
  );
  route(app, ORDER_API.placeUpgrade, async (request) => orders.placeUpgradeOrder(request.user, request.body));
  route(app, ORDER_API.placeUpgradePreview, async (request) => orders.previewUpgradeOrder(request.user, request.body));
  route(app, ORDER_API.placeWallet, async (request) => orders.placeWalletOrder(request.user, request.body));
  route(app, ORDER_API.placeCustom, async (request) => orders.placeCustomOrder(request.user, request.body));
  route(app, ORDER_API.placeCustomPreview, async (request) => orders.previewCustomOrder(request.user, request.body));
  route(app, ORDER_API.list, async (request) => orders.listOrders(request.user, request.query));
  route(app, ORDER_API.detail, async (request) => orders.getOrder(request.user, request.params.id));
  route(app, ORDER_API.payPreview, async (request) =>
    orders.previewPayment(request.user, request.params.id, request.body),
  );
  route(app, ORDER_API.cancel, async (request) => orders.cancelOrder(request.user, request.params.id));
  route(app, ORDER_API.audit, async (request) => orders.auditOrder(request.user, request.params.id, request.body));
}
