import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_DECODE_PIXELS } from './limits.js';
import { watermarkSvg } from './watermark.js';
import { THUMB_LONG_SIDE, THUMB_SMALL_LONG_SIDE } from '@gemstock/contract';

/**
 * Image work, and the only module that loads sharp. Every function takes and returns buffers:
 * where the bytes come from and where they go is the caller's business (see storage.ts).
 */

export type RasterFormat = 'jpeg' | 'webp' | 'png';

export interface ImageInfo {
  /** Displayed size: EXIF rotation already applied. */
  width: number;
  height: number;
  format: string;
  mime: string;
  hasAlpha: boolean;
  bytes: number;
}

export interface Rendition {
  data: Buffer;
  width: number;
  height: number;
  mime: string;
  /** File extension without the dot. */
  ext: string;
}

export class UnsupportedImageError extends Error {
  constructor(message = 'unsupported or damaged image') {
    super(message);
    this.name = 'UnsupportedImageError';
  }
}

/**
 * The grid thumbnails' long sides, 480 and 240 (for 1× screens and narrow tiles: a phone tile is
 * about 170 CSS px wide, so 2× phones still take the 480 one), are the contract's: the web app
 * names both in each tile's srcset and the server preloads a first page's with the same list.
 */
export { THUMB_LONG_SIDE, THUMB_SMALL_LONG_SIDE };
/**
 * The cover carries no watermark, so it is kept as small as the thumbnail: every public file is
 * either marked or too small to use without a licence (see RENDITION_VERSION in renditions.ts).
 */
export const COVER_LONG_SIDE = THUMB_LONG_SIDE;
export const PREVIEW_LONG_SIDE = 1200;

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  heif: 'image/heif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

const EXT: Record<RasterFormat, string> = { jpeg: 'jpg', webp: 'webp', png: 'png' };

/** Decoded pixels, to run several renditions without decoding the source again. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

export type ImageInput = Buffer | RawImage;

/** Pixel budget for untrusted input: a 100-megapixel picture is already far beyond a stock photo. */
const PIXEL_LIMIT = MAX_DECODE_PIXELS;

function open(input: ImageInput): Sharp {
  if (Buffer.isBuffer(input)) return sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' });
  return sharp(input.data, { raw: { width: input.width, height: input.height, channels: input.channels } });
}

function encode(pipeline: Sharp, format: RasterFormat, quality: number, effort = 3): Sharp {
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality, effort });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
  }
}

async function finish(pipeline: Sharp, format: RasterFormat): Promise<Rendition> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, mime: MIME[format]!, ext: EXT[format] };
}

/** Size and type of an image, as displayed (EXIF orientation applied). */
export async function readImageInfo(input: Buffer): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await open(input).metadata();
  } catch (error) {
    throw new UnsupportedImageError(error instanceof Error ? error.message : undefined);
  }
  if (!meta.width || !meta.height || !meta.format) throw new UnsupportedImageError();
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    width: rotated ? meta.height : meta.width,
    height: rotated ? meta.width : meta.height,
    format: meta.format,
    mime: MIME[meta.format] ?? 'application/octet-stream',
    hasAlpha: meta.hasAlpha ?? false,
    bytes: input.length,
  };
}

/**
 * Fits the picture inside a square of `longSide` without enlarging it, upright (EXIF rotation
 * applied) and on white where it was transparent. Metadata is not carried over.
 */
function fitted(input: ImageInput, longSide: number): Sharp {
  return open(input)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' });
}

