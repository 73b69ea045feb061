import { ADMIN_PRIVACY_API, type PrivacyRequestKind, type PrivacyRequestStatus } from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_PRIVACY_KEY = [ADMIN_SCOPE, 'privacy'] as const;

export interface PrivacyQueueQuery {
  status?: PrivacyRequestStatus | undefined;
  kind?: PrivacyRequestKind | undefined;
  page: number;
  page_size: number;
  cursor?: string | undefined;
}

/** GET /api/admin/privacy_requests?status&kind&page&page_size[&cursor], most urgent first. */
export function usePrivacyQueue(query: PrivacyQueueQuery) {
  return useQuery({
    queryKey: [...ADMIN_PRIVACY_KEY, query],
    queryFn: ({ signal }) => callAdminApi(ADMIN_PRIVACY_API.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/admin/privacy_requests/{id}/deletion_preview: asked each time the confirmation opens.
 * Its key is outside ADMIN_PRIVACY_KEY, so refreshing the queue after the deletion does not ask
 * again for the preview of an account just deleted (4346).
 */
export function useDeletionPreview(sid: string | null) {
  return useQuery({
    queryKey: [ADMIN_SCOPE, 'privacy-deletion-preview', sid],
    gcTime: 0,
    queryFn: ({ signal }) => callAdminApi(ADMIN_PRIVACY_API.deletionPreview, { params: { id: sid! } }, { signal }),
    enabled: sid !== null,
    staleTime: 0,
  });
}

const refreshQueue = () => queryClient.invalidateQueries({ queryKey: ADMIN_PRIVACY_KEY });

export function useCorrectRequest() {
  return useMutation({
    mutationFn: ({ sid, note }: { sid: string; note: string }) =>
      callAdminApi(ADMIN_PRIVACY_API.correct, { params: { id: sid }, body: { note } }),
    onSuccess: refreshQueue,
  });
}

export function useProduceCopy() {
  return useMutation({
    mutationFn: (sid: string) => callAdminApi(ADMIN_PRIVACY_API.produce, { params: { id: sid } }),
    onSuccess: refreshQueue,
  });
}

export function useEraseAccount() {
  return useMutation({
    mutationFn: (sid: string) => callAdminApi(ADMIN_PRIVACY_API.erase, { params: { id: sid } }),
    onSuccess: refreshQueue,
  });
}

export function useRefuseRequest() {
  return useMutation({
    mutationFn: ({ sid, reason }: { sid: string; reason: string }) =>
      callAdminApi(ADMIN_PRIVACY_API.refuse, { params: { id: sid }, body: { reason } }),
    onSuccess: refreshQueue,
  });
}

/** GET /api/admin/privacy_requests/{id}/archive → a 5-minute link; the browser downloads the zip. */
export function useAdminArchiveDownload() {
  return useMutation({
    mutationFn: (sid: string) => callAdminApi(ADMIN_PRIVACY_API.archive, { params: { id: sid } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
