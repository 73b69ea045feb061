import { CLIENT_ERROR, ORDER_API, type TPayRequest, type TWalletPayResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError, applyErrorPolicy, callApi } from '@/lib/api-client';

/** A sub-account's wallet payment went to its main account for approval: news, not an error. */
export function isApprovalRequested(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === CLIENT_ERROR.AUDIT_REQUIRED;
}

/**
 * POST /api/order/{id}/wallet {code, referer} → {coupon, order}: pays at once from the wallet
 * (the parent's for a sub-account, once the parent approved). The approval request is left to
 * the caller to announce; every other failure follows the error policy.
 */
export async function payByWallet({
  orderSid,
  ...body
}: TPayRequest & { orderSid: string }): Promise<TWalletPayResponse> {
  try {
    return await callApi(ORDER_API.payByWallet, { params: { id: orderSid }, body }, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && !isApprovalRequested(error)) applyErrorPolicy(error);
    throw error;
  }
}

export function usePayByWallet() {
  return useMutation({ mutationFn: payByWallet });
}
