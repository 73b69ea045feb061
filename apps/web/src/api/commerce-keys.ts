import { USER_SCOPE, queryClient } from '@/lib/query-client';

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
} as const;

/**
 * After an order changed (paid, cancelled, approved): the pages showing orders, purchases, the
 * cart (paid items leave it) and the wallet reload — the spec's "pay-finished event".
 */
export function invalidateCommerce(): Promise<void> {
  return Promise.all(Object.values(COMMERCE_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
