import { ADMIN_ORDER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { OrderService } from './order.service.js';

/** Operator: the order list (and with it the bank-transfer queue). Confirming or rejecting a transfer is modules/payment's. */
export async function adminOrderRoutes(app: FastifyInstance) {
  const { db, config, storage } = app.deps;
  const orders = new OrderService({
    db,
    money: config.money,
    publicUrlOf: publicUrlOfStorage(storage),
    deadlines: config.payments,
    metrics: app.deps.metrics,
  });
  route(app, ADMIN_ORDER_API.list, async (request) => orders.listAdminOrders(request.query));
  route(app, ADMIN_ORDER_API.detail, async (request) => orders.getAdminOrder(request.params.id));
}
