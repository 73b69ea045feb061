import {
  ADMIN_DESIGN_API,
  ADMIN_DESIGN_FILE_PATH,
  type DemandStatus,
  type DesignFileKind,
  type TAdminDemandDetails,
  pathUrl,
} from '@gemstock/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { adminUpload, callAdminApi, type UploadProgress } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const ADMIN_DEMANDS_KEY = [ADMIN_SCOPE, 'demands'] as const;

export interface DemandBoardQuery {
  status?: DemandStatus | undefined;
  overdue?: 'true' | undefined;
  /** Only work waiting on the operators (报价、分配、交付). */
  waiting?: 'true' | undefined;
  page: number;
  page_size: number;
}

/** GET /api/admin/demands → {demands, hasMore}, the most urgent stage deadline first. */
export function useDemandBoard(query: DemandBoardQuery) {
  return useQuery({
    queryKey: [...ADMIN_DEMANDS_KEY, 'board', query],
    queryFn: ({ signal }) => callAdminApi(ADMIN_DESIGN_API.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDemand(sid: string | null) {
  return useQuery({
    queryKey: [...ADMIN_DEMANDS_KEY, 'details', sid],
    queryFn: ({ signal }) => callAdminApi(ADMIN_DESIGN_API.details, { params: { id: sid! } }, { signal }),
    enabled: sid !== null,
  });
}

export function useDesigners(enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_DEMANDS_KEY, 'designers'],
    queryFn: ({ signal }) => callAdminApi(ADMIN_DESIGN_API.designers, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_DEMANDS_KEY });

export function useAssignDesigner() {
  return useMutation({
    mutationFn: (p: { sid: string; designer: string }) =>
      callAdminApi(ADMIN_DESIGN_API.assign, { params: { id: p.sid }, body: { designer: p.designer } }),
    onSuccess: refresh,
  });
}

export function useAnswerFeedback() {
  return useMutation({
    mutationFn: (p: { sid: string; reply: string }) =>
      callAdminApi(ADMIN_DESIGN_API.answer, { params: { id: p.sid }, body: { reply: p.reply } }),
    onSuccess: refresh,
  });
}

export function usePriceQuote() {
  return useMutation({
    mutationFn: (p: { sid: string; price: number; lead_days: number }) =>
      callAdminApi(ADMIN_DESIGN_API.price, {
        params: { id: p.sid },
        body: { price: p.price, lead_days: p.lead_days },
      }),
    onSuccess: refresh,
  });
}

export function useCancelDemand() {
  return useMutation({
    mutationFn: (p: { sid: string; reason: string }) =>
      callAdminApi(ADMIN_DESIGN_API.cancel, { params: { id: p.sid }, body: { reason: p.reason } }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/demands/{id}/files?kind&name with the file as the body, reporting progress. */
export function uploadDesignFile(
  sid: string,
  kind: DesignFileKind,
  file: File,
  options: { onProgress?: (progress: UploadProgress) => void } = {},
): Promise<TAdminDemandDetails> {
  const query = { kind, name: file.name.slice(0, 120) || 'design' };
  return adminUpload<TAdminDemandDetails>(pathUrl(ADMIN_DESIGN_FILE_PATH, { id: sid }, query), file, {
    ...options,
    method: 'PUT',
  }).then(async (details) => {
    await refresh();
    return details;
  });
}