/** Decodes and shrinks once; the result feeds the other functions. */
export async function decodeFitted(input: ImageInput, longSide: number): Promise<RawImage> {
  const { data, info } = await fitted(input, longSide).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** A grid thumbnail: 480 px on the long side, or `longSide` (the small one is 240 px). */
export async function makeThumbnail(
  input: ImageInput,
  options: { format?: RasterFormat; longSide?: number } = {},
): Promise<Rendition> {
  const format = options.format ?? 'webp';
  return finish(encode(fitted(input, options.longSide ?? THUMB_LONG_SIDE), format, 76), format);
}

/** Pixels the dominant colour is taken from: plenty for a 16-level-per-channel histogram. */
const PLACEHOLDER_SAMPLE_SIDE = 64;

/**
 * The picture's dominant colour as `#rrggbb`, shown behind the thumbnail while it loads. Taken
 * from a small upright copy on white (as the thumbnail is drawn), with sharp's histogram of
 * 16 levels per channel, so a flat picture gives its own colour to within 8 per channel.
 */
export async function dominantColor(input: ImageInput): Promise<string> {
  const sample = await decodeFitted(input, PLACEHOLDER_SAMPLE_SIDE);
  const { dominant } = await open(sample).stats();
  const hex = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;
}

/** The unmarked picture for cards and sharing: 480 px on the long side, like the thumbnail. */
export async function makeCover(
  input: ImageInput,
  options: { format?: RasterFormat; longSide?: number } = {},
): Promise<Rendition> {
  const format = options.format ?? 'webp';
  return finish(encode(fitted(input, options.longSide ?? COVER_LONG_SIDE), format, 80, 2), format);
}

/**
 * The detail-page preview: about 1200 px on the long side, covered with the tiled mark. WebP by
 * default: about half a JPEG's bytes at the same look, and it is the largest picture a phone waits
 * for on the detail page.
 */
export async function makeWatermarkedPreview(
  input: ImageInput,
  options: { format?: RasterFormat; longSide?: number } = {},
): Promise<Rendition> {
  const format = options.format ?? 'webp';
  const base = await decodeFitted(input, options.longSide ?? PREVIEW_LONG_SIDE);
  const overlay = await watermarkOverlay(base.width, base.height);
  const marked = open(base).composite([{ input: overlay, top: 0, left: 0 }]);
  return finish(encode(marked, format, 78), format);
}

export interface ImageRenditions {
  /** Grid thumbnail, 480 px on the long side (WebP). */
  thumb: Rendition;
  /** Smaller grid thumbnail, 240 px on the long side (WebP). */
  thumbSmall: Rendition;
  cover: Rendition;
  preview: Rendition;
  /** Dominant colour, `#rrggbb`: the grid tile's background while the thumbnail loads. */
  placeholderColor: string;
}

/** Both thumbnails, cover, watermarked preview and placeholder colour from one decode of the source. */
export async function makeImageRenditions(input: ImageInput): Promise<ImageRenditions> {
  const base = await decodeFitted(input, Math.max(THUMB_LONG_SIDE, COVER_LONG_SIDE, PREVIEW_LONG_SIDE));
  const [thumb, thumbSmall, cover, preview, placeholderColor] = await Promise.all([
    makeThumbnail(base),
    makeThumbnail(base, { longSide: THUMB_SMALL_LONG_SIDE }),
    makeCover(base),
    makeWatermarkedPreview(base),
    dominantColor(base),
  ]);
  return { thumb, thumbSmall, cover, preview, placeholderColor };
}

/** Encodes decoded pixels, e.g. an original rendered from SVG. */
export async function encodeImage(input: RawImage, format: RasterFormat, quality = 82): Promise<Rendition> {
  return finish(encode(open(input), format, quality), format);
}

/** The watermark alone, as a transparent PNG: the video preview script overlays it with ffmpeg. */
export async function renderWatermarkOverlay(width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(watermarkSvg(width, height)))
    .png()
    .toBuffer();
}

// Rasterising the tiled mark costs more than the rest of a preview, and previews come in a few
// sizes only (1200 × 900, 900 × 1200, 1200 × 1200 …), so the last few overlays are kept.
const OVERLAY_CACHE_SIZE = 12;
const overlayCache = new Map<string, Promise<Buffer>>();

function watermarkOverlay(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let overlay = overlayCache.get(key);
  if (!overlay) {
    overlay = renderWatermarkOverlay(width, height);
    void overlay.catch(() => overlayCache.delete(key));
    overlayCache.set(key, overlay);
    if (overlayCache.size > OVERLAY_CACHE_SIZE) overlayCache.delete(overlayCache.keys().next().value!);
  }
  return overlay;
}

/** Rasterises an SVG document at its own width and height, on white. */
export async function rasteriseSvg(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg), { limitInputPixels: PIXEL_LIMIT })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

export interface ImageHeader {
  /** Displayed size: EXIF rotation already applied. */
  width: number;
  height: number;
  /** sharp's name of the format: jpeg, png, webp, tiff … */
  format: string;
}

/**
 * Size and format from the file's header only: nothing is decoded, so a tiny file claiming
 * 30000 × 30000 pixels costs nothing to look at. The pixel limit is off here on purpose
 * (sharp would refuse to read the header of such a file at all); callers compare the size with
 * their own cap. Throws UnsupportedImageError when the header cannot be read.
 */
export async function readImageHeader(input: string | Buffer): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnsupportedImageError(error instanceof Error ? error.message : undefined);
  }
  if (!meta.width || !meta.height || !meta.format) throw new UnsupportedImageError('no size in header');
  const rotated = (meta.orientation ?? 1) >= 5;
  return {
    width: rotated ? meta.height : meta.width,
    height: rotated ? meta.width : meta.height,
    format: meta.format,
  };
}

/**
 * Decodes the whole image (shrunk on load where the format allows, so it is quick) and fails on
 * a truncated or damaged file. Call it only after the header passed the pixel cap.
 */
