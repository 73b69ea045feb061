import { type TServiceResponse, COMMON_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/** GET /api/common/service → the customer-service QR image url. Needs login. */
export function getServiceQr(): Promise<TServiceResponse> {
  return callApi(COMMON_ROUTES.service);
}

export function useServiceQr(enabled: boolean) {
  return useQuery({
    queryKey: [USER_SCOPE, 'service-qr'],
    queryFn: getServiceQr,
    enabled,
    staleTime: 10 * 60_000,
  });
}
