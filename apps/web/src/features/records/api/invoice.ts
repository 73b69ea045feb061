import { type TInvoice, type TInvoiceDownload, type TInvoiceRequest, INVOICE_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** POST /api/order/{id}/invoice → the invoice request (status REQUESTED, due in 10 working days). */
export function requestInvoice(params: { orderSid: string; body: TInvoiceRequest }): Promise<TInvoice> {
  return callApi(INVOICE_ROUTES.request, { params: { id: params.orderSid }, body: params.body });
}

export function useRequestInvoice() {
  return useMutation({
    mutationFn: requestInvoice,
    // the orders show their invoice
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.orders }),
  });
}

/** GET /api/order/{id}/invoice → {url, expiresAt, invoice}: a 5-minute link to the issued PDF. */
export function getInvoiceDownload(orderSid: string): Promise<TInvoiceDownload> {
  return callApi(INVOICE_ROUTES.download, { params: { id: orderSid } });
}

export function useInvoiceDownload() {
  return useMutation({
    mutationFn: getInvoiceDownload,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
