import { type TWalletResponse, WALLET_ROUTES } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

export const WALLET_PAGE_SIZE = 10;

/**
 * GET /api/user/wallet?page&page_size[&cursor] → {total, totalCapped, nextCursor, orders, balance,
 * isVip, vipValidBefore}: a page of the VIP recharges, newest first.
 */
export function getWallet(page: number, cursor: string | undefined, signal?: AbortSignal): Promise<TWalletResponse> {
  return callApi(
    WALLET_ROUTES.list,
    { query: { page, page_size: WALLET_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
    { signal },
  );
}

export function useWallet(enabled: boolean, page = 1, cursor?: string) {
  return useQuery({
    queryKey: [...COMMERCE_KEYS.wallet, page, cursor ?? null],
    queryFn: ({ signal }) => getWallet(page, cursor, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
