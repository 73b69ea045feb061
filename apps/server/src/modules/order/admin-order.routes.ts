import {
  ORDER_PATHS,
  ZAdminOrderListQuery,
  ZAdminOrderListResponse,
  ZAdminOrderResponse,
  ZOrderParams,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { OrderService } from './order.service.js';

/** Operator: the order list (and with it the bank-transfer queue). Confirming or rejecting a transfer is modules/payment's. */
export async function adminOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage } = app.deps;
  const orders = new OrderService({
    db,
    money: config.money,
    publicUrlOf: publicUrlOfStorage(storage),
    deadlines: config.payments,
    metrics: app.deps.metrics,
  });
  app.get(
    ORDER_PATHS.adminList,
    {
      onRequest: app.requireOperator,
      schema: { querystring: ZAdminOrderListQuery, response: { 200: zEnvelope(ZAdminOrderListResponse) } },
    },
    async (request) => ok(await orders.listAdminOrders(request.query)),
  );

  app.get(
    ORDER_PATHS.adminDetail,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, response: { 200: zEnvelope(ZAdminOrderResponse) } },
    },
    async (request) => ok(await orders.getAdminOrder(request.params.id)),
  );
}