export async function verifyImageDecodes(input: string | Buffer): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated', sequentialRead: true })
      .resize({ width: 256, height: 256, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new UnsupportedImageError(error instanceof Error ? error.message : undefined);
  }
}

/** A frame on a picture, in fractions of its upright width and height. */
export interface CropFraction {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Long side of the copy the subject is found on: sharp's attention strategy looks at luminance,
 * saturation and skin tones, which a 512 px copy shows as well as the original, at a fraction of
 * the work; the frame found there is then applied to the original.
 */
const ATTENTION_LONG_SIDE = 512;

/** The largest frame of `ratio` a `width` × `height` picture holds, in its pixels. */
function largestFrame(width: number, height: number, ratio: { width: number; height: number }) {
  const wanted = ratio.width / ratio.height;
  const wide = width / height > wanted;
  return {
    width: wide ? Math.max(1, Math.round(height * wanted)) : width,
    height: wide ? height : Math.max(1, Math.round(width / wanted)),
  };
}

/**
 * For each wanted ratio, the largest frame of that ratio the picture holds, placed by sharp's
 * attention strategy so the most striking part (the jewel) stays in. One decode for all ratios.
 */
export async function findAttentionCrops(
  input: ImageInput,
  ratios: readonly { width: number; height: number }[],
): Promise<CropFraction[]> {
  return attentionCrops(await decodeFitted(input, ATTENTION_LONG_SIDE), ratios);
}

async function attentionCrops(base: RawImage, ratios: readonly { width: number; height: number }[]) {
  const crops: CropFraction[] = [];
  for (const ratio of ratios) {
    const { width, height } = largestFrame(base.width, base.height, ratio);
    // The frame is cut from the copy at its own scale, so sharp's offsets are the frame's place.
    const { info } = await open(base)
      .resize({ width, height, fit: 'cover', position: 'attention' })
      .toBuffer({ resolveWithObject: true });
    const left = Math.min(Math.max(0, -(info.cropOffsetLeft ?? 0)), base.width - width);
    const top = Math.min(Math.max(0, -(info.cropOffsetTop ?? 0)), base.height - height);
    crops.push({
      left: left / base.width,
      top: top / base.height,
      width: width / base.width,
      height: height / base.height,
    });
  }
  return crops;
}

/** How a picture's channel frames were placed: on the product's box, or by the attention strategy. */
export type Framing = 'product' | 'attention';

/**
 * Each channel's frame (the largest of its ratio): centred on the product when the picture has a
 * clear background (a 白底 shot, or any picture whose border is one even near-white colour),
 * else placed by the attention strategy. On white, attention weighs the empty bright field
 * against the piece and may leave part of it out; the product's box (every pixel that is not the
 * background) says where it is. One decode for all ratios.
 */
export async function findChannelCrops(
  input: ImageInput,
  ratios: readonly { width: number; height: number }[],
  options: { whiteScene?: boolean } = {},
): Promise<{ framing: Framing; crops: CropFraction[] }> {
  const base = await decodeFitted(input, ATTENTION_LONG_SIDE);
  const box = productBox(base, options.whiteScene ?? false);
  if (!box) return { framing: 'attention', crops: await attentionCrops(base, ratios) };
  const centreX = (box.left + box.right) / 2;
  const centreY = (box.top + box.bottom) / 2;
  const crops = ratios.map((ratio) => {
    const { width, height } = largestFrame(base.width, base.height, ratio);
    // A product wider than the frame is cut evenly on both sides rather than kept whole on one.
    const left = Math.min(Math.max(0, Math.round(centreX - width / 2)), base.width - width);
    const top = Math.min(Math.max(0, Math.round(centreY - height / 2)), base.height - height);
    return { left: left / base.width, top: top / base.height, width: width / base.width, height: height / base.height };
  });
  return { framing: 'product', crops };
}

/** A pixel further than this from the background's colour (on any channel, 0–255) is the product's. */
const PRODUCT_DIFFERENCE = 28;
/** Share of the border that must be the background's colour for the picture to have a clear background. */
const CLEAR_BORDER_SHARE = 0.9;
/** Every channel of a near-white background is at least this; another even colour counts only on a 白底 material. */
const NEAR_WHITE = 225;
/** Share of the product's pixels left out on each side of its box: a speck of dust does not widen it. */
const BOX_TRIM = 0.002;
/** Fewer product pixels than this share of the picture: nothing is there to frame. */
const MIN_PRODUCT_SHARE = 0.001;

/**
 * The box (pixels of `image`, right and bottom exclusive) around what is not background, or null
 * when the picture has no clear background: its border (2 % on each side) must be at least
 * CLEAR_BORDER_SHARE one colour, near-white unless the material is a 白底 shot.
 */
function productBox(image: RawImage, whiteScene: boolean) {
  const { data, width, height, channels } = image;
  const band = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  const inBorder = (x: number, y: number) => x < band || y < band || x >= width - band || y >= height - band;
  const histograms = Array.from({ length: 3 }, () => new Uint32Array(256));
  let borderPixels = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inBorder(x, y)) continue;
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c += 1) histograms[c]![data[i + c]!]! += 1;
      borderPixels += 1;
    }
  }
  const median = histograms.map((h) => {
    let seen = 0;
    for (let v = 0; v < 256; v += 1) if ((seen += h[v]!) * 2 >= borderPixels) return v;
    return 255;
  });
  if (!whiteScene && Math.min(...median) < NEAR_WHITE) return null;
  const isProduct = (i: number) =>
    Math.abs(data[i]! - median[0]!) > PRODUCT_DIFFERENCE ||
    Math.abs(data[i + 1]! - median[1]!) > PRODUCT_DIFFERENCE ||
    Math.abs(data[i + 2]! - median[2]!) > PRODUCT_DIFFERENCE;
  const columns = new Uint32Array(width);
  const rows = new Uint32Array(height);
  let product = 0;
  let productInBorder = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!isProduct((y * width + x) * channels)) continue;
      columns[x]! += 1;
      rows[y]! += 1;
      product += 1;
      if (inBorder(x, y)) productInBorder += 1;
    }
  }
  if (productInBorder > borderPixels * (1 - CLEAR_BORDER_SHARE)) return null;
  if (product < width * height * MIN_PRODUCT_SHARE) return null;
  const span = (counts: Uint32Array) => {
    const skip = product * BOX_TRIM;
    let start = 0;
    for (let seen = counts[0]!; seen <= skip; seen += counts[start]!) start += 1;
    let end = counts.length - 1;
    for (let seen = counts[end]!; seen <= skip; seen += counts[end]!) end -= 1;
    return [start, end + 1] as const;
  };
  const [left, right] = span(columns);
  const [top, bottom] = span(rows);
  return { left, right, top, bottom };
}

