import {
  AuditAction,
  AuditEntity,
  ErrorCode,
  FACETS,
  isFacetValue,
  type LicenceType,
  licenceSpec,
  LIST_COUNT_CAP,
  MaterialReview,
  MaterialStatus,
  qualifyingLicenceTypes,
  type TAdminMaterial,
  type TAdminMaterialListResponse,
  type TUploadConfigResponse,
  UPLOAD_ACCEPT,
  type ZAdminMaterialListQuery,
  type ZAdminMaterialPatch,
} from '@gemstock/contract';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { AppError, type FieldError } from '../../lib/app-error.js';
import { unknownFacetError } from '../../lib/facet-errors.js';
import { newSid } from '../../lib/ids.js';
import { cappedTotal } from '../../lib/list-cursor.js';
import type { SniffedType } from '../../media/file-type.js';
import { materialFileKeyForHash } from '../../media/keys.js';
import { MAX_VIDEO_DURATION_MS, MAX_VIDEO_SIDE, MIN_IMAGE_SIDE } from '../../media/limits.js';
import { MediaRejectedError } from '../../media/media-errors.js';
import { inspectStagedFile } from '../../media/media-inspector.js';
import { type StagedFile, stageUpload } from '../../media/upload-staging.js';
import type { PublicUrlOf } from './material.mapper.js';
import { searchTokensFor } from '../search/index.js';
import type { OperatorRow } from '../../db/rows.js';
import {
  type AdminMaterialPosition,
  type AdminMaterialRow,
  type AdminMaterialSortKey,
  countAdminMaterials,
  findMaterial,
  findMaterialByContentHash,
  insertMaterialRow,
  listAdminMaterials,
  lockMaterial,
  type NewMaterialRow,
  updateMaterialRow,
} from './admin-material.repository.js';
import { toAdminMaterial } from './admin-material.mapper.js';
import { recordOperatorAction } from '../audit/index.js';
import { findLatestMediaJobs, findPendingMediaJob, insertMediaJob } from './media-job.repository.js';
import { transitionUploadFile } from './upload-file-transition.js';

export type AdminMaterialDeps = Pick<AppDeps, 'db' | 'storage' | 'video' | 'mediaJobs' | 'config'> &
  Partial<Pick<AppDeps, 'events'>> & { publicUrlOf: PublicUrlOf };

/* ------------------------------------------------------------------ upload */

const MB = 1024 * 1024;

function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** 900000000 → "9 亿", 24000000 → "2400 万": how pixel counts are said in Chinese. */
export function pixelCountText(pixels: number): string {
  if (pixels >= 1e8) {
    const yi = pixels / 1e8;
    return `${Number.isInteger(yi) ? yi : yi.toFixed(1)} 亿`;
  }
  return `${Math.round(pixels / 1e4)} 万`;
}

/** The staging directory of uploads in progress (DATA_DIR/tmp/uploads), outside storage. */
export function uploadStagingDir(deps: Pick<AppDeps, 'config'>): string {
  return join(deps.config.dataDir, 'tmp', 'uploads');
}

/** Turns a media-layer refusal into the coded, Chinese answer the operator sees. */
export function rejectionToAppError(error: MediaRejectedError, kind: SniffedType['kind'] | null): AppError {
  const { facts } = error;
  const what = kind === 'video' ? '视频' : kind === 'image' ? '图片' : '';
  switch (error.reason) {
    case 'empty':
      return new AppError(ErrorCode.UPLOAD_FILE_REQUIRED, '文件内容为空，请重新选择文件');
    case 'unsupported':
      return new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE);
    case 'too_large':
      return new AppError(
        ErrorCode.FILE_TOO_LARGE,
        `文件过大：${what || '文件'}不能超过 ${megabytes(facts.limitBytes ?? 0)} MB`,
      );
    case 'too_many_pixels': {
      const { width = 0, height = 0, maxPixels = 0 } = facts;
      return new AppError(
        ErrorCode.IMAGE_TOO_MANY_PIXELS,
        `图片像素过大：${width}×${height}（约 ${pixelCountText(width * height)}像素），最多允许 ${pixelCountText(maxPixels)}像素`,
      );
    }
    case 'too_small':
      return new AppError(
        ErrorCode.IMAGE_TOO_SMALL,
        `${what || '图片'}尺寸过小（${facts.width ?? 0}×${facts.height ?? 0}），短边至少 ${MIN_IMAGE_SIDE} 像素`,
      );
    case 'corrupt':
      return new AppError(
        ErrorCode.CORRUPT_FILE,
        `${what || '文件'}已损坏或不完整，无法读取，请检查后重新上传`,
        undefined,
        { cause: error },
      );
    case 'video_unavailable':
      return new AppError(ErrorCode.VIDEO_PROCESSING_UNAVAILABLE);
    case 'video_too_large':
      return new AppError(
        ErrorCode.VIDEO_TOO_LARGE,
        `视频分辨率或时长超出限制（最长边不超过 ${MAX_VIDEO_SIDE} 像素，时长不超过 ${MAX_VIDEO_DURATION_MS / 60_000} 分钟）`,
      );
  }
}

