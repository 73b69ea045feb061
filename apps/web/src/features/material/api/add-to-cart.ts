import { ErrorCode, type LicenceType } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient, applyErrorPolicy, isApiError } from '@/lib/api-client';

/**
 * POST /api/cart/add {material, spec} (spec §7). The path and body are not in the contract yet:
 * the cart module arrives with the commerce issue.
 */
export const CART_ADD_PATH = '/api/cart/add';

export interface AddToCartRequest {
  material: string;
  spec: LicenceType;
}

export type AddToCartOutcome = 'added' | 'unavailable';

/**
 * 'unavailable' while the server has no cart yet (1005, route not found): the caller says so
 * plainly instead of pretending it worked. Other failures follow the error policy and throw.
 */
export async function addToCart(body: AddToCartRequest): Promise<AddToCartOutcome> {
  try {
    await apiClient.post<unknown>(CART_ADD_PATH, body, { quiet: true });
    return 'added';
  } catch (error) {
    if (isApiError(error) && error.code === ErrorCode.ROUTE_NOT_FOUND.code) return 'unavailable';
    if (isApiError(error)) applyErrorPolicy(error);
    throw error;
  }
}

export function useAddToCart() {
  return useMutation({ mutationFn: addToCart });
}
