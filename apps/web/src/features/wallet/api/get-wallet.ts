import { WALLET_PATHS, type TWalletResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { apiClient } from '@/lib/api-client';

/** GET /api/user/wallet → {orders, balance, isVip, vipValidBefore}: the VIP recharges, newest first. */
export function getWallet(signal?: AbortSignal): Promise<TWalletResponse> {
  return apiClient.get<TWalletResponse>(WALLET_PATHS.list, { signal });
}

export function useWallet(enabled: boolean) {
  return useQuery({ queryKey: COMMERCE_KEYS.wallet, queryFn: ({ signal }) => getWallet(signal), enabled });
}
