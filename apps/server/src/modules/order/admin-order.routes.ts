import { ORDER_PATHS, ZOrderParams, ZOrderResponse, ZTransferDecisionRequest, zEnvelope } from '@gemstock/contract';
import { ErrorCode } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { OrderPaymentService } from './order-payment.service.js';
import { OrderService } from './order.service.js';

/** Operator: confirm or reject a bank transfer (audit-logged; confirming settles the order). */
export async function adminOrderRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage, orderEvents } = app.deps;
  const orders = new OrderService({
    db,
    money: config.money,
    publicUrlOf: publicUrlOfStorage(storage),
    events: orderEvents,
  });
  const payments = new OrderPaymentService(orders);
  const operatorSid = (request: { operator: { sid: string } | null }) => {
    if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
    return request.operator.sid;
  };

  app.post(
    ORDER_PATHS.adminConfirmTransfer,
    {
      preHandler: app.requireOperator,
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
      preHandler: app.requireOperator,
      schema: { params: ZOrderParams, body: ZTransferDecisionRequest, response: { 200: zEnvelope(ZOrderResponse) } },
    },
    async (request) => ok(await payments.rejectTransfer(operatorSid(request), request.params.id, request.body.note)),
  );
}
