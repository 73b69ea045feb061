import { ErrorCode, type GatewayName, PAYMENT_PATHS } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { sendGatewayReply } from './payment.routes.js';
import type { RefundService } from './refund.module.js';

/** Gateways post small documents; anything bigger is not a notification. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/**
 * Refund results the gateways post (WeChat Pay's REFUND.* to the refund's notify_url, and the
 * sandbox's). As for payments, the signature covers the exact bytes, so the body is kept raw
 * and the answer is what each gateway expects. Alipay answers refunds in the call itself.
 */
export async function refundNotifyRoutes(app: FastifyInstance, { refunds }: { refunds: RefundService }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });
  const routes: [string, GatewayName][] = [
    [PAYMENT_PATHS.refundNotifyWechat, 'wechat'],
    [PAYMENT_PATHS.refundNotifySandbox, 'sandbox'],
  ];
  for (const [path, name] of routes) {
    app.post(path, { bodyLimit: NOTIFY_BODY_LIMIT }, async (request, reply) => {
      const gateway = app.deps.payments.byName(name);
      if (!gateway) throw new AppError(ErrorCode.ROUTE_NOT_FOUND);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const result = await refunds.handleRefundNotification(gateway, request.headers, rawBody, request.log);
        return sendGatewayReply(reply, result.reply);
      } catch (error) {
        // Our side failed: the gateway delivers again later.
        request.log.error({ err: error, gateway: name }, 'refund notification could not be processed');
        return sendGatewayReply(reply, gateway.ackFailure('internal error'));
      }
    });
  }
}
