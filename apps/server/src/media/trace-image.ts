import { decodeGrey, decodeUprightRgb, encodeLikeOriginal, readImageInfo, type Rendition } from './image-processor.js';
import {
  cellResiduals,
  clipResiduals,
  coarsePlacement,
  embedTraceMark,
  type GreyImage,
  type Placement,
  refinePlacement,
  resizeGrey,
  traceGridOf,
  traceScore,
  traceSigns,
} from './trace-mark.js';

/**
 * The trace mark on whole files (docs/decisions/0049): marking an original for one licence, and
 * reading a copy found elsewhere against the original it was made from.
 */

/** The copy is analysed at most this large: the cells are tens of pixels wide well below it. */
const COPY_LONG_SIDE = 1024;
/** Below this correlation after the coarse search the copy is not a picture of this original. */
const MIN_PLACEMENT_NCC = 0.6;

/** The original with the licence's mark, upright, in its own format and size. */
export async function markOriginal(original: Buffer, key: Uint8Array): Promise<Rendition & { psnr: number }> {
  const info = await readImageInfo(original);
  const [raw, small] = await Promise.all([decodeUprightRgb(original), decodeGrey(original, { longSide: 256 })]);
  const signs = traceSigns(key, traceGridOf(raw.width, raw.height));
  const { psnr } = embedTraceMark(raw, small, signs);
  const rendition = await encodeLikeOriginal(raw, info.format);
  return { ...rendition, psnr };
}

/** Moves a placement between two scales of the original (σ = level width / full width), pixel centres kept. */
function rescaleOriginal(p: Placement, ratio: number): Placement {
  return { k: p.k * ratio, tx: (p.tx + 0.5) * ratio - 0.5, ty: (p.ty + 0.5) * ratio - 0.5 };
}

/** The same placement for a copy shrunk by `q` (its pixel u' ↔ (u' + 0.5) / q − 0.5). */
function forShrunkCopy(p: Placement, q: number): Placement {
  return { k: p.k / q, tx: p.tx + p.k * (0.5 / q - 0.5), ty: p.ty + p.k * (0.5 / q - 0.5) };
}

function fromShrunkCopy(p: Placement, q: number): Placement {
  const k = p.k * q;
  return { k, tx: p.tx - k * (0.5 / q - 0.5), ty: p.ty - k * (0.5 / q - 0.5) };
}

export interface CopyReading {
  /** False when the copy does not line up with the original at all (another picture). */
  placed: boolean;
  /** The part of the original the copy shows, as fractions of its width and height. */
  region: { left: number; top: number; width: number; height: number };
  residuals: Float64Array;
}

/** Decodes a copy once, for reading against several candidate originals. */
export function decodeCopy(copy: Buffer): Promise<GreyImage> {
  return decodeGrey(copy, { longSide: COPY_LONG_SIDE });
}

/** Registers the copy onto the original and answers the residual per cell of the original's grid. */
export async function readCopyAgainst(copy: GreyImage, original: Buffer): Promise<CopyReading> {
  const info = await readImageInfo(original);
  const [o64, o256] = await Promise.all([
    decodeGrey(original, { longSide: 64 }),
    decodeGrey(original, { longSide: 256 }),
  ]);
  const none = { placed: false, region: { left: 0, top: 0, width: 0, height: 0 }, residuals: new Float64Array(0) };
  if (o64.width < 8 || o64.height < 8) return none;
  const coarse = coarsePlacement(o64, copy);
  if (coarse.ncc < MIN_PLACEMENT_NCC) return none;

  // Level 2: the original at 256 px, the copy shrunk to about the same scale.
  let p: Placement = rescaleOriginal(coarse, o256.width / o64.width);
  const q2 = Math.min(1, 1 / p.k);
  const c2 = q2 < 1 ? resizeGrey(copy, copy.width * q2, copy.height * q2) : copy;
  const q2Exact = c2.width / copy.width;
  p = fromShrunkCopy(refinePlacement(o256, c2, forShrunkCopy(p, q2Exact), 12, true), q2Exact);

  // Level 3: the original decoded at the copy's own scale (never above its full size).
  const sigma256 = o256.width / info.width;
  const full = rescaleOriginal(p, 1 / sigma256);
  const sigma = Math.min(1, 1 / full.k);
  const o3 = await decodeGrey(original, {
    width: Math.max(8, Math.round(info.width * sigma)),
    height: Math.max(8, Math.round(info.height * sigma)),
  });
  const at3 = rescaleOriginal(full, o3.width / info.width);
  const fit = refinePlacement(o3, copy, refinePlacement(o3, copy, at3, 6, true), 8, false);
  const residuals = cellResiduals(o3, copy, fit, info.width, info.height);
  const inFull = rescaleOriginal(fit, info.width / o3.width);
  return {
    placed: true,
    region: {
      left: Math.max(0, inFull.tx / info.width),
      top: Math.max(0, inFull.ty / info.height),
      width: Math.min(1, (inFull.k * copy.width) / info.width),
      height: Math.min(1, (inFull.k * copy.height) / info.height),
    },
    residuals,
  };
}

/** The z-score of each key against a reading, in the keys' order (0 when the copy was not placed). */
export function scoreKeys(
  reading: CopyReading,
  original: { width: number; height: number },
  keys: readonly Uint8Array[],
): number[] {
  if (!reading.placed) return keys.map(() => 0);
  const grid = traceGridOf(original.width, original.height);
  return keys.map((key) => traceScore(reading.residuals, traceSigns(key, grid)));
}

/**
 * The z-score of each key against several readings on the same grid at once — the stills of a
 * video copy, each read against the original's frame it shows (every frame carries the same
 * pattern) — in the keys' order; 0 when none was placed.
 *
 * Not Σz/√k of the stills' own scores: those share the key's signs, so they are not independent
 * for a wrong key (a still scene gives the same residual in every still, and Σz/√k is then √k
 * times one z, far past the bound). Instead each still's clipped residuals are scaled to unit
 * length and summed per cell, and the sum is scored once: Σ p·R / √Σ R², where R does not depend
 * on a wrong key's signs however alike the stills are, so Hoeffding's bound P(z ≥ t) ≤ e^(−t²/2)
 * holds as for one picture. When the stills' noise is independent it equals Σz/√k in the mean
 * (the mark adds up k times, the noise √k times); a cell no still covers stays out.
 */
export function scoreKeysTogether(
  readings: readonly CopyReading[],
  original: { width: number; height: number },
  keys: readonly Uint8Array[],
): number[] {
  const grid = traceGridOf(original.width, original.height);
  const summed = new Float64Array(grid.cols * grid.rows).fill(NaN);
  let used = 0;
  for (const reading of readings) {
    if (!reading.placed || reading.residuals.length !== summed.length) continue;
    const clipped = clipResiduals(reading.residuals);
    let sq = 0;
    for (const c of clipped) if (Number.isFinite(c)) sq += c * c;
    if (sq === 0) continue;
    const norm = Math.sqrt(sq);
    clipped.forEach((c, i) => {
      if (Number.isFinite(c)) summed[i] = (Number.isFinite(summed[i]!) ? summed[i]! : 0) + c / norm;
    });
    used += 1;
  }
  if (used === 0) return keys.map(() => 0);
  return keys.map((key) => traceScore(summed, traceSigns(key, grid)));
}
