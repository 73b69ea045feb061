import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { perceptualHash } from '../../media/perceptual-hash.js';
import { traceGridOf, traceKeyOf, traceSigns, videoTracePattern } from '../../media/trace-mark.js';
import { findMaterialsBySids, type MediaJobOutcome, type MediaJobRow, runNextMediaJobOf } from '../catalog/index.js';
import { REFRAME_STALE_MS, runNextReframe } from './channel-cut.service.js';
import type { LicenceDeps } from './licence.service.js';
import { deliveredKeyOf, TRACED_VIDEO_KINDS } from './trace-delivery.js';
import { storedSampledFrames } from './trace.service.js';
import { findLicenceBySid, hasFrameHashes, saveTraceReferenceHashes } from './trace.repository.js';

/**
 * A licence's marked video (docs/decisions/0049): the whole video re-encoded once per licence
 * with the licence's cell pattern added to every frame, as a media job any server's worker may
 * run (the download answers 4487 until it is stored). The first marked copy of a video also
 * hashes a few of its frames, so that 溯源 finds the video from a still, and keeps 溯源's sampled
 * frames of it (storedSampledFrames).
 */

/** Frames of a video hashed for 溯源's search by resemblance: two a second, at most this many. */
const FRAME_HASHES_MAX = 240;
const FRAME_HASHES_PER_SECOND = 2;
/** The long side frames are hashed at (the hash itself reads a 32 × 32 copy). */
const FRAME_HASH_SIDE = 128;

function licenceSidOf(kind: string): string {
  const match = /^traced:([a-z0-9]+)$/.exec(kind);
  if (!match) throw new Error(`not a marked video job: ${kind}`);
  return match[1]!;
}

/** The perceptual hashes of frames across the video (`frame:<ms>`), as a still of it would be hashed. */
async function frameHashes(
  deps: LicenceDeps,
  input: string,
  scratch: string,
  probe: { width: number; height: number; durationMs: number },
) {
  const scale = FRAME_HASH_SIDE / Math.max(probe.width, probe.height);
  const size = {
    width: Math.max(8, Math.round(probe.width * scale)),
    height: Math.max(8, Math.round(probe.height * scale)),
  };
  const fps = Math.min(FRAME_HASHES_PER_SECOND, FRAME_HASHES_MAX / Math.max(1, probe.durationMs / 1000));
  const path = join(scratch, 'hashed.rgb');
  // In colour: a still is hashed from its colours, and the grey of a frame's luma differs from it.
  await deps.video.rawFrames(input, path, { ...size, fps, colour: true });
  const bytes = await readFile(path);
  const frameBytes = size.width * size.height * 3;
  const hashes = [];
  for (let at = 0, n = 0; at + frameBytes <= bytes.length; at += frameBytes, n += 1) {
    const png = await sharp(bytes.subarray(at, at + frameBytes), { raw: { ...size, channels: 3 } })
      .png()
      .toBuffer();
    hashes.push({ source: `frame:${Math.round((n * 1000) / fps)}`, hash: await perceptualHash(png) });
  }
  return hashes;
}

/** Makes the marked video a job names, unless it is stored already (a worker that lost the job made it). */
async function makeTracedVideo(deps: LicenceDeps, job: MediaJobRow): Promise<void> {
  const licence = await findLicenceBySid(deps.db, licenceSidOf(job.kind));
  if (!licence) throw new Error(`licence of ${job.kind} is not found`);
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material) throw new Error(`material ${licence.materialSid} is not found`);
  const key = deliveredKeyOf(material, licence);
  if (await deps.storage.stat(key)) return;
  await mkdir(deps.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(deps.scratchDir, 'traced-'));
  try {
    // Storage may be a remote bucket: ffmpeg reads a local copy.
    const input = join(scratch, 'original');
    await pipeline(await deps.storage.getStream(material.originalKey), createWriteStream(input));
    const probe = await deps.video.probe(input);
    const patternPath = join(scratch, 'pattern.yuv');
    const signs = traceSigns(traceKeyOf(deps.traceSecret, licence.sid), traceGridOf(probe.width, probe.height));
    await writeFile(patternPath, videoTracePattern(probe.width, probe.height, signs));
    const output = join(scratch, 'traced.mp4');
    await deps.video.makeTracedVideo(input, output, { patternPath, width: probe.width, height: probe.height });
    await deps.storage.put(key, createReadStream(output), 'video/mp4');
    if (!(await hasFrameHashes(deps.db, material.sid))) {
      await saveTraceReferenceHashes(deps.db, material.sid, await frameHashes(deps, input, scratch, probe));
    }
    // While the original is here: 溯源's first pass over it, kept, so no trace decodes it whole.
    await storedSampledFrames(deps, material, input, scratch, probe);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Claims and makes the next due marked video of any server's queue. */
export function runNextTracedVideo(deps: LicenceDeps): Promise<MediaJobOutcome | null> {
  return runNextMediaJobOf(
    { db: deps.db, config: deps.config },
    { kinds: TRACED_VIDEO_KINDS, staleAfterMs: REFRAME_STALE_MS, run: (job) => makeTracedVideo(deps, job) },
  );
}

/** The licensed videos' worker: the next reframe, else the next marked video. */
export async function runNextLicensedVideoJob(deps: LicenceDeps): Promise<MediaJobOutcome | null> {
  return (await runNextReframe(deps)) ?? (await runNextTracedVideo(deps));
}

/** Makes every marked video due now, one after another, and tells how each ended (tests). */
export async function runDueTracedVideos(deps: LicenceDeps): Promise<MediaJobOutcome[]> {
  const outcomes: MediaJobOutcome[] = [];
  for (let next = await runNextTracedVideo(deps); next; next = await runNextTracedVideo(deps)) outcomes.push(next);
  return outcomes;
}
