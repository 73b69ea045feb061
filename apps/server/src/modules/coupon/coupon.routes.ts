import { COUPON_PATHS, ZUserCouponsResponse, zEnvelope } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.js';
import { signedInUser } from '../user/request-user.js';
import { listUsableCoupons } from './coupon.service.js';

/** The buyer's side of coupons: what the signed-in account can use now (the order drawer's picker). */
export async function couponRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    COUPON_PATHS.usable,
    { onRequest: app.requireUser, schema: { response: { 200: zEnvelope(ZUserCouponsResponse) } } },
    async (request) => ok(await listUsableCoupons(deps, signedInUser(request))),
  );
}
