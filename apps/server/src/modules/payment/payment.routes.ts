import {
  ErrorCode,
  ORDER_PATHS,
  PAYMENT_PATHS,
  PayWay,
  ZOnlinePayRequest,
  ZOnlinePayResponse,
  ZOrderParams,
  ZOrderResponse,
  ZPayRequest,
  ZTransferDecisionRequest,
  ZTransferResponse,
  ZWalletPayResponse,
  ZPaymentEventsResponse,
  ZPaymentExceptionsQuery,
  ZPaymentExceptionsResponse,
  ZPayStatusResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { GatewayName, GatewayReply } from './gateways/payment-gateway.js';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import { listExceptionsForOperators, listOrderPaymentEvents } from './payment-admin.service.js';
import { getPayStatus, handleGatewayNotification } from './gateway-settlement.js';
import { OnlinePaymentMethod } from './online-method.js';
import { TransferPaymentMethod } from './transfer-method.js';
import { WalletPaymentMethod } from './wallet-method.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { OrderService } from '../order/order.service.js';
import { sandboxPayRoutes } from './sandbox-pay.routes.js';

/** Gateways post small documents; anything bigger is not a notification. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export function sendGatewayReply(reply: FastifyReply, answer: GatewayReply) {
  reply.code(answer.status);
  if (answer.body === undefined) return reply.send();
  return reply.type(answer.contentType ?? 'text/plain; charset=utf-8').send(answer.body);
}

/**
 * Gateway notifications. The signature covers the exact bytes received, so this context
 * replaces every body parser with one that keeps the raw buffer, whatever the content type
 * (WeChat posts JSON, Alipay posts application/x-www-form-urlencoded).
 */
async function notifyRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  const routes: [string, GatewayName][] = [
    [PAYMENT_PATHS.notifyWechat, 'wechat'],
    [PAYMENT_PATHS.notifyAlipay, 'alipay'],
    [PAYMENT_PATHS.notifySandbox, 'sandbox'],
  ];
  for (const [path, name] of routes) {
    app.post(path, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
      const gateway = deps.payments.byName(name);
      if (!gateway) throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const result = await handleGatewayNotification(deps, gateway, request.headers, rawBody, request.log);
        return sendGatewayReply(reply, result.reply);
      } catch (error) {
        // Our side failed (database down, say): tell the gateway to deliver again later.
        request.log.error({ err: error, gateway: name }, 'payment notification could not be processed');
        return sendGatewayReply(reply, gateway.ackFailure('internal error'));
      }
    });
  }
}

/** Paying an order by every method (wallet, transfer, online), gateway notifications, and the operators' payment actions and views. */
export async function paymentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const orders = new OrderService({
    db: deps.db,
    money: deps.config.money,
    publicUrlOf: publicUrlOfStorage(deps.storage),
    deadlines: deps.config.payments,
    metrics: deps.metrics,
  });
  const wallet = new WalletPaymentMethod(orders);
  const transfer = new TransferPaymentMethod(orders);
  const buyer = { onRequest: app.requireUser };
  const operatorSid = (request: { operator: { sid: string } | null }) => {
    if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
    return request.operator.sid;
  };

  for (const [path, payWay] of [
    [PAYMENT_PATHS.wechat, PayWay.WECHAT],
    [PAYMENT_PATHS.alipay, PayWay.ALIPAY],
  ] as const) {
    const online = new OnlinePaymentMethod(deps, payWay);
    app.post(
      path,
      {
        ...buyer,
        schema: { params: ZOrderParams, body: ZOnlinePayRequest, response: { 200: zEnvelope(ZOnlinePayResponse) } },
      },
      async (request) => ok(await online.pay(signedInUser(request), request.params.id, request.body, request.log)),
    );
  }

  app.post(
    ORDER_PATHS.wallet,
    { ...buyer, schema: { params: ZOrderParams, body: ZPayRequest, response: { 200: zEnvelope(ZWalletPayResponse) } } },
    async (request) => ok(await wallet.pay(signedInUser(request), request.params.id, request.body)),
  );
  app.post(
    ORDER_PATHS.transfer,
    { ...buyer, schema: { params: ZOrderParams, body: ZPayRequest, response: { 200: zEnvelope(ZTransferResponse) } } },
    async (request) => ok(await transfer.pay(signedInUser(request), request.params.id, request.body)),
  );
  app.get(
    ORDER_PATHS.transfer,
    { ...buyer, schema: { params: ZOrderParams, response: { 200: zEnvelope(ZTransferResponse) } } },
    async (request) => ok(await transfer.getTransferInfo(signedInUser(request), request.params.id)),
  );

  // Operator: the funds of a bank transfer arrived (settles the order) or cannot be matched; audit-logged.
  app.post(
    ORDER_PATHS.adminConfirmTransfer,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, body: ZTransferDecisionRequest, response: { 200: zEnvelope(ZOrderResponse) } },
    },
    async (request) => {
      const { order } = await transfer.confirmTransfer(operatorSid(request), request.params.id, request.body.note);
      return ok({ order });
    },
  );
  app.post(
    ORDER_PATHS.adminRejectTransfer,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, body: ZTransferDecisionRequest, response: { 200: zEnvelope(ZOrderResponse) } },
    },
    async (request) => ok(await transfer.rejectTransfer(operatorSid(request), request.params.id, request.body.note)),
  );

  app.get(
    PAYMENT_PATHS.status,
    { onRequest: app.requireUser, schema: { params: ZOrderParams, response: { 200: zEnvelope(ZPayStatusResponse) } } },
    async (request) => ok(await getPayStatus(deps, signedInUser(request), request.params.id, request.log)),
  );

  app.get(
    PAYMENT_PATHS.adminExceptions,
    {
      onRequest: app.requireOperator,
      schema: { querystring: ZPaymentExceptionsQuery, response: { 200: zEnvelope(ZPaymentExceptionsResponse) } },
    },
    async (request) => ok(await listExceptionsForOperators(deps, request.query)),
  );

  app.get(
    PAYMENT_PATHS.adminOrderEvents,
    {
      onRequest: app.requireOperator,
      schema: { params: ZOrderParams, response: { 200: zEnvelope(ZPaymentEventsResponse) } },
    },
    async (request) => ok(await listOrderPaymentEvents(deps, request.params.id)),
  );

  await app.register(notifyRoutes);
  if (deps.payments.sandbox) await app.register(sandboxPayRoutes);
}
