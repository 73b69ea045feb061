import {
  PRIVACY_ROUTES,
  type TPrivacyArchiveLink,
  type TPrivacyDeletionCheck,
  type TPrivacyRequest,
  type TPrivacyRequestCreate,
  type TPrivacyRequestListResponse,
} from '@gemstock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

export const PRIVACY_KEYS = {
  list: ['privacy-requests'] as const,
  deletionCheck: ['privacy-requests', 'deletion-check'] as const,
};

/** GET /api/user/privacy_requests → the account's own requests, newest first. */
export function usePrivacyRequests() {
  return useQuery({
    queryKey: PRIVACY_KEYS.list,
    queryFn: ({ signal }): Promise<TPrivacyRequestListResponse> => callApi(PRIVACY_ROUTES.list, {}, { signal }),
  });
}

/** GET /api/user/privacy_requests/deletion_check → what must be finished first, and the wallet money. */
export function useDeletionCheck(enabled: boolean) {
  return useQuery({
    queryKey: PRIVACY_KEYS.deletionCheck,
    queryFn: ({ signal }): Promise<TPrivacyDeletionCheck> => callApi(PRIVACY_ROUTES.deletionCheck, {}, { signal }),
    enabled,
  });
}

/** POST /api/user/privacy_requests. */
export function useCreatePrivacyRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPrivacyRequestCreate): Promise<TPrivacyRequest> =>
      callApi(PRIVACY_ROUTES.create, { body }, { quiet: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRIVACY_KEYS.list }),
  });
}

/** GET /api/user/privacy_requests/{id}/archive → a 5-minute link to the copy; the browser downloads it. */
export function useDownloadArchive() {
  return useMutation({
    mutationFn: (sid: string): Promise<TPrivacyArchiveLink> => callApi(PRIVACY_ROUTES.archive, { params: { id: sid } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
