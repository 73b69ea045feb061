import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZMaterial, zLicenceType } from '../entities.js';
import { LICENCE_TYPES } from '../enums.js';
import { zSid } from '../validation.js';

export const CART_MAX_ITEMS = 100;

export const CART_MESSAGES = {
  spec: '请选择授权类型',
  materials: '请选择素材',
  chosen: '请选择是否选中',
} as const;

/** Licence types arrive as numbers; a form may send "2", which is read as 2. */
export const zSpec = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
  z.literal(LICENCE_TYPES, { error: CART_MESSAGES.spec }),
);

export const ZCartAddRequest = z.object({ material: zSid, spec: zSpec });
export type TCartAddRequest = z.input<typeof ZCartAddRequest>;

const zSidList = z
  .array(zSid, { error: CART_MESSAGES.materials })
  .min(1, { error: CART_MESSAGES.materials })
  .max(CART_MAX_ITEMS, { error: CART_MESSAGES.materials });

export const ZCartRemoveRequest = z.object({ materials: zSidList });
export type TCartRemoveRequest = z.input<typeof ZCartRemoveRequest>;

export const ZCartChooseRequest = z.object({
  materials: zSidList,
  chosen: z.boolean({ error: CART_MESSAGES.chosen }),
});
export type TCartChooseRequest = z.input<typeof ZCartChooseRequest>;

/** A cart line: the material as the catalogue shows it, plus the licence type chosen for it. */
export const ZCartItem = ZMaterial.extend({
  spec: zLicenceType,
  chosen: z.boolean(),
  /** Unit price for `spec`, in cents (pricing.unitPriceCents). */
  unitPrice: z.number().int(),
  addedAt: z.string(),
});
export type TCartItem = z.infer<typeof ZCartItem>;

/** Newest first. Disabled materials stay listed (marked `disabled`) but are never chosen. */
export const ZCartResponse = z.object({ materials: z.array(ZCartItem) });
export type TCartResponse = z.infer<typeof ZCartResponse>;

/** Answer of add / remove / choose: the new item count for the header badge. */
export const ZCartCountResponse = z.object({ count: z.number().int() });
export type TCartCountResponse = z.infer<typeof ZCartCountResponse>;

/** Cart calls of spec §7 (`/api/cart*`). The cart belongs to the signed-in account. */
export const CART_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'user',
    response: ZCartResponse,
    summary: "The account's cart, newest first.",
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/cart/add',
    access: 'user',
    body: ZCartAddRequest,
    response: ZCartCountResponse,
    summary: 'Adds a material with a licence type, or changes the licence type of one already in the cart.',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api/cart/remove',
    access: 'user',
    body: ZCartRemoveRequest,
    response: ZCartCountResponse,
    summary: 'Removes materials from the cart.',
  }),
  choose: defineEndpoint({
    method: 'POST',
    path: '/api/cart/choose',
    access: 'user',
    body: ZCartChooseRequest,
    response: ZCartCountResponse,
    summary: 'Sets the chosen flag of some items (select one, select all non-disabled, clear).',
  }),
} as const;
