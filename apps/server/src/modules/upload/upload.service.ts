import {
  ErrorCode,
  formatUploadBytes,
  UPLOAD_LIMITS,
  UPLOAD_PATHS,
  UPLOAD_POLICY_TTL_SECONDS,
  type TUploadTokenResponse,
  type UploadContentType,
  type UploadPurpose,
} from '@gemstock/contract';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SignedDownloadUrl } from '../../lib/download-url.js';
import { sniffMediaType } from '../../media/file-type.js';
import { readImageHeader, verifyImageDecodes } from '../../media/image-processor.js';
import { isValidStorageKey, StorageNotFoundError } from '../../media/storage.js';
import type { UserRow } from '../../db/rows.js';
import { presignS3Post } from './s3-post-policy.js';
import {
  deleteUnusedUpload,
  findDirectUpload,
  insertDirectUpload,
  listUnusedUploads,
  markUploadsUsed as markRowsUsed,
  recordUploadCheck,
} from './upload.repository.js';

/**
 * Direct uploads for custom design (decision 0018). A signed-in buyer gets credentials for one
 * key in the private area under their own prefix, `private/uploads/<userSid>/<purpose>/<random>`,
 * sends the file straight to storage (S3 presigned POST, or the local route on the embedded
 * default), and the file is checked by its bytes before anything may use it.
 */

