import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZWalletOrder } from '../entities.js';

/**
 * `orders`: every paid recharge, newest first — total, what is left, valid before (exclusive,
 * see vip-period.ts) and whether it is still valid. The summary fields repeat what GET /api/user
 * says so the wallet page needs one call.
 */
export const ZWalletResponse = z.object({
  orders: z.array(ZWalletOrder),
  balance: z.number().int(),
  isVip: z.boolean(),
  vipValidBefore: z.string().nullable(),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

export const WALLET_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/user/wallet',
    access: 'user',
    response: ZWalletResponse,
    summary: "The account's VIP recharges (for a sub-account: its main account's).",
  }),
} as const;
