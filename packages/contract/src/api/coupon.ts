import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZCoupon } from '../entities.js';

/** A coupon as its owner sees it: the entity plus the name the operator gave it, if any. */
export const ZUserCoupon = ZCoupon.extend({ name: z.string().nullable() });
export type TUserCoupon = z.infer<typeof ZUserCoupon>;

/**
 * Coupons issued to the signed-in account that it can use now: inside their validity, not used
 * up, not yet used by it. Those ending soonest come first. The picker still checks `scope`
 * against the order (a coupon may cover only some order types).
 */
export const ZUserCouponsResponse = z.object({ coupons: z.array(ZUserCoupon) });
export type TUserCouponsResponse = z.infer<typeof ZUserCouponsResponse>;

export const COUPON_API = {
  usable: defineEndpoint({
    method: 'GET',
    path: '/api/user/code',
    access: 'user',
    response: ZUserCouponsResponse,
    summary: "The buyer's own coupons usable now (spec §7), for the order drawer's coupon picker.",
  }),
} as const;
