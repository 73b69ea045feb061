import { CLIENT_ERROR, type TCartAddRequest, CART_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';

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

export const CART_COMING_SOON = '购物车功能即将上线，敬请期待';

/** What the buyer is told once the line is in: the header badge's new count and a toast. */
export function reportAddToCart(outcome: AddToCartOutcome): void {
  if (outcome.status === 'unavailable') {
    notify.info(CART_COMING_SOON);
    return;
  }
  useSession.getState().setCartCount(outcome.count);
  notify.success('已添加至购物车');
}

// the cart page shows the new line next time it is visited
const refreshCart = () => queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.cart });

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart, onSuccess: refreshCart });
}

/**
 * 加入购物车 asked for the login: once signed in, the line is added as the click would have,
 * without a button to show the wait. A failure was already told by the error policy.
 */
export async function addToCartAndReport(body: TCartAddRequest): Promise<void> {
  try {
    reportAddToCart(await addToCart(body));
    await refreshCart();
  } catch {
    /* told by the error policy */
  }
}
