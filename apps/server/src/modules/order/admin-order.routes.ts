import { ADMIN_ORDER_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { OrderService } from './order.module.js';

/** Operator: the order list (and with it the bank-transfer queue). Confirming or rejecting a transfer is modules/payment's. */
export async function adminOrderRoutes(app: FastifyInstance, { orders }: { orders: OrderService }) {
  route(app, ADMIN_ORDER_API.list, async (request) => orders.listAdminOrders(request.query));
  route(app, ADMIN_ORDER_API.detail, async (request) => orders.getAdminOrder(request.params.id));
}
