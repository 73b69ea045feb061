import { type TCartCountResponse, type TCartRemoveRequest, CART_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchCachedCart, restoreCachedCart, settleCart } from './update-cart-cache';

/** POST /api/cart/remove {materials: [sid]} → {count} (spec §4: removal is by sid). */
export function removeFromCart(body: TCartRemoveRequest): Promise<TCartCountResponse> {
  return callApi(CART_ROUTES.remove, { body });
}

export function useRemoveFromCart() {
  return useMutation({
    mutationFn: removeFromCart,
    onMutate: ({ materials }) => {
      const sids = new Set(materials);
      return patchCachedCart((items) => items.filter((i) => !sids.has(i.sid)));
    },
    onError: (_error, _body, previous) => restoreCachedCart(previous),
    onSettled: (data) => settleCart(data?.count),
  });
}
