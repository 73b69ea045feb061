import { ErrorCode, type LicenceType } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient, applyErrorPolicy, isApiError } from '@/lib/api-client';

/**
 * POST /api/cart/add {material, spec} → {count} (spec §7). The path and shapes are not in the
 * committed contract yet: the cart module arrives with the commerce issue.
 */
export const CART_ADD_PATH = '/api/cart/add';

export interface AddToCartRequest {
  material: string;
  spec: LicenceType;
}

/** `count`: the cart's new item count for the header badge, when the server sends it. */
export type AddToCartOutcome = { status: 'added'; count: number | null } | { status: 'unavailable' };

/**
 * 'unavailable' while the server has no cart yet (1005, route not found): the caller says so
 * plainly instead of pretending it worked. Other failures follow the error policy and throw.
 */
export async function addToCart(body: AddToCartRequest): Promise<AddToCartOutcome> {
  try {
    const data = await apiClient.post<{ count?: unknown } | null>(CART_ADD_PATH, body, { quiet: true });
    const count = data && typeof data.count === 'number' ? data.count : null;
    return { status: 'added', count };
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.ROUTE_NOT_FOUND.code) return { status: 'unavailable' };
    if (isApiError(error)) applyErrorPolicy(error);
    throw error;
  }
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
