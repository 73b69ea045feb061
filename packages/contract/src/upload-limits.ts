/**
 * What a direct upload may be, per purpose (api/upload.ts): the web checks a file against these
 * before sending it and the server after. No zod here, so a page that only shows the limits or
 * checks a file before its upload does not load it.
 */

/** What an upload is for: the product photo, the logo, or a reference image of a super-customization brief. */
export const UPLOAD_PURPOSES = ['product', 'logo', 'reference'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The only content types accepted, checked by the file's bytes as well as its declared type. */
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export interface UploadLimit {
  /** What the file is called in messages: 产品图, Logo, 参考图. */
  label: string;
  maxBytes: number;
  contentTypes: readonly UploadContentType[];
  /** Smallest width and height, in pixels. */
  minSide: number;
  /** Largest width and height, in pixels. */
  maxSide: number;
}

const MB = 1024 * 1024;

/** Per purpose: the web checks them before uploading, the server after (by the file's content). */
export const UPLOAD_LIMITS: Record<UploadPurpose, UploadLimit> = {
  product: { label: '产品图', maxBytes: 10 * MB, contentTypes: UPLOAD_CONTENT_TYPES, minSide: 300, maxSide: 10000 },
  logo: { label: 'Logo', maxBytes: 5 * MB, contentTypes: UPLOAD_CONTENT_TYPES, minSide: 64, maxSide: 6000 },
  reference: { label: '参考图', maxBytes: 10 * MB, contentTypes: UPLOAD_CONTENT_TYPES, minSide: 100, maxSide: 10000 },
};

/** "10 MB", "5 MB" for messages. */
export function formatUploadBytes(bytes: number): string {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Rules of one purpose in one sentence, e.g. under an upload box. */
export function uploadLimitHint(purpose: UploadPurpose): string {
  const limit = UPLOAD_LIMITS[purpose];
  return `支持 JPEG、PNG、WebP，不超过 ${formatUploadBytes(limit.maxBytes)}，宽高 ${limit.minSide}–${limit.maxSide} 像素`;
}
