import { ORDER_PATHS, orderPath, type TAdminOrder, type TAdminOrderResponse } from '@gemstock/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { adminApi } from '../lib/admin-api';
import { ADMIN_ORDERS_KEY } from './get-orders';

/** GET /api/admin/orders/{sid}: one order with its buyer and how it was paid. */
export async function getOrder(sid: string): Promise<TAdminOrder> {
  const res = await adminApi.get<TAdminOrderResponse>(orderPath(ORDER_PATHS.adminDetail, sid));
  return res.order;
}

export function useOrder(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'detail', sid],
    queryFn: sid === null ? skipToken : () => getOrder(sid),
  });
}
