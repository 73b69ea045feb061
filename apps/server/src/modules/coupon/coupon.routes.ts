import { COUPON_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { CouponService } from './coupon.module.js';

/** The buyer's side of coupons: what the signed-in account can use now (the order drawer's picker). */
export async function couponRoutes(app: FastifyInstance, { coupons }: { coupons: CouponService }) {
  route(app, COUPON_API.usable, async (request) => coupons.listUsableCoupons(request.user));
}
