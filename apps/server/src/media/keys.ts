import { createHash } from 'node:crypto';
import type { StorageArea } from './storage.js';
import { TRACE_MARK_VERSION } from './trace-mark.js';

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
 * Bumped when the way a picture's channel cut is made changes (frame, quality), so cuts made
 * before are not served again: their keys are simply no longer asked for. 2: a picture on a clear
 * (white) background is framed on the product's box, not by the attention strategy.
 */
export const CHANNEL_CUT_VERSION = 2;

/**
 * The same for a video's reframe, apart: a new way of framing pictures must not throw away
 * reframes that took minutes of encoding and did not change.
 */
export const VIDEO_CUT_VERSION = 1;

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
  const hash = createHash('sha256').update(`${VIDEO_CUT_VERSION}:${originalKey}`).digest('hex').slice(0, 16);
  return `private/materials/${sid}/cut-video-${size.width}x${size.height}-${hash}.mp4`;
}

/** The file format of a licence's marked original: the original's own when it is JPEG, PNG or WebP. */
export function tracedFormatOf(originalKey: string): 'jpeg' | 'png' | 'webp' {
  const ext = originalKey.slice(originalKey.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' ? 'png' : ext === 'webp' ? 'webp' : 'jpeg';
}

/**
 * Private storage key of a licence's marked original (docs/decisions/0049), e.g.
 * `private/materials/k3x…/traced-9h2…-4be1….jpg`: named by the licence and by the original and
 * TRACE_MARK_VERSION (the hash), so a replaced original or a new mark makes a new file.
 */
export function tracedOriginalKey(materialSid: string, licenceSid: string, originalKey: string): string {
  const hash = createHash('sha256').update(`trace:${TRACE_MARK_VERSION}:${originalKey}`).digest('hex').slice(0, 16);
  const format = tracedFormatOf(originalKey);
  return `private/materials/${materialSid}/traced-${licenceSid}-${hash}.${format === 'jpeg' ? 'jpg' : format}`;
}

/**
 * Private storage key of a licence's marked channel cut of a picture, e.g.
 * `private/materials/k3x…/traced-cut-xiaohongshu-9h2…-4be1….jpg`: the unmarked cut (channelCutKey,
 * shared by every licence) with the licence's mark, named by the cut's own key and
 * TRACE_MARK_VERSION (the hash), so a new cut or a new mark makes a new file.
 */
export function tracedCutKey(materialSid: string, preset: string, licenceSid: string, cutKey: string): string {
  const hash = createHash('sha256').update(`trace:${TRACE_MARK_VERSION}:${cutKey}`).digest('hex').slice(0, 16);
  return `private/materials/${materialSid}/traced-cut-${preset}-${licenceSid}-${hash}.jpg`;
}

/**
 * Private storage key of a licence's marked video (every frame carries its mark), e.g.
 * `private/materials/k3x…/traced-video-9h2…-4be1….mp4`, named as a marked original is.
 */
export function tracedVideoKey(materialSid: string, licenceSid: string, originalKey: string): string {
  const hash = createHash('sha256')
    .update(`trace-video:${TRACE_MARK_VERSION}:${originalKey}`)
    .digest('hex')
    .slice(0, 16);
  return `private/materials/${materialSid}/traced-video-${licenceSid}-${hash}.mp4`;
}

const TRACED_KEY = /^private\/materials\/([a-z0-9]+)\/traced-([a-z0-9]+)-[0-9a-f]{16}\.(?:jpg|png|webp)$/;
const TRACED_CUT_KEY = /^private\/materials\/([a-z0-9]+)\/traced-cut-([a-z]+)-([a-z0-9]+)-[0-9a-f]{16}\.jpg$/;

/**
 * What a marked file's key names: the material, the licence and, for a channel cut, its preset
 * (null for the original). Null for any other key (a marked video is made by a job, not on fetch).
 */
export function parseTracedKey(key: string): { materialSid: string; licenceSid: string; preset: string | null } | null {
  const cut = TRACED_CUT_KEY.exec(key);
  if (cut) return { materialSid: cut[1]!, preset: cut[2]!, licenceSid: cut[3]! };
  const m = TRACED_KEY.exec(key);
  return m ? { materialSid: m[1]!, licenceSid: m[2]!, preset: null } : null;
}

/**
 * Version of a video's stored sampled frames (trace-video.ts's first pass): a new sampling rate
 * or size makes new keys, and the old files are no longer asked for.
 */
export const TRACE_SAMPLED_VERSION = 1;

/**
 * `private/materials/k3x…/trace-sampled-4be1….grey`: a video's first-pass frames for 溯源,
 * computed once and kept; named by the original's key (its content) and TRACE_SAMPLED_VERSION,
 * so a replaced original samples again.
 */
export function traceSampledKey(materialSid: string, originalKey: string): string {
  const hash = createHash('sha256')
    .update(`trace-sampled:${TRACE_SAMPLED_VERSION}:${originalKey}`)
    .digest('hex')
    .slice(0, 16);
  return `private/materials/${materialSid}/trace-sampled-${hash}.grey`;
}
