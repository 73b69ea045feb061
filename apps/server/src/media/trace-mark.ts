import { createHash, createHmac } from 'node:crypto';

/**
 * The invisible trace mark of a delivered original (docs/decisions/0049), as arithmetic on
 * decoded pixels: image-processor.ts decodes and encodes, this file never loads sharp.
 *
 * The mark is a grid of cells over the picture (TRACE_CELLS along the long side), each carrying
 * a smooth bump (sin·sin, zero at the cell's edges, so no seam shows) of sign +1 or −1 drawn from
 * the licence's key, added to the luminance with an amplitude that follows the picture's local
 * activity (texture hides it, flat areas get less). Its frequencies are low: a cell is tens of
 * pixels wide, so JPEG at quality 70 (which removes fine detail in 8×8 blocks) and halving the
 * size leave it, and a crop only removes cells.
 *
 * Detection is informed: the platform holds the original. The copy is registered onto it (scale
 * and offset, then a least-squares refinement that also fits brightness and contrast), the
 * original is subtracted, and the residual is summed per cell against the bump. For a licence
 * whose signs are independent of the copy, `z = Σ r·p / √Σ r²` is a sum of independent ±r terms:
 * Hoeffding bounds P(z ≥ t) ≤ exp(−t²/2) whatever the picture, which sets the threshold.
 */

/** Cells along the picture's long side. */
export const TRACE_CELLS = 32;
/** Least cells along the short side (a panorama still gets rows). */
const MIN_SHORT_CELLS = 8;
/** Target strength: the marked picture's PSNR against the original, in dB (before encoding). */
export const TRACE_TARGET_PSNR = 42;
/** The bump's largest amplitude in flat areas, in 8-bit levels, whatever the PSNR target allows. */
const MAX_FLAT_AMPLITUDE = 3;
/**
 * A licence is named when its z-score reaches this: P(z ≥ 6) ≤ e⁻¹⁸ ≈ 1.5·10⁻⁸ for a licence
 * whose mark is not in the copy, per licence compared.
 */
export const TRACE_Z_THRESHOLD = 6;
/** Versions the pattern: a new way of marking makes new cached copies (keys.ts). */
export const TRACE_MARK_VERSION = 1;

export interface GreyImage {
  data: Float32Array;
  width: number;
  height: number;
}

export interface TraceGrid {
  cols: number;
  rows: number;
}

/** The cell grid of a picture of this size (the original's: a copy's cells are the original's). */
export function traceGridOf(width: number, height: number): TraceGrid {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const shortCells = Math.max(MIN_SHORT_CELLS, Math.round((TRACE_CELLS * short) / long));
  return width >= height ? { cols: TRACE_CELLS, rows: shortCells } : { cols: shortCells, rows: TRACE_CELLS };
}

/** A licence's secret key: HMAC of the server's trace secret and the licence's sid. */
export function traceKeyOf(secret: Uint8Array, licenceSid: string): Buffer {
  return createHmac('sha256', secret).update(`gemstock:trace:v${TRACE_MARK_VERSION}:${licenceSid}`).digest();
}

/**
 * The key of a licence's channel cut of one preset: drawn from the licence's key, so it is still
 * that licence's mark, but a pattern of its own. A cut that keeps the whole picture (a 3:4 picture's
 * 小红书 cut) has the original's cell grid; with the licence's own key its copy would read as the
 * original's, and 天猫's and 京东's identical 800×800 cuts as each other's.
 */
export function traceCutKeyOf(licenceKey: Uint8Array, preset: string): Buffer {
  return createHmac('sha256', licenceKey).update(`gemstock:trace-cut:${preset}`).digest();
}

