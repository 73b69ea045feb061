import { CLIENT_ERROR, type TCartAddRequest } from '@gemstock/contract';
import { CART_ROUTES } from '@/api/routes';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** `count`: the cart's new item count for the header badge. */
export type AddToCartOutcome = { status: 'added'; count: number } | { status: 'unavailable' };

/**
 * POST /api/cart/add {material, spec} → {count} (spec §7). 'unavailable' while the server has
 * no cart yet (1005, route not found): the caller says so plainly instead of pretending it
 * worked. Other failures follow the error policy (login dialog, toast) and throw.
 */
export async function addToCart(body: TCartAddRequest): Promise<AddToCartOutcome> {
  try {
    const { count } = await callApi(CART_ROUTES.add, { body }, { quiet: true });
    return { status: 'added', count };
  } catch (error) {
    if (isApiError(error) && error.code === CLIENT_ERROR.ROUTE_NOT_FOUND) return { status: 'unavailable' };
    if (isApiError(error)) applyErrorPolicy(error);
    throw error;
  }
}

export function useAddToCart() {
  // the cart page shows the new line next time it is visited
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.cart }),
  });
}
