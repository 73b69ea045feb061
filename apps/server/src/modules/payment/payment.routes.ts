import {
  ErrorCode,
  PAYMENT_PATHS,
  ZOnlinePayRequest,
  ZOnlinePayResponse,
  ZOrderParams,
  ZPaymentEventsResponse,
  ZPaymentExceptionsQuery,
  ZPaymentExceptionsResponse,
  ZPayStatusResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { GatewayName, GatewayReply } from '../../payments/payment-gateway.js';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import { listExceptionsForOperators, listOrderPaymentEvents } from './payment-admin.service.js';
import { getPayStatus, handleGatewayNotification, startOnlinePayment } from './payment.service.js';
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

/** Online payment calls of the pay drawer, the notification endpoints and the operators' views. */
export async function paymentRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  for (const [path, payWay] of [
    [PAYMENT_PATHS.wechat, 'WECHAT'],
    [PAYMENT_PATHS.alipay, 'ALIPAY'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        schema: { params: ZOrderParams, body: ZOnlinePayRequest, response: { 200: zEnvelope(ZOnlinePayResponse) } },
      },
      async (request) =>
        ok(await startOnlinePayment(deps, signedInUser(request), request.params.id, payWay, request.body, request.log)),
    );
  }

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
