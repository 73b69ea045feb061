import { DESIGN_FILE_MAX_BYTES, DesignFileKind, ErrorCode } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { sniffMediaType } from '../../media/file-type.js';
import {
  makeCover,
  makeWatermarkedPreview,
  PREVIEW_LONG_SIDE,
  readImageInfo,
  UnsupportedImageError,
} from '../../media/image-processor.js';
import { contentHash } from '../../media/keys.js';

export interface StoredDesignFile {
  fileKey: string;
  previewKey: string | null;
  contentType: string;
  width: number | null;
  height: number | null;
  bytes: number;
}

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'mp4']);

/**
 * Checks a designer's file by its bytes (a picture the browser shows, or an MP4) and stores it
 * privately under the demand, with a picture for the browser: a draft's is downsized and
 * covered with the tiled mark (the buyer reviews it; the clean file is the delivery), the
 * final's is downsized only. A video is shown from the file itself through its signed link.
 */
export async function storeDesignFile(
  deps: Pick<AppDeps, 'storage'>,
  demandSid: string,
  kind: DesignFileKind,
  body: Buffer,
): Promise<StoredDesignFile> {
  if (body.length === 0) throw new AppError(ErrorCode.DESIGN_FILE_TYPE);
  if (body.length > DESIGN_FILE_MAX_BYTES) throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE);
  const type = sniffMediaType(body.subarray(0, 64));
  if (!type || !ACCEPTED.has(type.format)) throw new AppError(ErrorCode.DESIGN_FILE_TYPE);
  // Each upload gets its own name: a refused or lost upload removes its objects without touching
  // an identical file another upload stored.
  const base = `private/designs/${demandSid}/${kind}-${contentHash(body)}-${newSid(6)}`;
  if (type.kind === 'video') {
    const stored = await deps.storage.put(`${base}.${type.ext}`, body, type.mime);
    return {
      fileKey: stored.key,
      previewKey: null,
      contentType: type.mime,
      width: null,
      height: null,
      bytes: body.length,
    };
  }
  let info;
  let preview;
  try {
    info = await readImageInfo(body);
    preview =
      kind === DesignFileKind.DRAFT
        ? await makeWatermarkedPreview(body, { format: 'jpeg', longSide: PREVIEW_LONG_SIDE })
        : await makeCover(body, { format: 'jpeg', longSide: PREVIEW_LONG_SIDE });
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new AppError(ErrorCode.DESIGN_FILE_TYPE);
    throw error;
  }
  const file = await deps.storage.put(`${base}.${type.ext}`, body, type.mime);
  const shown = await deps.storage.put(`${base}-preview.${preview.ext}`, preview.data, preview.mime);
  return {
    fileKey: file.key,
    previewKey: shown.key,
    contentType: type.mime,
    width: info.width,
    height: info.height,
    bytes: body.length,
  };
}
