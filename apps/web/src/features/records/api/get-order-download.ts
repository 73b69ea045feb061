import { CLIENT_ERROR, type TDownloadResponse, LICENCE_ROUTES } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

/**
 * GET /api/order/{id}/download?material={sid} → {url, expiresAt, files}: a signed link (≤ 5
 * minutes) to the original of one licensed material; the browser is sent there (spec §7).
 */
export function getOrderDownload(params: { orderSid: string; materialSid: string }): Promise<TDownloadResponse> {
  return callApi(
    LICENCE_ROUTES.orderDownload,
    { params: { id: params.orderSid }, query: { material: params.materialSid } },
    // 4487 (the licence's marked copy of a video is being made) is news, shown below; the rest as usual
    { quiet: true },
  );
}

export function useOrderDownload() {
  return useMutation({
    mutationFn: getOrderDownload,
    onError: (error) => {
      if (!isApiError(error)) return;
      // The first download of a licensed video starts its marked copy: a few minutes' wait, not a failure.
      if (error.code === CLIENT_ERROR.TRACE_VIDEO_PREPARING) notify.info(error.message);
      else applyErrorPolicy(error);
    },
    onSuccess: ({ url }) => {
      window.location.assign(url);
      // each download is counted
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.purchased });
    },
  });
}
