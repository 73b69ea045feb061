import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coarsePlacement, type GreyImage, normalisedCorrelation, resizeGrey } from './trace-mark.js';
import type { VideoProcessor } from './video-processor.js';

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

/**
 * Finds the frame of the video at `input` (a local file) that `still` (the copy in grey) was
 * grabbed from; null when the video has no frames. `scratch` is a directory of the caller's.
 */
export async function findStillFrame(
  video: VideoProcessor,
  input: string,
  scratch: string,
  still: GreyImage,
  probe: { width: number; height: number; durationMs: number },
): Promise<FoundFrame | null> {
  const small = smallSize(probe.width, probe.height);
  const fps = Math.min(SAMPLE_FPS, SAMPLES_MAX / Math.max(1, probe.durationMs / 1000));
  const sampledPath = join(scratch, 'sampled.grey');
  await video.rawFrames(input, sampledPath, { ...small, fps });
  const sampled = await readFrames(sampledPath, small);
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
