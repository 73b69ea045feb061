import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coarsePlacement, type GreyImage, normalisedCorrelation, resizeGrey } from './trace-mark.js';
import type { VideoContainer, VideoProcessor } from './video-processor.js';

/**
 * The frame of a video a still was grabbed from (溯源 of a video, docs/decisions/0049): every
 * frame of a licence's copy carries the same mark, so the still is read against the original's
 * frame it shows, found here in three passes, each on few pixels:
 *  1. frames sampled across the whole video (at most SAMPLES_MAX, at most SAMPLE_FPS a second),
 *     64 px wide, ranked by their correlation with the still squeezed to the same size;
 *  2. around the best few samples, every frame, placed against the still (scale and offset, as a
 *     picture's copy is: a still may be cropped);
 *  3. the best of those decoded at full size, in colour, for the reading.
 */

const SAMPLE_FPS = 4;
const SAMPLES_MAX = 3600;
/** The long side frames are compared at in the first two passes. */
const SMALL_SIDE = 64;
/** Sampled times looked at frame by frame. */
const NEIGHBOURHOODS = 3;

export interface FoundFrame {
  /** The frame as a PNG, at the video's full upright size. */
  frame: Buffer;
  /** When it shows, from the start. */
  atMs: number;
  /** How well the still lined up with it (normalised cross-correlation after placement). */
  ncc: number;
}

function smallSize(width: number, height: number) {
  const scale = SMALL_SIDE / Math.max(width, height);
  return { width: Math.max(8, Math.round(width * scale)), height: Math.max(8, Math.round(height * scale)) };
}

async function readFrames(path: string, size: { width: number; height: number }): Promise<GreyImage[]> {
  const bytes = await readFile(path);
  const frameBytes = size.width * size.height;
  const frames: GreyImage[] = [];
  for (let at = 0; at + frameBytes <= bytes.length; at += frameBytes) {
    frames.push({ data: Float32Array.from(bytes.subarray(at, at + frameBytes)), ...size });
  }
  return frames;
}

/** The first pass's frames of a video: `fps` a second across it, `size` (≤ 64 px). */
export interface SampledFrames {
  size: { width: number; height: number };
  fps: number;
  frames: GreyImage[];
}

/** The first bytes of stored sampled frames: a check, then width and height (uint16) and the rate (float32). */
const SAMPLED_MAGIC = 0x47535431; // "GST1"
const SAMPLED_HEADER = 12;

/** Sampled frames as stored: a 12-byte header, then the frames' grey bytes one after another. */
export function encodeSampledFrames(sampled: SampledFrames): Buffer {
  const { width, height } = sampled.size;
  const out = Buffer.alloc(SAMPLED_HEADER + sampled.frames.length * width * height);
  out.writeUInt32BE(SAMPLED_MAGIC, 0);
  out.writeUInt16BE(width, 4);
  out.writeUInt16BE(height, 6);
  out.writeFloatBE(sampled.fps, 8);
  sampled.frames.forEach((frame, n) => {
    const at = SAMPLED_HEADER + n * width * height;
    for (let i = 0; i < frame.data.length; i += 1) out[at + i] = Math.round(frame.data[i]!);
  });
  return out;
}

/**
 * Stored sampled frames, or null when the bytes are not such a file or are not sampled as
 * `probe` would be now (another size or rate): the caller samples again.
 */
export function decodeSampledFrames(
  bytes: Buffer,
  probe: { width: number; height: number; durationMs: number },
): SampledFrames | null {
  if (bytes.length < SAMPLED_HEADER || bytes.readUInt32BE(0) !== SAMPLED_MAGIC) return null;
  const size = { width: bytes.readUInt16BE(4), height: bytes.readUInt16BE(6) };
  const fps = bytes.readFloatBE(8);
  const expected = samplingOf(probe);
  const frameBytes = size.width * size.height;
  if (
    size.width !== expected.size.width ||
    size.height !== expected.size.height ||
    Math.abs(fps - expected.fps) > 1e-4 * expected.fps ||
    (bytes.length - SAMPLED_HEADER) % frameBytes !== 0
  ) {
    return null;
  }
  const frames: GreyImage[] = [];
  for (let at = SAMPLED_HEADER; at < bytes.length; at += frameBytes) {
    frames.push({ data: Float32Array.from(bytes.subarray(at, at + frameBytes)), ...size });
  }
  // the rate as ffmpeg was asked for it, not its float32 rounding: frame times are computed from it
  return { size, fps: expected.fps, frames };
}

function samplingOf(probe: { width: number; height: number; durationMs: number }) {
  return {
    size: smallSize(probe.width, probe.height),
    fps: Math.min(SAMPLE_FPS, SAMPLES_MAX / Math.max(1, probe.durationMs / 1000)),
  };
}

/** Samples the video at `input` (a local file) for the first pass: one decode of the whole video. */
export async function sampleVideo(
  video: VideoProcessor,
  input: string,
  scratch: string,
  probe: { width: number; height: number; durationMs: number },
): Promise<SampledFrames> {
  const { size, fps } = samplingOf(probe);
  const sampledPath = join(scratch, 'sampled.grey');
  await video.rawFrames(input, sampledPath, { ...size, fps });
  return { size, fps, frames: await readFrames(sampledPath, size) };
}

/**
 * Finds the frame of the video at `input` (a local file) that `still` (the copy in grey) was
 * grabbed from; null when the video has no frames. `scratch` is a directory of the caller's;
 * `sampledFrames`, the video's first pass (sampleVideo), shared by every still read against it;
 * `nearMs`, where it is expected (a video copy's other stills), looked at besides the best samples.
 */
