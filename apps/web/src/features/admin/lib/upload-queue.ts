import { create } from 'zustand';
import { queryClient } from '@/lib/query-client';
import { cancelUploadFile, UPLOAD_BATCHES_KEY } from '../api/upload-batches';
import { uploadMaterial } from '../api/upload-material';

/**
 * The files this console tab is sending, outside any page: an upload goes on while the operator
 * looks at other pages of the console, and the batch table (whose rows live on the server) shows
 * its progress whenever it is on screen. The File objects stay here for 重试 until the tab closes;
 * after that a retry asks for the file again.
 */

/** Files sent at once; the rest wait their turn (large videos would otherwise share the line). */
const PARALLEL_UPLOADS = 2;

export interface SendingFile {
  batchSid: string;
  state: 'waiting' | 'sending';
  percent: number;
}

interface UploadQueueState {
  /** By batch file sid: the files waiting or on their way. */
  sending: Record<string, SendingFile>;
}

export const useUploadQueue = create<UploadQueueState>(() => ({ sending: {} }));

const kept = new Map<string, File>();
const aborts = new Map<string, AbortController>();
const waiting: Array<() => void> = [];
let active = 0;

function patch(fileSid: string, change: Partial<SendingFile> | null) {
  useUploadQueue.setState((s) => {
    const sending = { ...s.sending };
    if (change === null) delete sending[fileSid];
    else sending[fileSid] = { ...sending[fileSid]!, ...change };
    return { sending };
  });
}

function refresh(batchSid: string) {
  void queryClient.invalidateQueries({ queryKey: UPLOAD_BATCHES_KEY });
  void queryClient.invalidateQueries({ queryKey: [...UPLOAD_BATCHES_KEY, batchSid] });
}

async function sendOne(batchSid: string, fileSid: string, file: File): Promise<void> {
  const abort = new AbortController();
  aborts.set(fileSid, abort);
  patch(fileSid, { batchSid, state: 'waiting', percent: 0 });
  if (active >= PARALLEL_UPLOADS) await new Promise<void>((resolve) => waiting.push(resolve));
  active += 1;
  try {
    if (abort.signal.aborted) return;
    patch(fileSid, { state: 'sending' });
    refresh(batchSid);
    // The keywords are the batch's, which the server gives the file itself.
    await uploadMaterial(file, [], {
      batchFile: fileSid,
      signal: abort.signal,
      onProgress: ({ percent }) => patch(fileSid, { percent }),
    });
  } catch {
    // The server kept why (重复被拒, 失败 with the reason, 已取消): the batch table shows it.
  } finally {
    active -= 1;
    waiting.shift()?.();
    aborts.delete(fileSid);
    patch(fileSid, null);
    refresh(batchSid);
  }
}

/** Starts sending the files of a batch just created (in the order picked). */
export function sendBatchFiles(batchSid: string, files: ReadonlyArray<{ fileSid: string; file: File }>): void {
  for (const { fileSid, file } of files) {
    kept.set(fileSid, file);
    void sendOne(batchSid, fileSid, file);
  }
}

/** Whether this tab still holds the file (a retry needs it picked again otherwise). */
export function holdsFile(fileSid: string): boolean {
  return kept.has(fileSid);
}

/** 重试: sends the file again, the one held or `file` picked again. */
export function retryFile(batchSid: string, fileSid: string, file?: File): void {
  const bytes = file ?? kept.get(fileSid);
  if (!bytes) return;
  kept.set(fileSid, bytes);
  void sendOne(batchSid, fileSid, bytes);
}

/** 取消: stops sending (or queueing) the file, then the server marks it cancelled. */
export async function cancelFile(batchSid: string, fileSid: string): Promise<void> {
  aborts.get(fileSid)?.abort();
  try {
    await cancelUploadFile(batchSid, fileSid);
  } finally {
    refresh(batchSid);
  }
}
