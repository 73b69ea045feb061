import {
  ADMIN_ORDER_API,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type TAdminOrderListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

/** The list's query string (ZAdminOrderListQuery on the server). */
export interface AdminOrderListQuery {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  type?: OrderType | undefined;
  pay_way?: PayWay | undefined;
  /** China-time days the order was placed, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** The order's price in cents, both bounds included. */
  min_amount?: number | undefined;
  max_amount?: number | undefined;
  page: number;
  page_size: number;
  /** The page before's `nextCursor`: the orders after its last one. */
  cursor?: string | undefined;
}

/** Every order query (list, detail) starts with this, so a transfer decision refreshes them all. */
export const ADMIN_ORDERS_KEY = [ADMIN_SCOPE, 'orders'] as const;

/** GET /api/admin/orders?q&status&type&pay_way&from&to&min_amount&max_amount&page&page_size[&cursor] → {total, totalCapped, nextCursor, orders}. */
export function getOrders(query: AdminOrderListQuery): Promise<TAdminOrderListResponse> {
  return callAdminApi(ADMIN_ORDER_API.list, { query });
}

export function useOrders(query: AdminOrderListQuery) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'list', query],
    queryFn: () => getOrders(query),
    placeholderData: keepPreviousData,
  });
}
