import {
  ADMIN_ORDER_API,
  ADMIN_PAYMENT_API,
  ErrorCode,
  ORDER_API,
  PAYMENT_API,
  PAYMENT_PATHS,
  PayWay,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { GatewayName, GatewayReply } from './gateways/payment-gateway.js';
import { route } from '../../plugins/route.js';
import { listExceptionsForOperators, listOrderPaymentEvents } from './payment-admin.service.js';
import { getPayStatus, handleGatewayNotification } from './gateway-settlement.js';
import { OnlinePaymentMethod } from './online-method.js';
import { TransferPaymentMethod } from './transfer-method.js';
import { WalletPaymentMethod } from './wallet-method.js';
import type { OrderService } from '../order/order.service.js';
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
export async function paymentRoutes(app: FastifyInstance, { orders }: { orders: OrderService }) {
  const { deps } = app;
  const wallet = new WalletPaymentMethod(orders);
  const transfer = new TransferPaymentMethod(orders);

  for (const [endpoint, payWay] of [
    [PAYMENT_API.wechat, PayWay.WECHAT],
    [PAYMENT_API.alipay, PayWay.ALIPAY],
  ] as const) {
    const online = new OnlinePaymentMethod(deps, payWay);
    route(app, endpoint, async (request) =>
      online.pay(request.user, request.params.id, { ...request.body, clientIp: request.ip }, request.log),
    );
  }

  route(app, ORDER_API.payByWallet, async (request) => wallet.pay(request.user, request.params.id, request.body));
  route(app, ORDER_API.startTransfer, async (request) => transfer.pay(request.user, request.params.id, request.body));
  route(app, ORDER_API.transferInfo, async (request) => transfer.getTransferInfo(request.user, request.params.id));

  // Operator: the funds of a bank transfer arrived (settles the order) or cannot be matched; audit-logged.
  route(app, ADMIN_ORDER_API.confirmTransfer, async (request) => {
    const { order } = await transfer.confirmTransfer(request.operator.sid, request.params.id, request.body.note);
    return { order };
  });
  route(app, ADMIN_ORDER_API.rejectTransfer, async (request) =>
    transfer.rejectTransfer(request.operator.sid, request.params.id, request.body.note),
  );

  route(app, PAYMENT_API.status, async (request) => getPayStatus(deps, request.user, request.params.id, request.log));

  route(app, ADMIN_PAYMENT_API.exceptions, async (request) => listExceptionsForOperators(deps, request.query));
  route(app, ADMIN_PAYMENT_API.orderEvents, async (request) => listOrderPaymentEvents(deps, request.params.id));

  await app.register(notifyRoutes);
  if (deps.payments.sandbox) await app.register(sandboxPayRoutes);
}
