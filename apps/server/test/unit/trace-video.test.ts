import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCopy, readCopyAgainst, scoreKeys } from '../../src/media/trace-image.js';
import {
  TRACE_Z_THRESHOLD,
  traceGridOf,
  traceKeyOf,
  traceSigns,
  videoTracePattern,
} from '../../src/media/trace-mark.js';
import { findStillFrame } from '../../src/media/trace-video.js';
import { createVideoProcessor } from '../../src/media/video-processor.js';

/**
 * The trace mark in every frame of a licensed video (docs/decisions/0049): a video marked for
 * licence A, then re-encoded by someone else at CRF 28 and halved; a still grabbed from that copy
 * is traced to its frame of the original and to licence A, no other licence near the threshold.
 * The video is made here by ffmpeg (lavfi's testsrc2, softened as a lens does, with sensor grain
 * and a tone for sound): three seconds, 640×360.
 */

const run = promisify(execFile);
const video = createVideoProcessor({});
const secret = Buffer.from('trace-test-secret');
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'trace-video-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function ffmpeg(...args: string[]) {
  await run(video.ffmpegPath!, ['-v', 'error', '-nostdin', '-y', ...args]);
}

/** Luma PSNR of every frame of `marked` against `original`: the lowest and the mean. */
async function lumaPsnr(original: string, marked: string): Promise<{ lowest: number; mean: number }> {
  const size = { width: WIDTH, height: HEIGHT };
  await video.rawFrames(original, join(dir, 'o.grey'), size);
  await video.rawFrames(marked, join(dir, 'm.grey'), size);
  const [o, m] = await Promise.all([readFile(join(dir, 'o.grey')), readFile(join(dir, 'm.grey'))]);
  expect(m.length).toBe(o.length);
  const frame = WIDTH * HEIGHT;
  const psnrs: number[] = [];
  for (let at = 0; at < o.length; at += frame) {
    let err = 0;
    for (let i = at; i < at + frame; i += 1) err += (o[i]! - m[i]!) ** 2;
    psnrs.push(10 * Math.log10((255 * 255) / (err / frame)));
  }
  return { lowest: Math.min(...psnrs), mean: psnrs.reduce((a, b) => a + b, 0) / psnrs.length };
}

describe.skipIf(!video.available)('the trace mark in a video', () => {
  it('traces a still of a re-encoded (CRF 28) and halved copy to its frame and to licence A, no other licence near the threshold', async () => {
    const original = join(dir, 'original.mp4');
    await ffmpeg(
      ...['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=${FPS}:duration=3`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
      ...['-vf', 'gblur=sigma=1.2,noise=alls=4:allf=t', '-shortest'],
      ...['-c:v', 'libx264', '-crf', '16', '-pix_fmt', 'yuv420p', '-c:a', 'aac', original],
    );
    const keys = [0, 1, 2, 3].map((n) => traceKeyOf(secret, `video-licence-${n}`));
    const pattern = join(dir, 'pattern.yuv');
    await writeFile(pattern, videoTracePattern(WIDTH, HEIGHT, traceSigns(keys[0]!, traceGridOf(WIDTH, HEIGHT))));
    const marked = join(dir, 'marked.mp4');
    await video.makeTracedVideo(original, marked, { patternPath: pattern, width: WIDTH, height: HEIGHT });
    const probe = await video.probe(marked);
    expect(probe).toMatchObject({ width: WIDTH, height: HEIGHT, hasAudio: true, codec: 'h264' });

    // Decision 0049 quotes these: the pattern alone (44.3 dB at this size), then the delivered
    // file against the original, the CRF 18 encoding included (measured: lowest 40.0, mean 40.5).
    const added = videoTracePattern(WIDTH, HEIGHT, traceSigns(keys[0]!, traceGridOf(WIDTH, HEIGHT)));
    let squared = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i += 1) squared += (added[i]! - 128) ** 2;
    expect(10 * Math.log10((255 * 255) / (squared / (WIDTH * HEIGHT)))).toBeGreaterThan(44);
    const psnr = await lumaPsnr(original, marked);
    expect(psnr.lowest).toBeGreaterThanOrEqual(39);

    const copy = join(dir, 'copy.mp4');
    await ffmpeg('-i', marked, '-vf', `scale=${WIDTH / 2}:${HEIGHT / 2}`, '-c:v', 'libx264', '-crf', '28', copy);
    const originalProbe = await video.probe(original);
    const lowest = { right: Infinity, wrong: -Infinity };
    for (const atMs of [600, 1520, 2400]) {
      const still = join(dir, `still-${atMs}.png`);
      await ffmpeg('-ss', (atMs / 1000).toFixed(3), '-i', copy, '-frames:v', '1', still);
      const grey = await decodeCopy(await readFile(still));
      const found = await findStillFrame(video, original, dir, grey, originalProbe);
      expect(found).not.toBeNull();
      // the frame it was grabbed from, to within a frame
      expect(Math.abs(found!.atMs - atMs)).toBeLessThanOrEqual(1000 / FPS + 1);
      const reading = await readCopyAgainst(grey, found!.frame);
      const scores = scoreKeys(reading, { width: WIDTH, height: HEIGHT }, keys);
      lowest.right = Math.min(lowest.right, scores[0]!);
      lowest.wrong = Math.max(lowest.wrong, ...scores.slice(1));
    }
    expect(lowest.right).toBeGreaterThanOrEqual(TRACE_Z_THRESHOLD);
    expect(lowest.wrong).toBeLessThan(TRACE_Z_THRESHOLD);
  }, 120_000);
});
