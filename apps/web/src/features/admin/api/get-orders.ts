import {
  ADMIN_ORDER_ROUTES,
  ADMIN_PAGE_SIZE_DEFAULT,
  type OrderStatus,
  type OrderType,
  type PayWay,
  type TAdminOrderListResponse,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
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
export function getOrders(
  query: AdminOrderListQuery,
  options: { quiet?: boolean } = {},
): Promise<TAdminOrderListResponse> {
  return callAdminApi(ADMIN_ORDER_ROUTES.list, { query }, options);
}

/** `quiet`: a failure is only thrown (its toast, if any, is the page's own call's). */
function ordersQuery(query: AdminOrderListQuery, quiet = false) {
  return { queryKey: [...ADMIN_ORDERS_KEY, 'list', query], queryFn: () => getOrders(query, { quiet }) };
}

/** The list as /admin/orders first shows it (no filter, page 1): what a cold start asks before the page's code has run. */
export const FIRST_ORDERS_QUERY: AdminOrderListQuery = { page: 1, page_size: ADMIN_PAGE_SIZE_DEFAULT };

export function prefetchOrders(query: AdminOrderListQuery): Promise<void> {
  return queryClient.prefetchQuery(ordersQuery(query, true));
}

export function useOrders(query: AdminOrderListQuery) {
  return useQuery({ ...ordersQuery(query), placeholderData: keepPreviousData });
}
