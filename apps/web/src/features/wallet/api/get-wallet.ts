import { type TWalletResponse, WALLET_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

/** GET /api/user/wallet → {orders, balance, isVip, vipValidBefore}: the VIP recharges, newest first. */
export function getWallet(signal?: AbortSignal): Promise<TWalletResponse> {
  return callApi(WALLET_ROUTES.list, {}, { signal });
}

export function useWallet(enabled: boolean) {
  return useQuery({ queryKey: COMMERCE_KEYS.wallet, queryFn: ({ signal }) => getWallet(signal), enabled });
}
