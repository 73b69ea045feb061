import { ADMIN_COUPON_API, ORDER_REWARD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { AdminCouponService } from './coupon.module.js';

/**
 * Operator coupon routes: list, create (one or a batch), detail with redemptions, rename or end
 * early. Every endpoint's access is `operator`: its guard runs before the body is even read, so an
 * anonymous caller learns nothing, not even what is valid input.
 */
export async function adminCouponRoutes(
  app: FastifyInstance,
  { adminCoupons: coupons }: { adminCoupons: AdminCouponService },
) {
  route(app, ADMIN_COUPON_API.list, async (request) => coupons.listCoupons(request.query));

  route(app, ADMIN_COUPON_API.create, async (request) => ({
    coupons: await coupons.createCoupons(request.operator, request.body),
  }));

  route(app, ADMIN_COUPON_API.detail, async (request) => coupons.getCoupon(request.params.sid));

  route(app, ADMIN_COUPON_API.grant, async (request) =>
    coupons.grantCoupon(request.operator, request.params.sid, request.body),
  );

  route(app, ADMIN_COUPON_API.update, async (request) => ({
    coupon: await coupons.updateCoupon(request.operator, request.params.sid, request.body),
  }));

  route(app, ORDER_REWARD_API.setting, async () => coupons.orderRewardSetting());

  route(app, ORDER_REWARD_API.save, async (request) =>
    coupons.saveOrderRewardSetting(request.operator.sid, request.body),
  );
}
