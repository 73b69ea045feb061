import { USER_SCOPE, queryClient } from '@/lib/query-client';
import { MATERIALS_SCOPE } from './material-cache';

/**
 * Query keys of the signed-in buyer's commerce data. Several features read or change the same
 * data (the cart from the detail page and the cart page, orders from checkout and records), so
 * the keys live here rather than inside one feature. All start with USER_SCOPE: logout drops them.
 */
export const COMMERCE_KEYS = {
  cart: [USER_SCOPE, 'cart'] as const,
  orders: [USER_SCOPE, 'orders'] as const,
  purchased: [USER_SCOPE, 'purchased-materials'] as const,
  wallet: [USER_SCOPE, 'wallet'] as const,
  /** The main account's sub-accounts: orders waiting and the month's approved spending change with orders. */
  subUsers: [USER_SCOPE, 'sub-users'] as const,
  /** Custom design requests: a payment starts one, so they reload with the orders. */
  demands: [USER_SCOPE, 'demands'] as const,
} as const;

/**
 * After an order changed (paid, cancelled, approved): the pages showing orders, purchases, the
 * cart (paid items leave it), the wallet and the materials' 已购 marks reload — the spec's
 * "pay-finished event".
 */
export function invalidateCommerce(): Promise<void> {
  // Materials carry the company's 已购 marks (buyTime, ownedSpecs): a payment changes them.
  const keys = [...Object.values(COMMERCE_KEYS), [MATERIALS_SCOPE]];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