const TRACE_NO_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "TR-7KQ2-M9XA": the number the certificate prints for the key (40 bits of it, readable on paper). */
export function traceNumberOf(key: Uint8Array): string {
  const digest = createHash('sha256').update('number').update(key).digest();
  let out = '';
  let bits = 0;
  let acc = 0;
  for (const byte of digest) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += TRACE_NO_ALPHABET[(acc >> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return `TR-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** One sign (+1 / −1) per cell, row by row, from the key (SHA-256 in counter mode). */
export function traceSigns(key: Uint8Array, grid: TraceGrid): Int8Array {
  const n = grid.cols * grid.rows;
  const signs = new Int8Array(n);
  let block = 0;
  for (let i = 0; i < n; i += 256) {
    const digest = createHash('sha256').update(key).update(`${block++}`).digest();
    for (let j = 0; j < 256 && i + j < n; j += 1) {
      signs[i + j] = (digest[j >> 3]! >> (j & 7)) & 1 ? 1 : -1;
    }
  }
  return signs;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Bilinear sample, clamped at the edges. */
function sample(img: GreyImage, x: number, y: number): number {
  const { width, height, data } = img;
  const xc = clamp(x, 0, width - 1);
  const yc = clamp(y, 0, height - 1);
  const x0 = Math.min(Math.floor(xc), width - 2 < 0 ? 0 : width - 2);
  const y0 = Math.min(Math.floor(yc), height - 2 < 0 ? 0 : height - 2);
  const fx = xc - x0;
  const fy = yc - y0;
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const a = data[y0 * width + x0]!;
  const b = data[y0 * width + x1]!;
  const c = data[y1 * width + x0]!;
  const d = data[y1 * width + x1]!;
  return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy;
}

/** Area-average resize (shrinking) or bilinear (enlarging) of a grey image. */
export function resizeGrey(img: GreyImage, width: number, height: number): GreyImage {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const out = new Float32Array(w * h);
  const sx = img.width / w;
  const sy = img.height / h;
  if (sx <= 1 && sy <= 1) {
    for (let y = 0; y < h; y += 1)
      for (let x = 0; x < w; x += 1) out[y * w + x] = sample(img, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5);
    return { data: out, width: w, height: h };
  }
  for (let y = 0; y < h; y += 1) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(img.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < w; x += 1) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(img.width, Math.floor((x + 1) * sx)));
      let sum = 0;
      for (let yy = y0; yy < y1; yy += 1) for (let xx = x0; xx < x1; xx += 1) sum += img.data[yy * img.width + xx]!;
      out[y * w + x] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return { data: out, width: w, height: h };
}

/** Local activity (standard deviation over a 5×5 window) of a small grey copy: the masking map. */
function activityMap(img: GreyImage): GreyImage {
  const { width, height, data } = img;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let s = 0;
      let s2 = 0;
      let n = 0;
      for (let dy = -2; dy <= 2; dy += 1) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -2; dx <= 2; dx += 1) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const v = data[yy * width + xx]!;
          s += v;
          s2 += v * v;
          n += 1;
        }
      }
      out[y * width + x] = Math.sqrt(Math.max(0, s2 / n - (s / n) ** 2));
    }
  }
  return { data: out, width, height };
}

/** The masked mark at one pixel of the original, before the strength factor. */
function markAt(
  x: number,
  y: number,
  width: number,
  height: number,
  grid: TraceGrid,
  signs: Int8Array,
): { cell: number; bump: number } {
  const gx = ((x + 0.5) * grid.cols) / width;
  const gy = ((y + 0.5) * grid.rows) / height;
  const cx = Math.min(grid.cols - 1, Math.floor(gx));
  const cy = Math.min(grid.rows - 1, Math.floor(gy));
  const bump = Math.sin(Math.PI * (gx - cx)) * Math.sin(Math.PI * (gy - cy));
  return { cell: cy * grid.cols + cx, bump: bump * signs[cy * grid.cols + cx]! };
}

export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * Adds the mark of `signs` to the picture's luminance in place (the same amount on R, G and B, so
 * colours keep their hue), and answers the PSNR of the result against the input. `small` is a
 * grey copy of the picture (≈256 px on the long side) that the masking map is read from.
 */
export function embedTraceMark(pixels: RgbPixels, small: GreyImage, signs: Int8Array): { psnr: number } {
  const { width, height, channels, data } = pixels;
  const grid = traceGridOf(width, height);
  const activity = activityMap(small);
  const scaleX = small.width / width;
  const scaleY = small.height / height;
  // Flat areas get the base amplitude, texture up to three times more.
  const maskAt = (x: number, y: number) =>
    1 + Math.min(2, sample(activity, (x + 0.5) * scaleX - 0.5, (y + 0.5) * scaleY - 0.5) / 12);
  // Strength: the mark's RMS at the target PSNR, measured on a sparse lattice of pixels.
  let sumSq = 0;
  let count = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((width * height) / 40_000)));
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const v = maskAt(x, y) * markAt(x, y, width, height, grid, signs).bump;
      sumSq += v * v;
      count += 1;
    }
  }
  const targetRms = 255 / 10 ** (TRACE_TARGET_PSNR / 20);
  const strength = Math.min(MAX_FLAT_AMPLITUDE, targetRms / Math.sqrt(sumSq / count || 1));
  let err = 0;
  for (let y = 0; y < height; y += 1) {
    // The mask changes slowly: read it once every 4 pixels along the row.
    let mask = 1;
    for (let x = 0; x < width; x += 1) {
      if ((x & 3) === 0) mask = maskAt(x, y);
      const delta = strength * mask * markAt(x, y, width, height, grid, signs).bump;
      const at = (y * width + x) * channels;
      for (let c = 0; c < 3; c += 1) {
        const before = data[at + c]!;
        const after = clamp(Math.round(before + delta), 0, 255);
        data[at + c] = after;
        err += (after - before) ** 2;
      }
    }
  }
  const mse = err / (width * height * 3);
  return { psnr: mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse) };
}

/** Where a copy sits on the original: original pixel (x, y) = (tx + k·u, ty + k·v) for copy pixel (u, v). */
export interface Placement {
  k: number;
  tx: number;
  ty: number;
}

/**
 * Coarse placement by brute force over scales and offsets on small copies (`original` ≈ 64 px
 * long side): the copy keeps at least `minKept` of the original along its limiting side.
 */
export function coarsePlacement(original: GreyImage, copy: GreyImage, minKept = 0.7): Placement & { ncc: number } {
  const kMax = Math.min(original.width / copy.width, original.height / copy.height);
  let best = { k: kMax, tx: 0, ty: 0, ncc: -Infinity };
  for (let f = 1; f >= minKept; f *= 0.985) {
    const k = kMax * f;
    const t = resizeGrey(copy, copy.width * k, copy.height * k);
    if (t.width > original.width || t.height > original.height) continue;
    let tMean = 0;
    for (const v of t.data) tMean += v;
    tMean /= t.data.length;
    let tVar = 0;
    for (const v of t.data) tVar += (v - tMean) ** 2;
    for (let ty = 0; ty <= original.height - t.height; ty += 1) {
      for (let tx = 0; tx <= original.width - t.width; tx += 1) {
        let so = 0;
        let so2 = 0;
        let sto = 0;
        for (let y = 0; y < t.height; y += 1) {
          const row = (ty + y) * original.width + tx;
          const trow = y * t.width;
          for (let x = 0; x < t.width; x += 1) {
            const o = original.data[row + x]!;
            so += o;
            so2 += o * o;
            sto += (t.data[trow + x]! - tMean) * o;
          }
        }
        const n = t.data.length;
        const oVar = so2 - (so * so) / n;
        const ncc = sto / Math.sqrt(tVar * oVar || 1);
        if (ncc > best.ncc) best = { k: (t.width / copy.width + t.height / copy.height) / 2, tx, ty, ncc };
      }
    }
  }
  return best;
}

/** A 3×3 box blur: smooths the registration's error surface at coarse levels. */
function blur(img: GreyImage): GreyImage {
  const { width, height, data } = img;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      let s = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy += 1)
        for (let dx = -1; dx <= 1; dx += 1) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          s += data[yy * width + xx]!;
          n += 1;
        }
      out[y * width + x] = s / n;
    }
  return { data: out, width, height };
}

function solve5(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c += 1) {
    let p = c;
    for (let r = c + 1; r < n; r += 1) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    if (Math.abs(m[p]![c]!) < 1e-12) return null;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r += 1) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k += 1) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Refines a placement by Gauss–Newton on C(u,v) ≈ a·O(tx + k·u, ty + k·v) + b over the copy's
 * pixels (every `stride`-th), fitting brightness and contrast as well. Answers the placement and
 * the photometric fit.
 */
export function refinePlacement(
  original: GreyImage,
  copy: GreyImage,
  start: Placement,
  iterations = 12,
  smooth = false,
): Placement & { a: number; b: number } {
  const o = smooth ? blur(original) : original;
  const c = smooth ? blur(copy) : copy;
  let { k, tx, ty } = start;
  let a = 1;
  let b = 0;
  const stride = Math.max(1, Math.round(Math.sqrt((c.width * c.height) / 20_000)));
  for (let it = 0; it < iterations; it += 1) {
    const jtj = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
    const jtr = [0, 0, 0, 0, 0];
    for (let v = 0; v < c.height; v += stride) {
      for (let u = 0; u < c.width; u += stride) {
        const x = tx + k * u;
        const y = ty + k * v;
        if (x < 1 || y < 1 || x > o.width - 2 || y > o.height - 2) continue;
        const ov = sample(o, x, y);
        const gx = (sample(o, x + 0.5, y) - sample(o, x - 0.5, y)) * a;
        const gy = (sample(o, x, y + 0.5) - sample(o, x, y - 0.5)) * a;
        const r = c.data[v * c.width + u]! - (a * ov + b);
        const j = [gx * u + gy * v, gx, gy, ov, 1];
        for (let p = 0; p < 5; p += 1) {
          jtr[p]! += j[p]! * r;
          for (let q = p; q < 5; q += 1) jtj[p]![q]! += j[p]! * j[q]!;
        }
      }
    }
    for (let p = 0; p < 5; p += 1) for (let q = 0; q < p; q += 1) jtj[p]![q] = jtj[q]![p]!;
    const step = solve5(jtj, jtr);
    if (!step) break;
    k += step[0]!;
    tx += step[1]!;
    ty += step[2]!;
    a += step[3]!;
    b += step[4]!;
    if (Math.abs(step[1]!) < 0.01 && Math.abs(step[2]!) < 0.01 && Math.abs(step[0]!) < 1e-5) break;
  }
  return { k, tx, ty, a, b };
}

/**
 * The residual of the copy against the registered original, summed per cell against the bump.
 * `original` is the original at `scale` of its full size (`fullWidth` × `fullHeight`); cells the
 * copy covers less than half of are left out (NaN).
 */
export function cellResiduals(
  original: GreyImage,
  copy: GreyImage,
  fit: Placement & { a: number; b: number },
  fullWidth: number,
  fullHeight: number,
): Float64Array {
  const grid = traceGridOf(fullWidth, fullHeight);
  const n = grid.cols * grid.rows;
  const num = new Float64Array(n);
  const den = new Float64Array(n);
  const sx = original.width / fullWidth;
  const sy = original.height / fullHeight;
  const ones = new Int8Array(n).fill(1);
  for (let v = 0; v < copy.height; v += 1) {
    for (let u = 0; u < copy.width; u += 1) {
      const x = fit.tx + fit.k * u;
      const y = fit.ty + fit.k * v;
      if (x < 0 || y < 0 || x > original.width - 1 || y > original.height - 1) continue;
      const r = copy.data[v * copy.width + u]! - (fit.a * sample(original, x, y) + fit.b);
      const { cell, bump } = markAt(
        x / sx - 0.5 + 0.5 / sx,
        y / sy - 0.5 + 0.5 / sy,
        fullWidth,
        fullHeight,
        grid,
        ones,
      );
      num[cell]! += r * bump;
      den[cell]! += bump * bump;
    }
  }
  // A whole cell's Σ bump² in copy pixels: its area × ¼.
  const cellArea = (((fullWidth / grid.cols) * sx) / fit.k) * (((fullHeight / grid.rows) * sy) / fit.k);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i += 1) out[i] = den[i]! >= cellArea / 8 ? num[i]! / den[i]! : NaN;
  return out;
}

/**
 * The residuals with each clipped at three times the median |r| (cells left out stay NaN), so that
 * a few cells the registration missed (an edge, a retouched spot) cannot dominate. Independent of
 * any licence's signs.
 */
export function clipResiduals(residuals: Float64Array): Float64Array {
  const finite = [...residuals].filter((r) => Number.isFinite(r));
  if (finite.length === 0) return residuals.map(() => NaN);
  const sorted = finite.map(Math.abs).sort((x, y) => x - y);
  const cap = 3 * sorted[Math.floor(sorted.length / 2)]! || Infinity;
  return residuals.map((r) => (Number.isFinite(r) ? clamp(r, -cap, cap) : NaN));
}

/**
 * The z-score of one licence's signs against the cell residuals: Σ r·p / √Σ r², each r clipped
 * (clipResiduals). Independent of the signs, so the bound of the header holds.
 */
export function traceScore(residuals: Float64Array, signs: Int8Array): number {
  const clipped = clipResiduals(residuals);
  let dot = 0;
  let sq = 0;
  for (let i = 0; i < clipped.length; i += 1) {
    const c = clipped[i]!;
    if (!Number.isFinite(c)) continue;
    dot += c * signs[i]!;
    sq += c * c;
  }
  return sq === 0 ? 0 : dot / Math.sqrt(sq);
}

/**
 * The bump's amplitude in a video's frames, in 8-bit luma levels: fixed, not masked (every frame
 * gets the same pattern, so the encoder predicts it from frame to frame instead of spending bits
 * on a mask that moves with the picture), and no more than a picture's flat areas get.
 */
export const VIDEO_TRACE_AMPLITUDE = 3;

/**
 * The mark of `signs` as one raw yuv420p frame of `width` × `height` centred on 128 (luma: 128 +
 * the bump, rounded; chroma: 128), for ffmpeg's `blend=all_mode=grainmerge`, which adds it to
 * every frame as `frame + pattern − 128`: the chroma planes are left as they are. Rounding the
 * pattern first is the same as rounding each marked pixel, since a frame's levels are whole.
 */
export function videoTracePattern(width: number, height: number, signs: Int8Array): Buffer {
  const grid = traceGridOf(width, height);
  const chroma = Math.ceil(width / 2) * Math.ceil(height / 2);
  const out = Buffer.alloc(width * height + 2 * chroma, 128);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const { bump } = markAt(x, y, width, height, grid, signs);
      out[y * width + x] = 128 + Math.round(VIDEO_TRACE_AMPLITUDE * bump);
    }
  }
  return out;
}

/**
 * Normalised cross-correlation of two grey images of the same size: how alike two frames are
 * whatever their brightness and contrast (1: the same picture).
 */
export function normalisedCorrelation(a: GreyImage, b: GreyImage): number {
  const n = a.data.length;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < n; i += 1) {
    sa += a.data[i]!;
    sb += b.data[i]!;
  }
  const ma = sa / n;
  const mb = sb / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i += 1) {
    const da = a.data[i]! - ma;
    const db = b.data[i]! - mb;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}
