import {
  type ChannelPreset,
  type TChannelCutsResponse,
  type TDownloadUrlResponse,
  LICENCE_ROUTES,
} from '@gemstock/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE, queryClient } from '@/lib/query-client';

/** GET /api/material/{id}/presets → each channel cut's size, whether it can be made and its frame. */
export function getChannelCuts(materialSid: string, signal?: AbortSignal): Promise<TChannelCutsResponse> {
  return callApi(LICENCE_ROUTES.channelCuts, { params: { id: materialSid } }, { signal, quiet: true });
}

export function useChannelCuts(materialSid: string) {
  return useQuery({
    queryKey: [USER_SCOPE, 'channel-cuts', materialSid],
    queryFn: ({ signal }) => getChannelCuts(materialSid, signal),
    // The frames only change with a new original: no need to ask again while the dialog is open.
    staleTime: 5 * 60_000,
  });
}

/** GET /api/material/{id}/download?preset=… → a signed link (≤ 5 minutes) to the cut; the browser is sent there. */
export function getChannelCutDownload(params: {
  materialSid: string;
  preset: ChannelPreset;
}): Promise<TDownloadUrlResponse> {
  return callApi(LICENCE_ROUTES.materialDownload, {
    params: { id: params.materialSid },
    query: { preset: params.preset },
  });
}

export function useChannelCutDownload() {
  return useMutation({
    mutationFn: getChannelCutDownload,
    onSuccess: ({ url }) => {
      window.location.assign(url);
      // each cut downloaded is counted as a download of the licence
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.purchased });
    },
  });
}
