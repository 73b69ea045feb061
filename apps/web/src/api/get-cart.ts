import { type TCartResponse, CART_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { type RequestOptions, callApi } from '@/lib/api-client';
import { logError } from '@/lib/logger';
import { queryClient } from '@/lib/query-client';
import { isLoggedInUser, useSession } from '@/stores/session';
import { COMMERCE_KEYS } from './commerce-keys';

/** GET /api/cart → {materials}: the signed-in account's cart, newest first. */
export function getCart(options?: Pick<RequestOptions, 'quiet' | 'signal'>): Promise<TCartResponse> {
  return callApi(CART_ROUTES.list, {}, options);
}

/** The cart; every load also updates the header's count badge. */
export function useCart() {
  return useQuery({
    queryKey: COMMERCE_KEYS.cart,
    queryFn: async ({ signal }) => {
      const cart = await getCart({ signal });
      useSession.getState().setCartCount(cart.materials.length);
      return cart;
    },
  });
}

/**
 * Reloads the cart for the header badge (spec §4: the cart is loaded on first init; paid items
 * leave it). Quiet: a failure here is logged, never toasted.
 */
export async function refreshCartCount(): Promise<void> {
  if (!isLoggedInUser(useSession.getState().user)) return;
  try {
    const cart = await getCart({ quiet: true });
    queryClient.setQueryData(COMMERCE_KEYS.cart, cart);
    useSession.getState().setCartCount(cart.materials.length);
  } catch (error) {
    logError('加载购物车失败', error);
  }
}
