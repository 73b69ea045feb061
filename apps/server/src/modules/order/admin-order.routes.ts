import {
  ErrorCode,
  ORDER_PATHS,
  ZAdminOrderListQuery,
  ZAdminOrderListResponse,
  ZAdminOrderResponse,
  ZOrderParams,
  ZOrderResponse,
  ZTransferDecisionRequest,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { OrderPaymentService } from './order-payment.service.js';
import { OrderService } from './order.service.js';

/** Operator: the order list (and with it the bank-transfer queue); confirm or reject a transfer (audit-logged; confirming settles the order). */
export async function adminOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage } = app.deps;
  const orders = new OrderService({
    db,
    money: config.money,
    publicUrlOf: publicUrlOfStorage(storage),
    deadlines: config.payments,
  });
  const payments = new OrderPaymentService(orders);
  const operatorSid = (request: { operator: { sid: string } | null }) => {
    if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
    return request.operator.sid;
  };

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

  app.post(
    ORDER_PATHS.adminConfirmTransfer,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, body: ZTransferDecisionRequest, response: { 200: zEnvelope(ZOrderResponse) } },
    },
    async (request) => {
      const { order } = await payments.confirmTransfer(operatorSid(request), request.params.id, request.body.note);
      return ok({ order });
    },
  );

  app.post(
    ORDER_PATHS.adminRejectTransfer,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, body: ZTransferDecisionRequest, response: { 200: zEnvelope(ZOrderResponse) } },
    },
    async (request) => ok(await payments.rejectTransfer(operatorSid(request), request.params.id, request.body.note)),
  );
}