/**
 * Streams one incoming file to the staging area, refusing it as soon as its first bytes show a
 * type we do not take (or a video while ffmpeg is missing) and as soon as it passes its type's
 * size cap. Nothing is written to storage here.
 */
export async function stageIncomingFile(deps: AdminMaterialDeps, source: Readable): Promise<StagedFile> {
  const { upload } = deps.config;
  let kind: SniffedType['kind'] | null = null;
  try {
    return await stageUpload(source, {
      dir: uploadStagingDir(deps),
      maxBytesFor: (type) => (type.kind === 'image' ? upload.imageMaxBytes : upload.maxBytes),
      onType: (type) => {
        kind = type.kind;
        if (type.kind === 'video' && !deps.video.available) {
          throw new MediaRejectedError('video_unavailable', 'ffmpeg/ffprobe not found');
        }
      },
    });
  } catch (error) {
    if (error instanceof MediaRejectedError) throw rejectionToAppError(error, kind);
    throw error;
  }
}

/** The size cap of the whole request part, for when the multipart parser cut the file short. */
export function fileTooLargeError(deps: AdminMaterialDeps): AppError {
  return rejectionToAppError(
    new MediaRejectedError('too_large', 'multipart file size limit', { limitBytes: deps.config.upload.maxBytes }),
    null,
  );
}

/** An upload refused because its bytes are those of an existing material, which it names. */
export class DuplicateUploadError extends AppError {
  constructor(readonly existingSid: string) {
    super(ErrorCode.MATERIAL_DUPLICATE, `该文件与素材 ${existingSid} 完全相同，已拒绝重复上传`);
  }
}

/**
 * Accepts a staged upload: refuses the bytes of an existing material (by SHA-256), reads its
 * true size (and duration) from the content, refuses what must not go further, stores the
 * original under a private content-hashed key and creates the material (processing, then 待审核:
 * never visible to buyers before review), its rendition job, the batch file's receipt and the
 * audit record in one transaction. If anything after the store fails, the stored original is
 * deleted again. The caller discards the staging file.
 */
