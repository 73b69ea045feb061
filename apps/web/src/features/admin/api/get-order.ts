import { ADMIN_ORDER_API, type TAdminOrder } from '@gemstock/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_ORDERS_KEY } from './get-orders';

/** GET /api/admin/orders/{sid}: one order with its buyer and how it was paid. */
export async function getOrder(sid: string): Promise<TAdminOrder> {
  const res = await callAdminApi(ADMIN_ORDER_API.detail, { params: { id: sid } });
  return res.order;
}

export function useOrder(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_ORDERS_KEY, 'detail', sid],
    queryFn: sid === null ? skipToken : () => getOrder(sid),
  });
}
