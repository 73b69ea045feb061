import {
  type AuditStatus,
  type OrderStatus,
  type OrderType,
  type TOrderListResponse,
  ORDER_ROUTES,
} from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';

/** The list's filters (ZOrderListQuery); absent means any. */
export interface OrderFilters {
  status?: OrderStatus;
  type?: OrderType;
  audit_status?: AuditStatus;
}

export interface OrderListParams extends OrderFilters {
  page: number;
  page_size: number;
  /** The previous page's nextCursor: the page right after it, whatever arrived meanwhile. */
  cursor?: string;
}

/**
 * GET /api/order/list {page, page_size, status, type, audit_status, cursor} →
 * {total, totalCapped, nextCursor, orders}, newest first.
 */
export function getOrders(query: OrderListParams, signal?: AbortSignal): Promise<TOrderListResponse> {
  return callApi(ORDER_ROUTES.list, { query }, { signal });
}

export function useOrders(query: OrderListParams) {
  return useQuery({
    queryKey: [...COMMERCE_KEYS.orders, query],
    queryFn: ({ signal }) => getOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}
