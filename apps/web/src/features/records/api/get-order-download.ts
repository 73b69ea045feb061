import { type TDownloadResponse, LICENCE_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/**
 * GET /api/order/{id}/download?material={sid} → {url, expiresAt, files}: a signed link (≤ 5
 * minutes) to the original of one licensed material; the browser is sent there (spec §7).
 */
export function getOrderDownload(params: { orderSid: string; materialSid: string }): Promise<TDownloadResponse> {
  return callApi(LICENCE_ROUTES.orderDownload, {
    params: { id: params.orderSid },
    query: { material: params.materialSid },
  });
}

export function useOrderDownload() {
  return useMutation({
    mutationFn: getOrderDownload,
    onSuccess: ({ url }) => {
      window.location.assign(url);
      // each download is counted
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.purchased });
    },
  });
}
