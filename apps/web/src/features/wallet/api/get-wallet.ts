import { type TWalletResponse, type WALLET_API, endpointRoute } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

/** The endpoint by its method and path alone: /wallet loads no zod (src/api/routes.ts). */
const LIST = endpointRoute<typeof WALLET_API.list>('GET', '/api/user/wallet');

/** GET /api/user/wallet → {orders, balance, isVip, vipValidBefore}: the VIP recharges, newest first. */
export function getWallet(signal?: AbortSignal): Promise<TWalletResponse> {
  return callApi(LIST, {}, { signal });
}

export function useWallet(enabled: boolean) {
  return useQuery({ queryKey: COMMERCE_KEYS.wallet, queryFn: ({ signal }) => getWallet(signal), enabled });
}