/**
 * The original cut to a frame (fractions, as findAttentionCrops gives) and shrunk to exactly
 * `width` × `height`: upright, on white, without metadata, as a high-quality JPEG every channel
 * takes. The caller has checked the frame is at least that large: this never enlarges on purpose.
 */
export async function renderCut(
  input: Buffer,
  frame: CropFraction,
  size: { width: number; height: number },
): Promise<Rendition> {
  const info = await readImageInfo(input);
  const left = Math.min(info.width - 1, Math.round(frame.left * info.width));
  const top = Math.min(info.height - 1, Math.round(frame.top * info.height));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(info.width - left, Math.round(frame.width * info.width))),
    height: Math.max(1, Math.min(info.height - top, Math.round(frame.height * info.height))),
  };
  // Rounding may leave the region a pixel off the ratio: cover absorbs it without distortion.
  const pipeline = open(input)
    .rotate()
    .extract(region)
    .resize({ width: size.width, height: size.height, fit: 'cover' })
    .flatten({ background: '#ffffff' });
  return finish(encode(pipeline, 'jpeg', 90), 'jpeg');
}

/** Decoded pixels of any channel count, the alpha kept (a traced original keeps its transparency). */
export interface RgbRaw {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** The picture upright, in sRGB, as raw pixels (3 channels, 4 with alpha). */
export async function decodeUprightRgb(input: Buffer): Promise<RgbRaw> {
  const { data, info } = await open(input).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A grey (luminance) copy of the picture, upright, on white, as floats: `fit` inside a square or an exact size. */
export async function decodeGrey(
  input: Buffer,
  size: { longSide: number } | { width: number; height: number },
): Promise<{ data: Float32Array; width: number; height: number }> {
  const resize =
    'longSide' in size
      ? { width: size.longSide, height: size.longSide, fit: 'inside' as const, withoutEnlargement: true }
      : { width: size.width, height: size.height, fit: 'fill' as const };
  const { data, info } = await open(input)
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(resize)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = new Float32Array(info.width * info.height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = data[i * info.channels]!;
  return { data: grey, width: info.width, height: info.height };
}

/**
 * Encodes raw pixels back into the original's own format at a quality that keeps it: JPEG at 95
 * without chroma subsampling, lossless PNG, WebP at 95; anything else (TIFF, HEIF …) as that JPEG.
 */
export async function encodeLikeOriginal(raw: RgbRaw, format: string): Promise<Rendition> {
  const pipeline = sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 | 4 } });
  if (format === 'png') return finish(pipeline.png({ compressionLevel: 6 }), 'png');
  if (format === 'webp') return finish(pipeline.webp({ quality: 95, effort: 4 }), 'webp');
  return finish(pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 95, chromaSubsampling: '4:4:4' }), 'jpeg');
}
