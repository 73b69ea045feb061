import { ORDER_PATHS, type TPayRequest, type TWalletPayResponse, orderPath } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/**
 * POST /api/order/{id}/wallet {code, referer} → {coupon, order}: pays at once from the wallet
 * (the parent's for a sub-account, once the parent approved).
 */
export function payByWallet({ orderSid, ...body }: TPayRequest & { orderSid: string }): Promise<TWalletPayResponse> {
  return apiClient.post<TWalletPayResponse>(orderPath(ORDER_PATHS.wallet, orderSid), body);
}

export function usePayByWallet() {
  return useMutation({ mutationFn: payByWallet });
}
