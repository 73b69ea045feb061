import { ADMIN_PAYMENT_API, type PaymentExceptionStatus, type TPaymentExceptionsResponse } from '@gemstock/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export interface PaymentExceptionsQuery {
  page: number;
  page_size: number;
  /** 待处理 / 已退款 / 已处理; absent: all. */
  status?: PaymentExceptionStatus | undefined;
}

/** GET /api/admin/payments/exceptions?page&page_size&status → {total, exceptions}, newest first. */
export function getPaymentExceptions(query: PaymentExceptionsQuery): Promise<TPaymentExceptionsResponse> {
  return callAdminApi(ADMIN_PAYMENT_API.exceptions, { query });
}

export function usePaymentExceptions(query: PaymentExceptionsQuery) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'payment-exceptions', query],
    queryFn: () => getPaymentExceptions(query),
    placeholderData: keepPreviousData,
  });
}
