import {
  ORDER_PATHS,
  ZAuditRequest,
  ZCustomPreviewRequest,
  ZMaterialPreviewRequest,
  ZOrderListQuery,
  ZOrderListResponse,
  ZOrderParams,
  ZOrderResponse,
  ZPayPreviewRequest,
  ZPayRequest,
  ZPlaceCustomRequest,
  ZPlaceMaterialRequest,
  ZPlaceWalletRequest,
  ZPricePreview,
  ZTransferResponse,
  ZWalletPayResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { publicUrlOfStorage } from '../catalog/catalog.service.js';
import { signedInUser } from '../user/request-user.js';
import { cancelOrder, type TradeCloser } from './order-cancel.js';
import { OrderPaymentService } from './order-payment.service.js';
import { OrderService } from './order.service.js';

/** An open order is handed out again until 5 minutes before the unpaid-order sweep may cancel it. */
const REUSE_MARGIN_MINUTES = 5;

export function reuseWindowOf(unpaidTtlMinutes: number): number {
  return Math.max(0, unpaidTtlMinutes - REUSE_MARGIN_MINUTES) * 60_000;
}

/** Orders of spec §7: placing, previews, records, cancel, wallet and transfer payment, approval. */
export interface OrderRoutesOptions {
  /** Closes an order's gateway trades before a cancel (the payment module's, wired in app.ts). */
  closeTrades: TradeCloser;
}

export async function orderRoutes(instance: FastifyInstance, options: OrderRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, config, storage, events } = app.deps;
  const orders = new OrderService({
    db,
    money: config.money,
    reuseWindowMs: reuseWindowOf(config.payments.unpaidTtlMinutes),
    publicUrlOf: publicUrlOfStorage(storage),
    deadlines: config.payments,
  });
  const payments = new OrderPaymentService(orders);
  const cancel = { orders, closeTrades: options.closeTrades, events };
  const buyer = { onRequest: app.requireUser };
  const orderEnvelope = { 200: zEnvelope(ZOrderResponse) };
  const previewEnvelope = { 200: zEnvelope(ZPricePreview) };

  app.post(
    ORDER_PATHS.placeMaterial,
    { ...buyer, schema: { body: ZPlaceMaterialRequest, response: orderEnvelope } },
    async (request) => ok(await orders.placeMaterialOrder(signedInUser(request), request.body)),
  );
  app.post(
    ORDER_PATHS.placeMaterialPreview,
    { ...buyer, schema: { body: ZMaterialPreviewRequest, response: previewEnvelope } },
    async (request) => ok(await orders.previewMaterialOrder(signedInUser(request), request.body)),
  );
  app.post(
    ORDER_PATHS.placeWallet,
    { onRequest: app.requireMainAccount, schema: { body: ZPlaceWalletRequest, response: orderEnvelope } },
    async (request) => ok(await orders.placeWalletOrder(signedInUser(request), request.body)),
  );
  app.post(
    ORDER_PATHS.placeCustom,
    { ...buyer, schema: { body: ZPlaceCustomRequest, response: orderEnvelope } },
    async (request) => ok(await orders.placeCustomOrder(signedInUser(request), request.body)),
  );
  app.post(
    ORDER_PATHS.placeCustomPreview,
    { ...buyer, schema: { body: ZCustomPreviewRequest, response: previewEnvelope } },
    async (request) => ok(await orders.previewCustomOrder(signedInUser(request), request.body)),
  );
  app.get(
    ORDER_PATHS.list,
    { ...buyer, schema: { querystring: ZOrderListQuery, response: { 200: zEnvelope(ZOrderListResponse) } } },
    async (request) => ok(await orders.listOrders(signedInUser(request), request.query)),
  );
  app.get(
    ORDER_PATHS.detail,
    { ...buyer, schema: { params: ZOrderParams, response: orderEnvelope } },
    async (request) => ok(await orders.getOrder(signedInUser(request), request.params.id)),
  );
  app.post(
    ORDER_PATHS.payPreview,
    { ...buyer, schema: { params: ZOrderParams, body: ZPayPreviewRequest, response: previewEnvelope } },
    async (request) => ok(await payments.previewPayment(signedInUser(request), request.params.id, request.body)),
  );
  app.post(
    ORDER_PATHS.cancel,
    { ...buyer, schema: { params: ZOrderParams, response: orderEnvelope } },
    async (request) => ok(await cancelOrder(cancel, signedInUser(request), request.params.id)),
  );
  app.post(
    ORDER_PATHS.wallet,
    { ...buyer, schema: { params: ZOrderParams, body: ZPayRequest, response: { 200: zEnvelope(ZWalletPayResponse) } } },
    async (request) => ok(await payments.payByWallet(signedInUser(request), request.params.id, request.body)),
  );
  app.post(
    ORDER_PATHS.transfer,
    { ...buyer, schema: { params: ZOrderParams, body: ZPayRequest, response: { 200: zEnvelope(ZTransferResponse) } } },
    async (request) => ok(await payments.requestTransfer(signedInUser(request), request.params.id, request.body)),
  );
  app.get(
    ORDER_PATHS.transfer,
    { ...buyer, schema: { params: ZOrderParams, response: { 200: zEnvelope(ZTransferResponse) } } },
    async (request) => ok(await payments.getTransferInfo(signedInUser(request), request.params.id)),
  );
  app.post(
    ORDER_PATHS.audit,
    {
      onRequest: app.requireMainAccount,
      schema: { params: ZOrderParams, body: ZAuditRequest, response: orderEnvelope },
    },
    async (request) => ok(await payments.auditOrder(signedInUser(request), request.params.id, request.body)),
  );
}
