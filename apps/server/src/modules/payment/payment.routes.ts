import {
  ADMIN_ORDER_API,
  ADMIN_PAYMENT_API,
  ErrorCode,
  type GatewayName,
  ORDER_API,
  PAYMENT_API,
  PAYMENT_PATHS,
  PayWay,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { GatewayReply } from '../../payment-gateways/payment-gateway.js';
import { route } from '../../plugins/route.js';
import type { PaymentService } from './payment.module.js';
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
async function notifyRoutes(instance: FastifyInstance, { payment }: { payment: PaymentService }) {
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
        const result = await payment.handleGatewayNotification(gateway, request.headers, rawBody, request.log);
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
export async function paymentRoutes(app: FastifyInstance, { payment }: { payment: PaymentService }) {
  const { deps } = app;

  for (const [endpoint, payWay] of [
    [PAYMENT_API.wechat, PayWay.WECHAT],
    [PAYMENT_API.alipay, PayWay.ALIPAY],
  ] as const) {
    route(app, endpoint, async (request) =>
      payment.startOnlinePayment(
        request.user,
        request.params.id,
        payWay,
        { ...request.body, clientIp: request.ip },
        request.log,
      ),
    );
  }

  route(app, ORDER_API.payByWallet, async (request) =>
    payment.payByWallet(request.user, request.params.id, request.body),
  );
  route(app, ORDER_API.startTransfer, async (request) =>
    payment.startTransfer(request.user, request.params.id, request.body),
  );
  route(app, ORDER_API.transferInfo, async (request) => payment.getTransferInfo(request.user, request.params.id));

  // Operator: the funds of a bank transfer arrived (settles the order) or cannot be matched; audit-logged.
  route(app, ADMIN_ORDER_API.confirmTransfer, async (request) =>
    payment.confirmTransfer(request.operator.sid, request.params.id, request.body),
  );
  route(app, ADMIN_ORDER_API.rejectTransfer, async (request) =>
    payment.rejectTransfer(request.operator.sid, request.params.id, request.body.note),
  );

  route(app, PAYMENT_API.status, async (request) => payment.getPayStatus(request.user, request.params.id, request.log));

  route(app, ADMIN_PAYMENT_API.exceptions, async (request) => payment.listExceptionsForOperators(request.query));
  route(app, ADMIN_PAYMENT_API.orderEvents, async (request) => payment.listOrderPaymentEvents(request.params.id));

  await app.register(notifyRoutes, { payment });
  if (deps.payments.sandbox) await app.register(sandboxPayRoutes, { payment });
}
