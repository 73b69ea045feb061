import { ADMIN_COUPON_API, ORDER_REWARD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import { createCoupons, getCoupon, grantCoupon, listCoupons, updateCoupon } from './admin-coupon.service.js';
import { orderRewardSetting, saveOrderRewardSetting } from './order-reward-setting.service.js';

/**
 * Operator coupon routes: list, create (one or a batch), detail with redemptions, rename or end
 * early. Every endpoint's access is `operator`: its guard runs before the body is even read, so an
 * anonymous caller learns nothing, not even what is valid input.
 */
export async function adminCouponRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, ADMIN_COUPON_API.list, async (request) => listCoupons(deps, request.query));

  route(app, ADMIN_COUPON_API.create, async (request) => ({
    coupons: await createCoupons(deps, request.operator, request.body),
  }));

  route(app, ADMIN_COUPON_API.detail, async (request) => getCoupon(deps, request.params.sid));

  route(app, ADMIN_COUPON_API.grant, async (request) =>
    grantCoupon(deps, request.operator, request.params.sid, request.body),
  );

  route(app, ADMIN_COUPON_API.update, async (request) => ({
    coupon: await updateCoupon(deps, request.operator, request.params.sid, request.body),
  }));

  route(app, ORDER_REWARD_API.setting, async () => orderRewardSetting(deps));

  route(app, ORDER_REWARD_API.save, async (request) =>
    saveOrderRewardSetting(deps, request.operator.sid, request.body),
  );
}
