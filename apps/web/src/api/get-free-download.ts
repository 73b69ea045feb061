import { MATERIAL_API, type TDownloadUrlResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shownVersion } from '@/api/get-content';
import { callApi } from '@/lib/api-client';

/**
 * GET /api/material/{sid}/free_download?agree=1 → {url, expiresAt}: a short-lived link to the
 * original. `agree=1` says the download-only licence agreement was ticked (spec §5); the server
 * records the tick with the version shown.
 */
export function getFreeDownload(sid: string, agreementVersion?: number): Promise<TDownloadUrlResponse> {
  return callApi(MATERIAL_API.freeDownload, {
    params: { id: sid },
    query: { agree: '1', agreement_version: agreementVersion },
  });
}

/** The download, with the version of the agreement the dialog showed (the server records the tick). */
export function useFreeDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => getFreeDownload(sid, shownVersion(queryClient, 'download_licence')),
  });
}