export async function findStillFrame(
  video: VideoProcessor,
  input: string,
  scratch: string,
  still: GreyImage,
  probe: { width: number; height: number; durationMs: number },
  sampledFrames?: SampledFrames,
  nearMs?: number,
): Promise<FoundFrame | null> {
  const { size: small, fps, frames: sampled } = sampledFrames ?? (await sampleVideo(video, input, scratch, probe));
  if (sampled.length === 0) return null;

  const squeezed = resizeGrey(still, small.width, small.height);
  const ranked = sampled
    .map((frame, i) => ({ i, ncc: normalisedCorrelation(frame, squeezed) }))
    .sort((a, b) => b.ncc - a.ncc);
  // The best few samples, one per neighbourhood (a sample's neighbours look like it).
  const picked: number[] = [];
  for (const { i } of ranked) {
    if (picked.every((p) => Math.abs(p - i) > 1)) picked.push(i);
    if (picked.length === NEIGHBOURHOODS) break;
  }
  // Where the other stills of a video copy say it is: looked at too (a mostly still scene ranks
  // other samples as high at 64 px).
  if (nearMs !== undefined) {
    const hinted = Math.min(sampled.length - 1, Math.max(0, Math.round(nearMs / (1000 / fps))));
    if (picked.every((p) => Math.abs(p - hinted) > 1)) picked.push(hinted);
  }

  const step = 1000 / fps;
  let best: { fromMs: number; index: number; count: number; windowMs: number; ncc: number } | null = null;
  for (const i of picked) {
    const fromMs = Math.max(0, (i - 1) * step);
    const windowMs = Math.min(probe.durationMs - fromMs, 2 * step + 1);
    const path = join(scratch, `around-${i}.grey`);
    await video.rawFrames(input, path, { ...small, fromMs, durationMs: windowMs });
    const frames = await readFrames(path, small);
    frames.forEach((frame, index) => {
      const { ncc } = coarsePlacement(frame, still);
      if (!best || ncc > best.ncc) best = { fromMs, index, count: frames.length, windowMs, ncc };
    });
  }
  const found = best as { fromMs: number; index: number; count: number; windowMs: number; ncc: number } | null;
  if (!found) return null;

  // In colour, as a PNG: the still is a picture whose grey is read as a picture's is.
  const framePath = join(scratch, 'frame.png');
  await video.frameStill(input, framePath, { fromMs: found.fromMs, frameIndex: found.index });
  let frame: Buffer;
  try {
    frame = await readFile(framePath);
  } catch {
    return null;
  }
  return {
    frame,
    atMs: Math.round(found.fromMs + (found.index * found.windowMs) / Math.max(1, found.count)),
    ncc: found.ncc,
  };
}

/** How far a video copy's still may be found from where its other stills put it (two samples). */
const STILL_OFFSET_SLACK_MS = 500;

/**
 * The frame of each still (at `atMs` in a video copy; one still of a picture copy: 0), against
 * one sampled pass of the original. A copy not re-edited shows the original's frames in order at
 * one offset: a still found far from where the others put it (a scene that barely moves looks
 * alike at 64 px) is looked for there too, and the better placed of the two kept.
 */
export async function findStillFrames(
  video: VideoProcessor,
  input: string,
  scratch: string,
  stills: readonly { atMs: number; grey: GreyImage }[],
  probe: { width: number; height: number; durationMs: number },
  sampled: SampledFrames,
): Promise<(FoundFrame | null)[]> {
  const found: (FoundFrame | null)[] = [];
  for (const still of stills) found.push(await findStillFrame(video, input, scratch, still.grey, probe, sampled));
  const offsets = found.flatMap((f, i) => (f ? [f.atMs - stills[i]!.atMs] : [])).sort((a, b) => a - b);
  if (stills.length < 3 || offsets.length < 3) return found;
  const offset = offsets[Math.floor(offsets.length / 2)]!;
  for (const [i, still] of stills.entries()) {
    const expected = still.atMs + offset;
    const first = found[i];
    if (first && Math.abs(first.atMs - expected) <= STILL_OFFSET_SLACK_MS) continue;
    const again = await findStillFrame(video, input, scratch, still.grey, probe, sampled, expected);
    if (again && (!first || again.ncc > first.ncc)) found[i] = again;
  }
  return found;
}

/** Stills a short video copy is read by: spread over it, so a copy too degraded in one is named from several. */
export const COPY_STILLS = 5;

/**
 * The container of a video copy by its first bytes: an ISO/QuickTime file has an atom type at 4
 * (`ftyp`, or `moov`/`mdat`/`wide`/`free`/`skip` in an old .mov), a WebM file starts with the
 * EBML magic. Null: neither, not opened at all.
 */
export function videoContainerOf(bytes: Buffer): VideoContainer | null {
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  const atom = bytes.length >= 8 ? bytes.toString('latin1', 4, 8) : '';
  return ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip'].includes(atom) ? 'mov' : null;
}

/**
 * COPY_STILLS stills of a video copy at `input`, each at the middle of an equal part of it (not
 * its first or last frame, which an editor's fade touches), as PNGs at the copy's size. Fewer
 * when a grab finds no frame (a copy shorter than its parts).
 */
export async function grabCopyStills(
  video: VideoProcessor,
  input: string,
  scratch: string,
  durationMs: number,
  container: VideoContainer,
): Promise<{ atMs: number; png: Buffer }[]> {
  const stills = [];
  for (let n = 0; n < COPY_STILLS; n += 1) {
    const atMs = Math.round(((n + 0.5) * durationMs) / COPY_STILLS);
    const path = join(scratch, `copy-still-${n}.png`);
    try {
      await video.frameStill(input, path, { fromMs: atMs, frameIndex: 0, container });
      stills.push({ atMs, png: await readFile(path) });
    } catch {
      // no frame there (past the last one): the others are read
    }
  }
  return stills;
}
