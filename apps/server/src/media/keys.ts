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

/**
 * Bumped when the way a channel cut is made changes (frame, quality), so cuts made before are
 * not served again: their keys are simply no longer asked for.
 */
export const CHANNEL_CUT_VERSION = 1;

/**
 * Private storage key of a material's cut for a sales channel, e.g.
 * `private/materials/k3x…/cut-xiaohongshu-1242x1656-9f2c….jpg`. Named by the original it was cut
 * from (its key), the size and CHANNEL_CUT_VERSION, so a replaced original or a new way of cutting
 * makes a new file and a second download of the same cut reuses the stored one.
 */
export function channelCutKey(
  sid: string,
  preset: string,
  size: { width: number; height: number },
  originalKey: string,
): string {
  const hash = createHash('sha256').update(`${CHANNEL_CUT_VERSION}:${originalKey}`).digest('hex').slice(0, 16);
  return `private/materials/${sid}/cut-${preset}-${size.width}x${size.height}-${hash}.jpg`;
}

/**
 * The stored reframe of a licensed video (decision 0046): by size rather than channel, since
 * 天猫 and 京东 take the same 800×800 file; the hash, as for a picture's cut, names the original
 * and the way of cutting, so a new original or a new method makes a new key.
 */
export function channelVideoCutKey(sid: string, size: { width: number; height: number }, originalKey: string): string {
  const hash = createHash('sha256').update(`${CHANNEL_CUT_VERSION}:${originalKey}`).digest('hex').slice(0, 16);
  return `private/materials/${sid}/cut-video-${size.width}x${size.height}-${hash}.mp4`;
}
