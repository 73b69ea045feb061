import {
  formatUploadBytes,
  type TUploadCheckResponse,
  type TUploadTokenResponse,
  UPLOAD_LIMITS,
  type UploadContentType,
  type UploadPurpose,
  UPLOAD_ROUTES,
} from '@gemstock/contract';
import { ApiError, callApi, NETWORK_ERROR_CODE, parseApiResponse } from '@/lib/api-client';

/**
 * A direct upload for custom design: credentials (GET /api/common/oss_sts_token), the file POSTed
 * straight to storage with its progress (the bucket, or the server's local target), then the
 * server's check (POST /api/common/upload/check). Every step fails with a Chinese message; the
 * calls are quiet so the upload box shows it next to the file rather than as a toast.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

/** The browser's own look at the file before anything is sent: type and size, by the contract's limits. */
export function precheckUploadFile(file: Pick<File, 'type' | 'size' | 'name'>, purpose: UploadPurpose): string | null {
  const limit = UPLOAD_LIMITS[purpose];
  if (!(limit.contentTypes as readonly string[]).includes(file.type)) {
    return `${limit.label}仅支持 JPEG、PNG、WebP 格式的图片`;
  }
  if (file.size === 0) return '文件是空的，请重新选择';
  if (file.size > limit.maxBytes) return `${limit.label}不能超过 ${formatUploadBytes(limit.maxBytes)}`;
  return null;
}

export function getUploadCredentials(
  purpose: UploadPurpose,
  contentType: UploadContentType,
  signal?: AbortSignal,
): Promise<TUploadTokenResponse> {
  return callApi(UPLOAD_ROUTES.token, { query: { purpose, content_type: contentType } }, { quiet: true, signal });
}

export function checkUpload(key: string, purpose: UploadPurpose, signal?: AbortSignal): Promise<TUploadCheckResponse> {
  return callApi(UPLOAD_ROUTES.check, { body: { key, purpose } }, { quiet: true, signal });
}

/** What an S3-compatible store's XML error means to a buyer. */
function storageErrorMessage(status: number, body: string): string {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? '';
  if (code === 'EntityTooLarge') return '文件过大，超出上传大小限制';
  if (code === 'EntityTooSmall') return '文件是空的，请重新选择';
  if (/expired/i.test(body)) return '上传凭证已过期，请重新上传';
  if (status === 403) return '上传凭证无效或已过期，请重新上传';
  return `上传失败（HTTP ${status}），请稍后重试`;
}

/**
 * POSTs `fields` then `file` as multipart form-data to the credentials' address, through
 * XMLHttpRequest for its progress events. No Authorization header: the signed policy is the
 * permission (and a bucket on another origin must not receive the session token).
 */
export function postToStorage(
  credentials: Pick<TUploadTokenResponse, 'upload_url' | 'fields'>,
  file: Blob,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(credentials.fields)) form.append(name, value);
    // The file goes last: fields after it are ignored by S3.
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', credentials.upload_url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      options.onProgress?.({
        loaded: event.loaded,
        total: event.total,
        percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      // Our local target answers the envelope (with its Chinese message); a bucket answers XML.
      try {
        parseApiResponse<unknown>(xhr.status, false, xhr.responseText);
      } catch (error) {
        if (error instanceof ApiError && error.code !== NETWORK_ERROR_CODE) return reject(error);
      }
      reject(new ApiError(NETWORK_ERROR_CODE, storageErrorMessage(xhr.status, xhr.responseText), xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试', 0));
    xhr.onabort = () => reject(new DOMException('上传已取消', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('上传已取消', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The whole sequence: credentials → POST → check. Resolves with what the server found. */
export async function uploadDirect(
  file: File,
  purpose: UploadPurpose,
  options: { onProgress?: (progress: UploadProgress) => void; onChecking?: () => void; signal?: AbortSignal } = {},
): Promise<TUploadCheckResponse> {
  const credentials = await getUploadCredentials(purpose, file.type as UploadContentType, options.signal);
  await postToStorage(credentials, file, { onProgress: options.onProgress, signal: options.signal });
  options.onChecking?.();
  return checkUpload(credentials.key, purpose, options.signal);
}

/**
 * A small copy of the picture as a data URL, for the preview: unlike an object URL it outlives the
 * page, so a draft brought back after a reload still shows the file. Null where the browser
 * cannot draw it (the caller falls back to an object URL).
 */
export async function thumbnailOf(file: Blob, maxSide = 480): Promise<string | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) {
      bitmap.close();
      return null;
    }
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    // WebP keeps a logo's transparency at a photo's size; a browser without it answers PNG
    return canvas.toDataURL('image/webp', 0.85);
  } catch {
    return null;
  }
}
