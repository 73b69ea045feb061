import type { TCartItem, TCartResponse } from '@gemstock/contract';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';

/** Writes a change into the cached cart at once (optimistic); returns the previous cart to roll back to. */
export function patchCachedCart(change: (items: TCartItem[]) => TCartItem[]): TCartResponse | undefined {
  const previous = queryClient.getQueryData<TCartResponse>(COMMERCE_KEYS.cart);
  if (previous) queryClient.setQueryData<TCartResponse>(COMMERCE_KEYS.cart, { materials: change(previous.materials) });
  return previous;
}

export function restoreCachedCart(previous: TCartResponse | undefined): void {
  if (previous) queryClient.setQueryData(COMMERCE_KEYS.cart, previous);
}

/** The server's count after a change, for the header badge; the cart itself is reloaded. */
export function settleCart(count: number | undefined): Promise<void> {
  if (count !== undefined) useSession.getState().setCartCount(count);
  return queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.cart });
}
