import { createHash } from 'node:crypto';
import type { StorageArea } from './storage.js';

export type MaterialFileRole = 'original' | 'thumb' | 'thumb-small' | 'cover' | 'preview' | 'watermark';

/** First 16 hex digits of the SHA-256 of the bytes: enough to tell versions of one file apart. */
export function contentHash(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/**
 * Storage key of one file of a material, e.g. `public/materials/k3x…/thumb-9f2c….webp`. The
 * material's sid keeps its files together (easy to list or delete); the content hash makes the
 * key name exactly one version of the file, so its public URL can be cached as immutable.
 */
export function materialFileKey(
  area: StorageArea,
  sid: string,
  role: MaterialFileRole,
  data: Buffer,
  ext: string,
): string {
  return materialFileKeyForHash(area, sid, role, contentHash(data), ext);
}

/** The same key from a SHA-256 computed elsewhere (hex; e.g. while a large upload streamed in). */
export function materialFileKeyForHash(
  area: StorageArea,
  sid: string,
  role: MaterialFileRole,
  sha256Hex: string,
  ext: string,
): string {
  return `${area}/materials/${sid}/${role}-${sha256Hex.slice(0, 16)}.${ext}`;
}
