import { ADMIN_REFUND_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { RefundService } from './refund.module.js';
import { refundNotifyRoutes } from './refund-notify.routes.js';

/** Operator: refunds of orders and payment exceptions, their follow-up, and an order's money record. */
export async function adminRefundRoutes(app: FastifyInstance, { refunds }: { refunds: RefundService }) {
  route(app, ADMIN_REFUND_API.orderPreview, async (request) => refunds.previewOrderRefund(request.params.id));
  route(app, ADMIN_REFUND_API.refundOrder, async (request) =>
    refunds.refundOrder(request.operator.sid, request.params.id, request.body, request.log),
  );
  route(app, ADMIN_REFUND_API.orderMoney, async (request) => refunds.describeOrderMoney(request.params.id));
  route(app, ADMIN_REFUND_API.sync, async (request) => refunds.syncRefund(request.params.id, request.log));
  route(app, ADMIN_REFUND_API.retry, async (request) =>
    refunds.retryRefund(request.operator.sid, request.params.id, request.body.note, request.log),
  );
  route(app, ADMIN_REFUND_API.paidOut, async (request) =>
    refunds.payOutRefund(request.operator.sid, request.params.id, request.body),
  );
  route(app, ADMIN_REFUND_API.handleException, async (request) =>
    refunds.handlePaymentException(request.operator.sid, request.params.id, request.body.note),
  );
  route(app, ADMIN_REFUND_API.refundException, async (request) =>
    refunds.refundPaymentException(request.operator.sid, request.params.id, request.body, request.log),
  );

  // The sandbox's refunds settle on timers; none may fire into a closed database.
  app.addHook('onClose', async () => refunds.stopSandboxRefunds());
  await app.register(refundNotifyRoutes, { refunds });
}
