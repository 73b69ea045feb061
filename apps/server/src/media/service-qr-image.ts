import sharp from 'sharp';
import { sniffMediaType } from './file-type.js';

export type ServiceQrImageCheck =
  { ok: true; png: Buffer } | { ok: false; reason: 'not_image' | 'bad_size'; width?: number; height?: number };

const MIN_SIDE = 120;
const MAX_SIDE = 4000;
const STORED_SIDE = 600;

/**
 * Checks an uploaded customer-service QR picture by its bytes (PNG, JPEG or WebP that decodes,
 * 120–4000 px a side) and returns it as a PNG of at most 600 px a side, so what is served is
 * always a clean picture whatever was uploaded (no metadata, no oversized file).
 */
export async function prepareServiceQrImage(bytes: Buffer): Promise<ServiceQrImageCheck> {
  const type = sniffMediaType(bytes.subarray(0, 64));
  if (!type || type.kind !== 'image' || type.format === 'tiff') return { ok: false, reason: 'not_image' };
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE }).metadata();
  } catch {
    return { ok: false, reason: 'not_image' };
  }
  const { width = 0, height = 0 } = meta;
  if (Math.min(width, height) < MIN_SIDE || Math.max(width, height) > MAX_SIDE) {
    return { ok: false, reason: 'bad_size', width, height };
  }
  try {
    const png = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
      .rotate()
      .resize({ width: STORED_SIDE, height: STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return { ok: true, png };
  } catch {
    return { ok: false, reason: 'not_image' };
  }
}
