import {
  ADMIN_COUPON_PATHS,
  ErrorCode,
  ZAdminCouponCreateRequest,
  ZAdminCouponCreateResponse,
  ZAdminCouponDetailResponse,
  ZAdminCouponListQuery,
  ZAdminCouponListResponse,
  ZAdminCouponParams,
  ZAdminCouponPatch,
  ZAdminCouponResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import { createCoupons, getCoupon, listCoupons, updateCoupon } from './admin-coupon.service.js';

function signedInOperator(request: FastifyRequest) {
  if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
  return request.operator;
}

/** Operator coupon routes: list, create (one or a batch), detail with redemptions, rename or end early. */
export async function adminCouponRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Before the body is even read: an anonymous caller learns nothing, not even what is valid input.
  app.addHook('onRequest', app.requireOperator);

  app.get(
    ADMIN_COUPON_PATHS.list,
    { schema: { querystring: ZAdminCouponListQuery, response: { 200: zEnvelope(ZAdminCouponListResponse) } } },
    async (request) => ok(await listCoupons(deps, request.query)),
  );

  app.post(
    ADMIN_COUPON_PATHS.create,
    { schema: { body: ZAdminCouponCreateRequest, response: { 200: zEnvelope(ZAdminCouponCreateResponse) } } },
    async (request) => ok({ coupons: await createCoupons(deps, signedInOperator(request), request.body) }),
  );

  app.get(
    ADMIN_COUPON_PATHS.detail,
    { schema: { params: ZAdminCouponParams, response: { 200: zEnvelope(ZAdminCouponDetailResponse) } } },
    async (request) => ok(await getCoupon(deps, request.params.sid)),
  );

  app.patch(
    ADMIN_COUPON_PATHS.detail,
    {
      schema: {
        params: ZAdminCouponParams,
        body: ZAdminCouponPatch,
        response: { 200: zEnvelope(ZAdminCouponResponse) },
      },
    },
    async (request) =>
      ok({ coupon: await updateCoupon(deps, signedInOperator(request), request.params.sid, request.body) }),
  );
}
