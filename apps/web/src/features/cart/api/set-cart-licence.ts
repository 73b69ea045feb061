import { type TCartAddRequest, type TCartCountResponse, CART_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { patchCachedCart, restoreCachedCart, settleCart } from './update-cart-cache';

/**
 * Changes a line's licence type: POST /api/cart/add {material, spec} replaces the type of a
 * material already in the cart. The reload brings the server's unit price for the new type.
 */
export function setCartLicence(body: TCartAddRequest): Promise<TCartCountResponse> {
  return callApi(CART_ROUTES.add, { body });
}

export function useSetCartLicence() {
  return useMutation({
    mutationFn: setCartLicence,
    onMutate: ({ material, spec }) =>
      patchCachedCart((items) => items.map((i) => (i.sid === material ? { ...i, spec: spec as typeof i.spec } : i))),
    onError: (_error, _body, previous) => restoreCachedCart(previous),
    onSettled: (data) => settleCart(data?.count),
  });
}