export async function createUploadedMaterial(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  staged: StagedFile,
  input: { keywords: string[]; batch?: { sid: string; fileSid: string } | undefined },
): Promise<TAdminMaterial> {
  const existing = await findMaterialByContentHash(deps.db, staged.sha256);
  if (existing) throw new DuplicateUploadError(existing.sid);
  let facts;
  try {
    facts = await inspectStagedFile(staged, { video: deps.video, maxPixels: deps.config.upload.maxPixels });
  } catch (error) {
    if (error instanceof MediaRejectedError) throw rejectionToAppError(error, staged.type.kind);
    throw error;
  }

  const sid = newSid();
  const originalKey = materialFileKeyForHash('private', sid, 'original', staged.sha256, staged.type.ext);
  const original = createReadStream(staged.path);
  try {
    await deps.storage.put(originalKey, original, staged.type.mime);
  } finally {
    // Closed whatever happened: the staging file is deleted next, and an open descriptor would
    // keep its disk space until the process exits.
    original.destroy();
  }

  const values: NewMaterialRow = {
    sid,
    format: staged.type.kind,
    keywords: input.keywords,
    searchTokens: searchTokensFor(input.keywords),
    width: facts.width,
    height: facts.height,
    durationMs: facts.durationMs,
    aspectRatio: facts.aspectRatio,
    resolution: facts.resolution,
    authTypes: qualifyingLicenceTypes(facts.width, facts.height, staged.type.kind),
    originalKey,
    originalMime: staged.type.mime,
    originalBytes: staged.bytes,
    contentSha256: staged.sha256,
    status: MaterialStatus.PROCESSING,
    reviewState: MaterialReview.PENDING,
  };
  let created: { row: AdminMaterialRow; job: Awaited<ReturnType<typeof insertMediaJob>> };
  try {
    created = await deps.db.transaction(async (tx) => {
      const row = await insertMaterialRow(tx, values);
      const job = await insertMediaJob(tx, sid);
      if (input.batch) {
        // The operator may have cancelled the file while its bytes arrived: then nothing is kept.
        const received = await transitionUploadFile(tx, input.batch.fileSid, 'receive', {
          materialSid: sid,
          reason: null,
        });
        if (!received) throw new AppError(ErrorCode.UPLOAD_FILE_CANCELLED);
      }
      await recordOperatorAction(tx, {
        operatorSid: operator.sid,
        action: AuditAction.MATERIAL_UPLOAD,
        entity: AuditEntity.MATERIAL,
        entitySid: sid,
        refs: input.batch ? [input.batch.sid] : [],
        before: null,
        after: {
          format: row.format,
          keywords: row.keywords,
          width: row.width,
          height: row.height,
          durationMs: row.durationMs,
          authTypes: row.authTypes,
          originalMime: row.originalMime,
          originalBytes: row.originalBytes,
          status: row.status,
          review: row.reviewState,
        },
      });
      return { row, job };
    });
  } catch (error) {
    await deps.storage.delete(originalKey).catch(() => undefined);
    // Two uploads of the same bytes at once: the second insert meets the first's hash.
    if (uniqueViolationConstraint(error) === 'materials_content_sha256_key') {
      const first = await findMaterialByContentHash(deps.db, staged.sha256);
      if (first) throw new DuplicateUploadError(first.sid);
    }
    throw error;
  }
  deps.mediaJobs.notify();
  return toAdminMaterial(created.row, created.job, { publicUrlOf: deps.publicUrlOf, now: new Date() });
}

export function uploadConfig(deps: AdminMaterialDeps): TUploadConfigResponse {
  return {
    imageMaxBytes: deps.config.upload.imageMaxBytes,
    videoMaxBytes: deps.config.upload.maxBytes,
    maxPixels: deps.config.upload.maxPixels,
    videoProcessing: deps.video.available,
    accept: UPLOAD_ACCEPT,
  };
}

/* ------------------------------------------------------------------ list and read */

/** Materials as the console sees them, each with its newest media job. */
export async function presentAdminMaterials(
  deps: AdminMaterialDeps,
  rows: AdminMaterialRow[],
): Promise<TAdminMaterial[]> {
  const jobs = await findLatestMediaJobs(
    deps.db,
    rows.map((r) => r.sid),
  );
  const context = { publicUrlOf: deps.publicUrlOf, now: new Date() };
  return rows.map((row) => toAdminMaterial(row, jobs.get(row.sid), context));
}

const BAD_CURSOR = '分页位置不正确，请从第一页重新查看';

/** A page's end as the next page's cursor: the sort it belongs to, the sort value and the seq (bench:admin makes deep pages' cursors with it). */
export function encodeMaterialCursor(sort: AdminMaterialSortKey, position: AdminMaterialPosition): string {
  return Buffer.from(JSON.stringify([sort, position.value, position.seq])).toString('base64url');
}

/** A cursor this server made for this sort; any other is refused (1001, nothing read). */
function decodeMaterialCursor(sort: AdminMaterialSortKey, cursor: string): AdminMaterialPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && value[0] === sort && Number.isSafeInteger(value[2])) {
      const [, at, seq] = value as [string, unknown, number];
      const valid =
        typeof at === 'string' &&
        (sort === 'newest' || sort === 'oldest'
          ? /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at)
          : /^-?\d{1,15}$/.test(at));
      if (valid) return { value: at, seq };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError(ErrorCode.VALIDATION, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
}

/**
 * One page of the console's list, by cursor, and its matches counted up to LIST_COUNT_CAP (as the
 * other keyset lists: "1,000+"). A search is counted first: when more materials match than the
 * cap, the page walks the order's index instead of reading every match (listAdminMaterials' `walk`).
 */
