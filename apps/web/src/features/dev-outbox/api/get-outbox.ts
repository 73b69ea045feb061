import { type TOutboxResponse, DEV_ROUTES } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const OUTBOX_REFRESH_MS = 3_000;

/** GET /api/dev/outbox → messages, newest first. Quiet: the page shows failures inline. */
export function getOutbox(): Promise<TOutboxResponse> {
  return callApi(DEV_ROUTES.outbox, {}, { quiet: true });
}

export function useOutbox(enabled: boolean) {
  return useQuery({
    queryKey: ['dev-outbox'],
    queryFn: getOutbox,
    enabled,
    refetchInterval: OUTBOX_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
