import {
  CLIENT_ERROR,
  type ChannelPreset,
  type TChannelCutsResponse,
  type TDownloadUrlResponse,
  LICENCE_ROUTES,
} from '@gemstock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMERCE_KEYS } from '@/api/commerce-keys';
import { applyErrorPolicy, callApi, isApiError } from '@/lib/api-client';
import { USER_SCOPE, queryClient } from '@/lib/query-client';

/** How often the dialog looks again while a video's reframe is being made (it takes minutes). */
const PREPARING_POLL_MS = 5_000;

/** GET /api/material/{id}/presets → each channel cut's size, whether it can be made and its frame. */
export function getChannelCuts(materialSid: string, signal?: AbortSignal): Promise<TChannelCutsResponse> {
  return callApi(LICENCE_ROUTES.channelCuts, { params: { id: materialSid } }, { signal, quiet: true });
}

export function useChannelCuts(materialSid: string) {
  return useQuery({
    queryKey: [USER_SCOPE, 'channel-cuts', materialSid],
    queryFn: ({ signal }) => getChannelCuts(materialSid, signal),
    // The frames only change with a new original: no need to ask again while the dialog is open,
    // except to see a video's reframe become ready.
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.data?.cuts.some((c) => c.preparing) ? PREPARING_POLL_MS : false),
  });
}

/** GET /api/material/{id}/download?preset=… → a signed link (≤ 5 minutes) to the cut; the browser is sent there. */
export function getChannelCutDownload(params: {
  materialSid: string;
  preset: ChannelPreset;
}): Promise<TDownloadUrlResponse> {
  return callApi(
    LICENCE_ROUTES.materialDownload,
    { params: { id: params.materialSid }, query: { preset: params.preset } },
    // 4423 (a video's reframe is being made) is the dialog's to show; every other error as usual
    { quiet: true },
  );
}

export function isPreparing(error: unknown): boolean {
  return isApiError(error) && error.code === CLIENT_ERROR.PRESET_PREPARING;
}

export function useChannelCutDownload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: getChannelCutDownload,
    onError: (error, { materialSid }) => {
      if (isPreparing(error)) {
        // the reframe was queued: the list now says 生成中 and is asked again until it is ready
        void client.invalidateQueries({ queryKey: [USER_SCOPE, 'channel-cuts', materialSid] });
      } else if (isApiError(error)) applyErrorPolicy(error);
    },
    onSuccess: ({ url }) => {
      window.location.assign(url);
      // each cut downloaded is counted as a download of the licence
      void queryClient.invalidateQueries({ queryKey: COMMERCE_KEYS.purchased });
    },
  });
}
