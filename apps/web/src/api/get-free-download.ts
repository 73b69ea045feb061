import { MATERIAL_API, type TDownloadUrlResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * GET /api/material/{sid}/free_download?agree=1 → {url, expiresAt}: a short-lived link to the
 * original. `agree=1` says the download-only licence agreement was ticked (spec §5).
 */
export function getFreeDownload(sid: string): Promise<TDownloadUrlResponse> {
  return callApi(MATERIAL_API.freeDownload, { params: { id: sid }, query: { agree: '1' } });
}

export function useFreeDownload() {
  return useMutation({ mutationFn: getFreeDownload });
}
