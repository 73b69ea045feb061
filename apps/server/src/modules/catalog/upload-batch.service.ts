import {
  ErrorCode,
  type TAdminMaterial,
  type TUploadBatch,
  type TUploadBatchFile,
  type TUploadBatchListResponse,
  type TUploadBatchSummary,
  UPLOAD_FILE_STATUSES,
  UploadBatchState,
  UploadFileMachine,
  UploadFileState,
  type UploadFileStatus,
  uploadFileStatusOf,
  type ZCreateUploadBatchRequest,
  type ZUploadBatchListQuery,
} from '@gemstock/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { decodeCursor, pageWithCursor } from '../../lib/list-cursor.js';
import { assertMay } from '../../lib/state-transition.js';
import type { OperatorRow } from '../../db/rows.js';
import type { AdminMaterialRow } from './admin-material.repository.js';
import { type AdminMaterialDeps, DuplicateUploadError, presentAdminMaterials } from './admin-material.service.js';
import {
  countFileStates,
  findBatchFile,
  findUploadBatch,
  insertUploadBatch,
  listBatchFiles,
  listUploadBatches as selectUploadBatches,
  lockBatchFile,
  type UploadBatchFileRow,
  type UploadBatchListRow,
} from './upload-batch.repository.js';
import { transitionUploadFile } from './upload-file-transition.js';

/*
 * Upload batches kept on the server (decision 0030): the console starts a batch with the names
 * and sizes of the files picked, then sends each file (ADMIN_MATERIAL_PATHS.upload with its
 * `batch_file`), and lists the batches and their files whatever page the operator left.
 */

type FileWithMaterial = { file: UploadBatchFileRow; material: AdminMaterialRow | null };

function notFound(): AppError {
  return new AppError(ErrorCode.UPLOAD_BATCH_NOT_FOUND);
}

function statusOf(entry: FileWithMaterial): UploadFileStatus {
  const { file, material } = entry;
  return uploadFileStatusOf(file.state, material && { status: material.status, review: material.reviewState });
}

/** Why a file stands where it does, in the operator's words: the refusal, the rejection, the processing error. */
function reasonOf(entry: FileWithMaterial, status: UploadFileStatus, presented: TAdminMaterial | null): string | null {
  if (status === 'rejected') return entry.material?.reviewReason ?? null;
  if (status === 'failed' && entry.file.state === UploadFileState.UPLOADED) {
    const error = presented?.job?.lastError;
    return error ? `处理失败：${error}` : '处理失败，可在素材管理中重新处理';
  }
  return entry.file.reason;
}

function presentFile(entry: FileWithMaterial, presented: TAdminMaterial | null): TUploadBatchFile {
  const { file } = entry;
  const status = statusOf(entry);
  return {
    sid: file.sid,
    position: file.position,
    name: file.name,
    bytes: file.bytes,
    status,
    reason: reasonOf(entry, status, presented),
    duplicateOf: file.duplicateOfSid,
    material: presented,
    canCancel: UploadFileMachine.may('cancel', file.state),
    // 重试 sends the bytes again: after a failure or a cancel, never for a file still on its way.
    canRetry: file.state !== UploadFileState.UPLOADING && UploadFileMachine.may('send', file.state),
    updatedAt: file.updatedAt.toISOString(),
  };
}

async function presentFiles(deps: AdminMaterialDeps, entries: FileWithMaterial[]): Promise<TUploadBatchFile[]> {
  const rows = entries.flatMap((e) => (e.material ? [e.material] : []));
  const presented = new Map((await presentAdminMaterials(deps, rows)).map((m) => [m.sid, m]));
  return entries.map((e) => presentFile(e, e.material ? (presented.get(e.material.sid) ?? null) : null));
}

function emptyCounts(): Record<UploadFileStatus, number> {
  return Object.fromEntries(UPLOAD_FILE_STATUSES.map((s) => [s, 0])) as Record<UploadFileStatus, number>;
}

async function summariesOf(deps: AdminMaterialDeps, batches: UploadBatchListRow[]): Promise<TUploadBatchSummary[]> {
  const counted = await countFileStates(
    deps.db,
    batches.map((b) => b.sid),
  );
  const countsOf = new Map(batches.map((b) => [b.sid, emptyCounts()]));
  for (const row of counted) {
    const counts = countsOf.get(row.batchSid);
    if (!counts) continue;
    const material =
      row.materialStatus === null ? null : { status: row.materialStatus, review: row.materialReview ?? '' };
    counts[uploadFileStatusOf(row.state, material)] += row.n;
  }
  return batches.map((batch) => {
    const counts = countsOf.get(batch.sid)!;
    return {
      sid: batch.sid,
      operatorName: batch.operatorName,
      keywords: batch.keywords,
      fileCount: batch.fileCount,
      state: counts.uploading + counts.processing > 0 ? UploadBatchState.ACTIVE : UploadBatchState.DONE,
      counts,
      createdAt: batch.createdAt.toISOString(),
    };
  });
}

