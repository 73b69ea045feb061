import {
  ADMIN_UPLOAD_BATCH_API,
  type TCreateUploadBatchRequest,
  type TUploadBatch,
  type TUploadBatchFile,
  type TUploadBatchListResponse,
} from '@gemstock/contract';
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

export const UPLOAD_BATCHES_KEY = [ADMIN_SCOPE, 'upload-batches'] as const;

const POLL_MS = 3000;

/** POST /api/admin/upload_batches: a row per file picked, before any byte is sent. */
export async function createUploadBatch(body: TCreateUploadBatchRequest): Promise<TUploadBatch> {
  return (await callAdminApi(ADMIN_UPLOAD_BATCH_API.create, { body })).batch;
}

/** 取消 of a file not yet received (the browser stops sending it first). */
export async function cancelUploadFile(batchSid: string, fileSid: string): Promise<TUploadBatchFile> {
  const res = await callAdminApi(ADMIN_UPLOAD_BATCH_API.cancelFile, {
    params: { id: batchSid, fileId: fileSid },
  });
  return res.file;
}

/** The batches, newest first, page after page by cursor; polled while one is still 进行中. */
export function useUploadBatches() {
  return useInfiniteQuery({
    queryKey: UPLOAD_BATCHES_KEY,
    queryFn: ({ pageParam }): Promise<TUploadBatchListResponse> =>
      callAdminApi(ADMIN_UPLOAD_BATCH_API.list, { query: { cursor: pageParam, page_size: 10 } }, { quiet: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (q) => {
      const data = q.state.data as InfiniteData<TUploadBatchListResponse> | undefined;
      return data?.pages.some((p) => p.batches.some((b) => b.state === 'active')) ? POLL_MS : false;
    },
  });
}

/** One batch with its files; polled while a file is on its way or being processed. */
export function useUploadBatch(sid: string) {
  return useQuery({
    queryKey: [...UPLOAD_BATCHES_KEY, sid],
    queryFn: async () =>
      (await callAdminApi(ADMIN_UPLOAD_BATCH_API.detail, { params: { id: sid } }, { quiet: true })).batch,
    refetchInterval: (q) =>
      q.state.data?.files.some((f) => f.status === 'uploading' || f.status === 'processing') ? POLL_MS : false,
  });
}
