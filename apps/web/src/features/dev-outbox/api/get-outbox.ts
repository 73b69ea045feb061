import { type DEV_API, type TOutboxResponse, endpointRoute } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const OUTBOX_REFRESH_MS = 3_000;

/** The endpoint by its method and path alone: /dev/outbox loads no zod (src/api/routes.ts). */
const OUTBOX = endpointRoute<typeof DEV_API.outbox>('GET', '/api/dev/outbox');

/** GET /api/dev/outbox → messages, newest first. Quiet: the page shows failures inline. */
export function getOutbox(): Promise<TOutboxResponse> {
  return callApi(OUTBOX, {}, { quiet: true });
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
