import { ADMIN_PAYMENT_API, type TPaymentEvent } from '@gemstock/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_ORDERS_KEY } from './get-orders';

/** GET /api/admin/payments/orders/{sid}/events: what the gateways said about an order, newest first. */
export async function getOrderPaymentEvents(sid: string): Promise<TPaymentEvent[]> {
  const res = await callAdminApi(ADMIN_PAYMENT_API.orderEvents, { params: { id: sid } });
  return res.events;
}

export function useOrderPaymentEvents(sid: string | null) {
  return useQuery({
    // Under the orders key: a transfer decision on the order refreshes its timeline too.
    queryKey: [...ADMIN_ORDERS_KEY, 'payment-events', sid],
    queryFn: sid === null ? skipToken : () => getOrderPaymentEvents(sid),
  });
}
