import type { FileHandle } from 'node:fs/promises';

/**
 * What a file is, decided by its first bytes ("magic numbers"), never by its name or the type a
 * browser declared: a text file renamed .jpg is text, an EXE renamed .mp4 is an EXE.
 */

export type MediaKind = 'image' | 'video';
export type MediaFormat = 'jpeg' | 'png' | 'webp' | 'tiff' | 'mp4' | 'mov';

export interface SniffedType {
  kind: MediaKind;
  format: MediaFormat;
  mime: string;
  /** File extension for storage keys, without the dot. */
  ext: string;
}

/** Bytes needed to recognise every accepted type (an ftyp box with a few compatible brands). */
export const SNIFF_BYTES = 64;

const TYPES: Record<MediaFormat, SniffedType> = {
  jpeg: { kind: 'image', format: 'jpeg', mime: 'image/jpeg', ext: 'jpg' },
  png: { kind: 'image', format: 'png', mime: 'image/png', ext: 'png' },
  webp: { kind: 'image', format: 'webp', mime: 'image/webp', ext: 'webp' },
  tiff: { kind: 'image', format: 'tiff', mime: 'image/tiff', ext: 'tif' },
  mp4: { kind: 'video', format: 'mp4', mime: 'video/mp4', ext: 'mp4' },
  mov: { kind: 'video', format: 'mov', mime: 'video/quicktime', ext: 'mov' },
};

/**
 * ISO base media brands of video files we take: MPEG-4 (isom, iso2…, mp41, mp42, avc1, M4V),
 * QuickTime ('qt  '), and common camera/phone brands. Audio-only (M4A), 3GP, HEIF images and
 * the like are not in the list.
 */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso8',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'hvc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'MSNV',
  'XAVC',
  'mmp4',
  'qt  ',
]);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ascii(head: Buffer, start: number, end: number): string {
  return head.subarray(start, end).toString('latin1');
}

/** The accepted type the bytes start with, or null. `head` is the first SNIFF_BYTES bytes (or the whole file). */
export function sniffMediaType(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return TYPES.jpeg;
  if (head.length >= 8 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return TYPES.png;
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return TYPES.webp;
  if (head.length >= 4) {
    const le = head[0] === 0x49 && head[1] === 0x49 && head[2] === 0x2a && head[3] === 0x00; // II*\0
    const be = head[0] === 0x4d && head[1] === 0x4d && head[2] === 0x00 && head[3] === 0x2a; // MM\0*
    if (le || be) return TYPES.tiff;
  }
  return sniffIsoBmff(head);
}

/** MP4/MOV: an `ftyp` box first, whose major brand (or a compatible brand) is a video brand. */
function sniffIsoBmff(head: Buffer): SniffedType | null {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null;
  const boxSize = head.readUInt32BE(0);
  if (boxSize < 16) return null;
  const major = ascii(head, 8, 12);
  if (major === 'qt  ') return TYPES.mov;
  if (VIDEO_BRANDS.has(major)) return TYPES.mp4;
  // Brands after the minor version (bytes 12–15), as far as the box and the bytes we have reach.
  const end = Math.min(boxSize, head.length);
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    const brand = ascii(head, offset, offset + 4);
    if (brand === 'qt  ') return TYPES.mov;
    if (VIDEO_BRANDS.has(brand)) return TYPES.mp4;
  }
  return null;
}

export type StructureCheck = { ok: true } | { ok: false; reason: string };

const MAX_TOP_LEVEL_BOXES = 100_000;

/**
 * Walks the top-level boxes of an MP4/MOV: each must fit inside the file, and there must be a
 * `moov` (the index) — a file cut short in the middle of a box, or without its index, is refused
 * here without decoding anything.
 */
export async function checkIsoBmffStructure(file: FileHandle, size: number): Promise<StructureCheck> {
  const header = Buffer.alloc(16);
  let offset = 0;
  let hasMoov = false;
  let hasMdat = false;
  for (let count = 0; offset < size; count += 1) {
    if (count >= MAX_TOP_LEVEL_BOXES) return { ok: false, reason: 'too many boxes' };
    if (size - offset < 8) return { ok: false, reason: `trailing ${size - offset} bytes` };
    const { bytesRead } = await file.read(header, 0, 16, offset);
    if (bytesRead < 8) return { ok: false, reason: 'short read' };
    let boxSize = header.readUInt32BE(0);
    const type = header.subarray(4, 8).toString('latin1');
    if (!/^[\x20-\x7e]{4}$/.test(type)) return { ok: false, reason: `bad box type at ${offset}` };
    if (count === 0 && type !== 'ftyp') return { ok: false, reason: 'no ftyp box first' };
    if (boxSize === 1) {
      if (bytesRead < 16) return { ok: false, reason: 'short large box header' };
      const large = header.readBigUInt64BE(8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'box too large' };
      boxSize = Number(large);
      if (boxSize < 16) return { ok: false, reason: `bad large box size at ${offset}` };
    } else if (boxSize === 0) {
      // The last box runs to the end of the file.
      boxSize = size - offset;
    } else if (boxSize < 8) {
      return { ok: false, reason: `bad box size at ${offset}` };
    }
    if (offset + boxSize > size) return { ok: false, reason: `box ${type} cut short` };
    if (type === 'moov') hasMoov = true;
    if (type === 'mdat') hasMdat = true;
    offset += boxSize;
  }
  if (!hasMoov) return { ok: false, reason: 'no moov box' };
  if (!hasMdat) return { ok: false, reason: 'no mdat box' };
  return { ok: true };
}