export async function listMaterials(
  deps: AdminMaterialDeps,
  query: z.output<typeof ZAdminMaterialListQuery>,
): Promise<TAdminMaterialListResponse> {
  const filter = {
    q: query.q,
    status: query.status,
    format: query.format,
    disabled: query.disabled,
    featured: query.featured,
  };
  const after = query.cursor === undefined ? undefined : decodeMaterialCursor(query.sort, query.cursor);
  const page = { sort: query.sort, limit: query.page_size + 1, after };
  let found: Awaited<ReturnType<typeof listAdminMaterials>>;
  let counted: number;
  if (filter.q) {
    counted = await countAdminMaterials(deps.db, filter, LIST_COUNT_CAP);
    found = await listAdminMaterials(deps.db, filter, { ...page, walk: counted > LIST_COUNT_CAP });
  } else {
    [found, counted] = await Promise.all([
      listAdminMaterials(deps.db, filter, page),
      countAdminMaterials(deps.db, filter, LIST_COUNT_CAP),
    ]);
  }
  const rows = found.slice(0, query.page_size);
  const last = rows.at(-1);
  return {
    ...cappedTotal(counted, LIST_COUNT_CAP),
    nextCursor: found.length > query.page_size && last ? encodeMaterialCursor(query.sort, last.position) : null,
    materials: await presentAdminMaterials(
      deps,
      rows.map((f) => f.row),
    ),
  };
}

function notFound(): AppError {
  return new AppError(ErrorCode.MATERIAL_NOT_FOUND, '素材不存在');
}

export async function getMaterial(deps: AdminMaterialDeps, sid: string): Promise<TAdminMaterial> {
  const row = await findMaterial(deps.db, sid);
  if (!row) throw notFound();
  return (await presentAdminMaterials(deps, [row]))[0]!;
}

/* ------------------------------------------------------------------ edit */

type MaterialPatch = z.output<typeof ZAdminMaterialPatch>;

function licenceName(type: number): string {
  try {
    return licenceSpec(type as LicenceType).name;
  } catch {
    return `类型 ${type}`;
  }
}

/**
 * Rules that need the stored row: prices only for licence types the material qualifies for, and
 * a special price never above the list price of its type (its own price, else the table's).
 */
function priceErrors(row: AdminMaterialRow, patch: MaterialPatch): FieldError[] {
  const errors: FieldError[] = [];
  const allowed = new Set(row.authTypes.map(String));
  for (const field of ['pricesCents', 'specialPricesCents'] as const) {
    for (const type of Object.keys(patch[field] ?? {})) {
      if (!allowed.has(type)) {
        errors.push({
          path: `${field}.${type}`,
          message: `该素材不满足「${licenceName(Number(type))}」的尺寸要求，不能为其定价`,
        });
      }
    }
  }
  const prices = patch.pricesCents ?? row.pricesCents;
  const specials = patch.specialPricesCents ?? row.specialPricesCents;
  for (const [type, special] of Object.entries(specials)) {
    if (!allowed.has(type)) continue;
    const list = prices[type] ?? licenceSpec(Number(type) as LicenceType).priceCents;
    if (special > list) {
      errors.push({
        path: `specialPricesCents.${type}`,
        message: `「${licenceName(Number(type))}」的特价不能高于原价`,
      });
    }
  }
  return errors;
}

type Comparable = string | number | boolean | null | string[] | Record<string, number>;

