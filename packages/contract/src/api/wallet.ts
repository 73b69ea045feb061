import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { ZWalletOrder } from '../entities.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { ZPageQuery } from './material.js';

/** A page of the recharges; without a query, the newest page. `cursor` goes on after a page. */
export const ZWalletQuery = ZPageQuery.extend({ cursor: zListCursor });
export type TWalletQuery = z.input<typeof ZWalletQuery>;

/**
 * `orders`: a page of the paid recharges, newest first — total, what is left, valid before
 * (exclusive, see vip-period.ts) and whether it is still valid; `total` counts them up to
 * LIST_COUNT_CAP. The summary fields repeat what GET /api/user says so the wallet page needs one
 * call.
 */
export const ZWalletResponse = ZListPageInfo.extend({
  total: z.number().int(),
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
    query: ZWalletQuery,
    response: ZWalletResponse,
    summary:
      "The account's VIP recharges (for a sub-account: its main account's), newest first, a page at a time; `cursor` (a page's `nextCursor`) goes on after that page.",
  }),
} as const;