export async function getUploadBatch(deps: AdminMaterialDeps, sid: string): Promise<TUploadBatch> {
  const batch = await findUploadBatch(deps.db, sid);
  if (!batch) throw notFound();
  const [[summary], files] = await Promise.all([
    summariesOf(deps, [batch]),
    listBatchFiles(deps.db, sid).then((entries) => presentFiles(deps, entries)),
  ]);
  return { ...summary!, files };
}

/** Starts a batch: a row per file picked, each 上传中 until its bytes arrive. */
export async function createUploadBatch(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  input: z.output<typeof ZCreateUploadBatchRequest>,
): Promise<TUploadBatch> {
  const sid = newSid();
  await deps.db.transaction((tx) =>
    insertUploadBatch(
      tx,
      { sid, operatorSid: operator.sid, keywords: input.keywords, fileCount: input.files.length },
      input.files.map((file, index) => ({
        sid: newSid(),
        batchSid: sid,
        position: index + 1,
        name: file.name,
        bytes: file.bytes,
        state: UploadFileState.UPLOADING,
      })),
    ),
  );
  return getUploadBatch(deps, sid);
}

export async function listUploadBatches(
  deps: AdminMaterialDeps,
  query: z.output<typeof ZUploadBatchListQuery>,
): Promise<TUploadBatchListResponse> {
  const found = await selectUploadBatches(deps.db, {
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    limit: query.page_size + 1,
  });
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (b) => ({ at: b.position, sid: b.sid }));
  return { batches: await summariesOf(deps, rows), nextCursor };
}

async function fileOfBatch(deps: AdminMaterialDeps, batchSid: string, fileSid: string): Promise<FileWithMaterial> {
  const entry = await findBatchFile(deps.db, fileSid);
  if (!entry || entry.file.batchSid !== batchSid) throw new AppError(ErrorCode.UPLOAD_FILE_NOT_FOUND);
  return entry;
}

/** 取消: the browser has stopped sending the file; a file whose bytes already arrived is refused. */
export async function cancelUploadFile(
  deps: AdminMaterialDeps,
  batchSid: string,
  fileSid: string,
): Promise<TUploadBatchFile> {
  await fileOfBatch(deps, batchSid, fileSid);
  await deps.db.transaction(async (tx) => {
    const file = await lockBatchFile(tx, fileSid);
    if (!file) throw new AppError(ErrorCode.UPLOAD_FILE_NOT_FOUND);
    assertMay(UploadFileMachine, 'cancel', file.state);
    await transitionUploadFile(tx, fileSid, 'cancel', { reason: '已取消上传' });
  });
  const [file] = await presentFiles(deps, [await fileOfBatch(deps, batchSid, fileSid)]);
  return file!;
}

/**
 * An upload names its batch file: the file goes (back) to 上传中 — the first send, or 重试 after a
 * failure or a cancel — and the batch's keywords are what the material starts with. A file whose
 * bytes already became a material, or were a duplicate, is refused before any byte is read.
 */
export async function startBatchFileUpload(
  deps: AdminMaterialDeps,
  fileSid: string,
): Promise<{ batchSid: string; fileSid: string; keywords: string[] }> {
  return deps.db.transaction(async (tx) => {
    const file = await lockBatchFile(tx, fileSid);
    if (!file) throw new AppError(ErrorCode.UPLOAD_FILE_NOT_FOUND);
    assertMay(UploadFileMachine, 'send', file.state);
    await transitionUploadFile(tx, fileSid, 'send', { reason: null, duplicateOfSid: null });
    const batch = await findUploadBatch(tx, file.batchSid);
    return { batchSid: file.batchSid, fileSid, keywords: batch?.keywords ?? [] };
  });
}

/**
 * Records why a batch file's upload did not become a material: the same bytes as an existing
 * material (重复被拒, naming it), a refusal in the operator's words, or a broken-off transfer.
 * A file cancelled meanwhile stays cancelled.
 */
export async function recordBatchFileFailure(deps: AdminMaterialDeps, fileSid: string, error: unknown): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (error instanceof DuplicateUploadError) {
      await transitionUploadFile(tx, fileSid, 'refuseDuplicate', {
        reason: error.message,
        duplicateOfSid: error.existingSid,
      });
      return;
    }
    const reason = error instanceof AppError ? error.message : '上传中断或服务器出错，请重试';
    await transitionUploadFile(tx, fileSid, 'fail', { reason });
  });
}
