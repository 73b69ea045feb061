import { type TCartChooseRequest, type TCartCountResponse, CART_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchCachedCart, restoreCachedCart, settleCart } from './update-cart-cache';

/** POST /api/cart/choose {materials, chosen} → {count}: ticks or unticks cart lines. */
export function setCartChosen(body: TCartChooseRequest): Promise<TCartCountResponse> {
  return callApi(CART_ROUTES.choose, { body });
}

export function useSetCartChosen() {
  return useMutation({
    mutationFn: setCartChosen,
    onMutate: ({ materials, chosen }) => {
      const sids = new Set(materials);
      return patchCachedCart((items) => items.map((i) => (sids.has(i.sid) ? { ...i, chosen } : i)));
    },
    onError: (_error, _body, previous) => restoreCachedCart(previous),
    onSettled: (data) => settleCart(data?.count),
  });
}