export interface UsableUpload {
  key: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

/** Unused uploads (no order or brief took them) are purged with their objects after this long. */
export const UNUSED_UPLOAD_RETENTION_DAYS = 7;
/** How often the purge runs (server.ts). */
export const UPLOAD_PURGE_INTERVAL_MS = 3_600_000;

const EXTENSION: Record<UploadContentType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** Where one account's uploads of one purpose live; nothing outside it is theirs. */
export function uploadKeyPrefix(userSid: string, purpose: UploadPurpose): string {
  return `private/uploads/${userSid}/${purpose}/`;
}

const RANDOM_PART = /^[a-f0-9]{32}(\.(jpg|png|webp))?$/;

/** Whether `key` is a key this server could have issued to `userSid` for `purpose`. */
export function isUploadKeyOf(key: string, userSid: string, purpose: UploadPurpose): boolean {
  const prefix = uploadKeyPrefix(userSid, purpose);
  return isValidStorageKey(key) && key.startsWith(prefix) && RANDOM_PART.test(key.slice(prefix.length));
}

/** GET /api/common/oss_sts_token: credentials for one upload, recorded so only issued keys are ever usable. */
export async function issueUploadCredentials(
  deps: Pick<AppDeps, 'config' | 'db' | 'uploadPolicies'>,
  user: UserRow,
  purpose: UploadPurpose,
  contentType: UploadContentType | undefined,
  now: Date = new Date(),
): Promise<TUploadTokenResponse> {
  const limit = UPLOAD_LIMITS[purpose];
  const random = randomBytes(16).toString('hex');
  const key = `${uploadKeyPrefix(user.sid, purpose)}${random}${contentType ? `.${EXTENSION[contentType]}` : ''}`;
  const exp = Math.floor(now.getTime() / 1000) + UPLOAD_POLICY_TTL_SECONDS;
  const expiresAt = new Date(exp * 1000);
  const contentTypes = contentType ? [contentType] : [...limit.contentTypes];

  await insertDirectUpload(deps.db, {
    key,
    userSid: user.sid,
    purpose,
    declaredContentType: contentType ?? null,
    expiresAt,
  });

  const { storage } = deps.config;
  if (storage.driver === 's3') {
    const post = presignS3Post(storage.s3, { key, maxBytes: limit.maxBytes, contentType, expiresAt, now });
    return {
      upload_url: post.url,
      fields: post.fields,
      key,
      max_bytes: limit.maxBytes,
      content_types: contentTypes,
      expires_at: expiresAt.toISOString(),
    };
  }
  const fields = deps.uploadPolicies.sign({ key, contentTypes, maxBytes: limit.maxBytes, exp }, contentType);
  return {
    upload_url: UPLOAD_PATHS.local,
    fields,
    key,
    max_bytes: limit.maxBytes,
    content_types: contentTypes,
    expires_at: expiresAt.toISOString(),
  };
}

function tooLarge(purpose: UploadPurpose): AppError {
  const limit = UPLOAD_LIMITS[purpose];
  return new AppError(ErrorCode.UPLOAD_TOO_LARGE, `${limit.label}不能超过 ${formatUploadBytes(limit.maxBytes)}`);
}

export function uploadTooLargeError(maxBytes: number): AppError {
  return new AppError(ErrorCode.UPLOAD_TOO_LARGE, `文件不能超过 ${formatUploadBytes(maxBytes)}`);
}

async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const notUploaded = () => new AppError(ErrorCode.UPLOAD_NOT_FOUND, '文件未上传或已失效，请重新上传');

/** The facts of the file's bytes, or the refusal a buyer understands. */
async function inspectObject(
  deps: Pick<AppDeps, 'config' | 'storage'>,
  key: string,
  purpose: UploadPurpose,
): Promise<UsableUpload> {
  const limit = UPLOAD_LIMITS[purpose];
  const info = await deps.storage.stat(key);
  if (!info) throw notUploaded();
  if (info.bytes > limit.maxBytes) throw tooLarge(purpose);
  if (info.bytes === 0) throw new AppError(ErrorCode.UPLOAD_NOT_IMAGE);
  let data: Buffer | null;
  try {
    data = await readAtMost(await deps.storage.getStream(key), limit.maxBytes);
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notUploaded();
    throw error;
  }
  if (!data) throw tooLarge(purpose);

  const sniffed = sniffMediaType(data.subarray(0, 64));
  if (!sniffed) throw new AppError(ErrorCode.UPLOAD_NOT_IMAGE);
  if (!(limit.contentTypes as readonly string[]).includes(sniffed.mime)) {
    throw new AppError(ErrorCode.UPLOAD_TYPE_NOT_ALLOWED);
  }
  // A key with an extension was issued for that type: the bytes must agree with it.
  const dot = key.lastIndexOf('.');
  if (dot > key.lastIndexOf('/') && key.slice(dot + 1) !== sniffed.ext) {
    throw new AppError(
      ErrorCode.UPLOAD_TYPE_NOT_ALLOWED,
      '文件内容与文件类型不符，请上传真实的 JPEG、PNG 或 WebP 图片',
    );
  }
  let header;
  try {
    header = await readImageHeader(data);
  } catch {
    throw new AppError(ErrorCode.UPLOAD_NOT_IMAGE);
  }
  if (header.format !== sniffed.format) throw new AppError(ErrorCode.UPLOAD_NOT_IMAGE);
  const { width, height } = header;
  const outside =
    width * height > deps.config.upload.maxPixels ||
    Math.min(width, height) < limit.minSide ||
    Math.max(width, height) > limit.maxSide;
  if (outside) {
    throw new AppError(
      ErrorCode.UPLOAD_BAD_DIMENSIONS,
      `${limit.label}的宽高需在 ${limit.minSide}–${limit.maxSide} 像素之间（当前 ${width}×${height}）`,
    );
  }
  try {
    await verifyImageDecodes(data);
  } catch {
    throw new AppError(ErrorCode.UPLOAD_NOT_IMAGE);
  }
  return { key, contentType: sniffed.mime, width, height, bytes: data.length };
}

/**
 * The one check before an uploaded file is used (custom order, brief, the check endpoint): the
 * key is this user's for that purpose, it was issued and uploaded, and its bytes are a real
 * JPEG/PNG/WebP within the purpose's size and dimension limits. The facts are remembered; once
 * the credentials have expired (nothing can replace the file any more) a second check does not
 * read the object again. Refusals change nothing.
 */
export async function assertUsableUpload(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  user: UserRow,
  key: string,
  purpose: UploadPurpose,
): Promise<{ key: string; contentType: string; width: number; height: number; bytes: number }> {
  if (!isUploadKeyOf(key, user.sid, purpose)) {
    throw new AppError(
      ErrorCode.UPLOAD_KEY_FORBIDDEN,
      `该文件不属于当前账号的${UPLOAD_LIMITS[purpose].label}上传，无法使用`,
    );
  }
  const row = await findDirectUpload(deps.db, key);
  if (!row || row.userSid !== user.sid || row.purpose !== purpose) throw notUploaded();
  const frozen = row.expiresAt.getTime() <= Date.now();
  if (row.checkedAt && frozen && row.contentType && row.width && row.height && row.bytes) {
    return { key, contentType: row.contentType, width: row.width, height: row.height, bytes: row.bytes };
  }
  const facts = await inspectObject(deps, key, purpose);
  await recordUploadCheck(deps.db, key, {
    contentType: facts.contentType,
    width: facts.width,
    height: facts.height,
    bytes: facts.bytes,
  });
  return facts;
}

/**
 * For the order or brief that takes the files, inside its transaction: marks them used so the
 * purge keeps them. Call assertUsableUpload first; a key that is not the user's is refused.
 */
export async function markUploadsUsed(tx: DbOrTx, user: UserRow, keys: string[]): Promise<void> {
  const unique = [...new Set(keys)];
  const found = await markRowsUsed(tx, user.sid, unique);
  if (found.length !== unique.length) throw notUploaded();
}

/**
 * A short-lived link to a private upload (served by the original-download route, which trusts
 * only the signature). The caller decides who may read it: the buyer who uploaded the file (their
 * own demand) and the operators handling that demand. Never put it where others can see it.
 */
export function signedUploadUrl(deps: Pick<AppDeps, 'downloadUrls'>, key: string, ttlSeconds = 300): SignedDownloadUrl {
  return deps.downloadUrls.signDownloadUrl(key, ttlSeconds);
}

/** One pass of the purge: unused uploads older than the retention, row first, then the object. */
export async function purgeUnusedUploads(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  now: Date = new Date(),
  batch = 200,
): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_UPLOAD_RETENTION_DAYS * 24 * 3600 * 1000);
  let purged = 0;
  for (;;) {
    const keys = await listUnusedUploads(deps.db, before, batch);
    for (const key of keys) {
      // The row goes first, guarded by "still unused": an order taking the file meanwhile keeps it.
      if (await deleteUnusedUpload(deps.db, key)) {
        await deps.storage.delete(key);
        purged += 1;
      }
    }
    if (keys.length < batch) return purged;
  }
}