function sameValue(a: Comparable, b: Comparable): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function sortedMap(map: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Applies an operator's edit. The row is locked for the transaction; only fields whose value
 * really changes are written, and the audit record holds exactly those, before and after.
 * Editing keywords recomputes the search tokens.
 */
export async function updateMaterial(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  sid: string,
  patch: MaterialPatch,
): Promise<TAdminMaterial> {
  let changed = false;
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockMaterial(tx, sid);
    if (!current) throw notFound();
    // Checked under the row lock: of two saves from forms loaded at one version, the second fails.
    if (patch.version !== undefined && patch.version !== current.editVersion) {
      throw new AppError(ErrorCode.MATERIAL_EDITED_ELSEWHERE);
    }
    const errors = priceErrors(current, patch);
    if (errors.length > 0) throw new AppError(ErrorCode.VALIDATION, errors[0]!.message, errors);

    const next: Record<string, Comparable> = {};
    const before: Record<string, Comparable> = {};
    const consider = (field: string, oldValue: Comparable, newValue: Comparable | undefined) => {
      if (newValue === undefined || sameValue(oldValue, newValue)) return;
      before[field] = oldValue;
      next[field] = newValue;
    };
    consider('keywords', current.keywords, patch.keywords);
    consider(
      'pricesCents',
      sortedMap(current.pricesCents),
      patch.pricesCents ? sortedMap(patch.pricesCents) : undefined,
    );
    consider(
      'specialPricesCents',
      sortedMap(current.specialPricesCents),
      patch.specialPricesCents ? sortedMap(patch.specialPricesCents) : undefined,
    );
    consider('customPriceCents', current.customPriceCents, patch.customPriceCents);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const normalIso = (v: string | null | undefined) =>
      v === undefined ? undefined : v === null ? null : new Date(v).toISOString();
    consider('freeFrom', iso(current.freeFrom), normalIso(patch.freeFrom));
    consider('freeUntil', iso(current.freeUntil), normalIso(patch.freeUntil));
    consider('featured', current.featured, patch.featured);
    consider('disabled', current.disabled, patch.disabled);
    consider('remark', current.remark, patch.remark);
    for (const facet of FACETS) {
      const value = patch[facet];
      if (value !== undefined && value !== null && !isFacetValue(facet, value)) throw unknownFacetError(facet, [value]);
      consider(facet, current[facet], value);
    }
    if (Object.keys(next).length === 0) return current;

    const values: Partial<NewMaterialRow> = {};
    if ('keywords' in next) {
      values.keywords = next.keywords as string[];
      values.searchTokens = searchTokensFor(values.keywords);
    }
    if ('pricesCents' in next) values.pricesCents = next.pricesCents as Record<string, number>;
    if ('specialPricesCents' in next) values.specialPricesCents = next.specialPricesCents as Record<string, number>;
    if ('customPriceCents' in next) values.customPriceCents = next.customPriceCents as number | null;
    if ('freeFrom' in next) values.freeFrom = next.freeFrom === null ? null : new Date(next.freeFrom as string);
    if ('freeUntil' in next) values.freeUntil = next.freeUntil === null ? null : new Date(next.freeUntil as string);
    if ('featured' in next) values.featured = next.featured as boolean;
    if ('disabled' in next) values.disabled = next.disabled as boolean;
    if ('remark' in next) values.remark = next.remark as string | null;
    for (const facet of FACETS) if (facet in next) values[facet] = next[facet] as string | null;
    // A free window may be changed at one end only; the stored pair must still be in order.
    const from = 'freeFrom' in values ? values.freeFrom : current.freeFrom;
    const until = 'freeUntil' in values ? values.freeUntil : current.freeUntil;
    if ((from === null) !== (until === null) || (from && until && from >= until)) {
      throw new AppError(ErrorCode.VALIDATION, '免费开始时间必须早于结束时间', [
        { path: 'freeUntil', message: '免费开始时间必须早于结束时间' },
      ]);
    }

    values.editVersion = current.editVersion + 1;
    const updated = await updateMaterialRow(tx, sid, values);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.MATERIAL_UPDATE,
      entity: AuditEntity.MATERIAL,
      entitySid: sid,
      before,
      after: next,
    });
    changed = true;
    return updated!;
  });
  if (changed) await deps.events?.emit('catalog.changed', {});
  return (await presentAdminMaterials(deps, [row]))[0]!;
}

/**
 * Queues the renditions again (after a failure, or to pick up a new watermark). A ready material
 * stays visible with its current files until the new ones replace them; a failed one goes back
 * to processing.
 */
export async function reprocessMaterial(
  deps: AdminMaterialDeps,
  operator: OperatorRow,
  sid: string,
): Promise<TAdminMaterial> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await lockMaterial(tx, sid);
    if (!current) throw notFound();
    if (await findPendingMediaJob(tx, sid)) throw new AppError(ErrorCode.MEDIA_JOB_PENDING);
    if (current.format === 'video' && !deps.video.available) throw new AppError(ErrorCode.VIDEO_PROCESSING_UNAVAILABLE);
    const job = await insertMediaJob(tx, sid);
    const status = current.status === MaterialStatus.READY ? MaterialStatus.READY : MaterialStatus.PROCESSING;
    const updated = status === current.status ? current : await updateMaterialRow(tx, sid, { status });
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.MATERIAL_REPROCESS,
      entity: AuditEntity.MATERIAL,
      entitySid: sid,
      before: { status: current.status },
      after: { status, jobId: job.id },
    });
    return updated!;
  });
  deps.mediaJobs.notify();
  return (await presentAdminMaterials(deps, [row]))[0]!;
}
