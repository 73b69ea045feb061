import { ADMIN_TRACE_PATH, pathUrl, type TTraceResponse } from '@gemstock/contract';
import { useMutation } from '@tanstack/react-query';
import { adminUpload, type UploadProgress } from '../lib/admin-api';

export interface TraceInput {
  file: File;
  /** The material the copy is of, when the operator knows it. */
  material?: string | undefined;
  onProgress?: (progress: UploadProgress) => void;
}

/** POST /api/admin/trace with the copy as the body → the licence it carries, or 未检出. */
export function traceCopy({ file, material, onProgress }: TraceInput): Promise<TTraceResponse> {
  const path = pathUrl(ADMIN_TRACE_PATH, {}, { material });
  // The page shows the error itself, with 重试.
  return adminUpload<TTraceResponse>(path, file, {
    method: 'POST',
    quiet: true,
    ...(onProgress ? { onProgress } : {}),
  });
}

export function useTraceCopy() {
  return useMutation({ mutationFn: traceCopy });
}
