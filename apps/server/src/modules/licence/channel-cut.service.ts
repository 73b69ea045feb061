import {
  CHANNEL_PRESET_TABLE,
  type ChannelPreset,
  type ChannelPresetSpec,
  channelPresetSpec,
  ErrorCode,
  presetFits,
  presetOffersVideo,
  type TChannelCutsResponse,
  type TDownloadUrlResponse,
  VIDEO_PRESET_USE,
} from '@gemstock/contract';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { type CropFraction, findChannelCrops, renderCut } from '../../media/image-processor.js';
import { channelCutKey, channelVideoCutKey } from '../../media/keys.js';
import {
  findMaterialsBySids,
  findOpenMediaJobKinds,
  type MaterialRow,
  type MediaJobOutcome,
  type MediaJobRow,
  queueMediaJobOnce,
  reportFailedMediaJob,
  runNextMediaJobOf,
} from '../catalog/index.js';
import { recordLicenceDownload } from './licence.repository.js';
import { deliveredCutKeyOf, isVideo } from './trace-delivery.js';
import { entitledLicence, LICENCE_DOWNLOAD_TTL_SECONDS, type LicenceDeps, readAll } from './licence.service.js';

/**
 * Channel-ready cuts of a licensed picture or video (docs/decisions/0046): the preview of each
 * cut's frame and the download of the cut itself, made once and kept in private storage. A
 * picture's cut is made inside the first download (and each licence's marked copy of it on its
 * link's first fetch); a video's reframe in the background, as a media job any server's worker
 * may run, the download answering 4423 until it is stored.
 */

/** An original larger than this is not read into memory to be cut (far beyond a stock photo). */
const MAX_ORIGINAL_BYTES = 256 * 1024 * 1024;
const FRAME_CACHE_SIZE = 200;

/** The media jobs that make reframes: `reframe:<w>x<h>`, one kind per size. */
const REFRAME_KINDS = 'reframe:%';
/** Reframes waiting or running across every server at most: more are refused with 4424. */
export const REFRAMES_OPEN_MAX = 8;
/**
 * A running reframe whose claim has not been refreshed for this long belonged to a server that
 * died (a live worker refreshes it every third of this), and is taken over.
 */
export const REFRAME_STALE_MS = 5 * 60_000;

async function licensedMaterial(deps: LicenceDeps, user: UserRow, materialSid: string) {
  const licence = await entitledLicence(deps, user, materialSid);
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return { licence, material };
}

async function readOriginal(deps: LicenceDeps, material: MaterialRow): Promise<Buffer> {
  try {
    const bytes = await readAll(await deps.storage.getStream(material.originalKey), MAX_ORIGINAL_BYTES);
    if (bytes) return bytes;
  } catch {
    // A missing or unreadable original is answered below with the same code.
  }
  throw new AppError(ErrorCode.PRESET_RENDER_FAILED);
}

/** The frame of every preset, in CHANNEL_PRESET_TABLE's order; from the process's cache when it has them. */
function framesOf(deps: LicenceDeps, material: MaterialRow, original?: Buffer): Promise<CropFraction[]> {
  const cached = deps.channelFrames.get(material.originalKey);
  if (cached) return cached;
  const found = (async () => {
    const bytes = original ?? (await readOriginal(deps, material));
    try {
      const found = await findChannelCrops(bytes, CHANNEL_PRESET_TABLE, { whiteScene: material.scene === 'white' });
      return found.crops;
    } catch {
      throw new AppError(ErrorCode.PRESET_RENDER_FAILED);
    }
  })();
  // A failure is not remembered: the next request tries again.
  void found.catch(() => deps.channelFrames.delete(material.originalKey));
  deps.channelFrames.set(material.originalKey, found);
  if (deps.channelFrames.size > FRAME_CACHE_SIZE) {
    deps.channelFrames.delete(deps.channelFrames.keys().next().value!);
  }
  return found;
}

function frameOf(frames: CropFraction[], preset: ChannelPreset): CropFraction {
  return frames[CHANNEL_PRESET_TABLE.findIndex((p) => p.preset === preset)]!;
}

/**
 * A video's frame for a ratio: the largest of that ratio the picture holds, centred. Jewellery
 * footage keeps its piece in the middle of the shot; following a moving subject frame by frame
 * is not attempted (decision 0046).
 */
export function centredFrame(width: number, height: number, spec: { width: number; height: number }): CropFraction {
  const ratio = spec.width / spec.height;
  const frameWidth = Math.min(1, (height * ratio) / width);
  const frameHeight = Math.min(1, width / ratio / height);
  return { left: (1 - frameWidth) / 2, top: (1 - frameHeight) / 2, width: frameWidth, height: frameHeight };
}

/** The frame in whole pixels, with even sides and offsets (H.264 halves the colour planes). */
function pixelFrame(width: number, height: number, frame: CropFraction) {
  const evenDown = (n: number) => Math.floor(n / 2) * 2;
  const w = Math.max(2, evenDown(frame.width * width));
  const h = Math.max(2, evenDown(frame.height * height));
  return { x: evenDown((width - w) / 2), y: evenDown((height - h) / 2), width: w, height: h };
}

function videoCutKeyOf(material: MaterialRow, size: { width: number; height: number }): string {
  return channelVideoCutKey(material.sid, size, material.originalKey);
}

/** The media job kind that makes a reframe of this size. */
function reframeKind(size: { width: number; height: number }): string {
  return `reframe:${size.width}x${size.height}`;
}

function reframeSizeOf(kind: string): { width: number; height: number } {
  const match = /^reframe:(\d+)x(\d+)$/.exec(kind);
  if (!match) throw new Error(`not a reframe job: ${kind}`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

function videoReason(material: MaterialRow, spec: ChannelPresetSpec, deps: LicenceDeps): string | null {
  if (!presetOffersVideo(spec.preset)) return ErrorCode.PRESET_NOT_FOR_VIDEO.message;
  if (!presetFits(spec, material.width, material.height)) {
    return `原片 ${material.width}×${material.height}，不足 ${spec.width}×${spec.height}，不会放大画面`;
  }
  if (!deps.video.available) return ErrorCode.PRESET_VIDEO_FAILED.message;
  return null;
}

/** GET /api/material/:id/presets: each cut's size, whether it can be made, and where it falls. */
export async function listChannelCuts(
  deps: LicenceDeps,
  user: UserRow,
  materialSid: string,
): Promise<TChannelCutsResponse> {
  const { material } = await licensedMaterial(deps, user, materialSid);
  const video = isVideo(material);
  const frames = video ? null : await framesOf(deps, material);
  const making = video ? await findOpenMediaJobKinds(deps.db, material.sid, REFRAME_KINDS) : new Set<string>();
  return {
    material: material.sid,
    previewUrl: deps.publicUrlOf(material.watermarkKey),
    width: material.width,
    height: material.height,
    cuts: CHANNEL_PRESET_TABLE.map((spec) => {
      const fits = presetFits(spec, material.width, material.height);
      const reason = video
        ? videoReason(material, spec, deps)
        : fits
          ? null
          : `原图 ${material.width}×${material.height}，不足 ${spec.width}×${spec.height}，不会放大画面`;
      const frame =
        reason !== null
          ? null
          : frames
            ? frameOf(frames, spec.preset)
            : centredFrame(material.width, material.height, spec);
      return {
        preset: spec.preset,
        name: spec.name,
        use: (video ? VIDEO_PRESET_USE[spec.preset] : undefined) ?? spec.use,
        ratio: spec.ratio,
        width: spec.width,
        height: spec.height,
        available: frame !== null,
        reason,
        crop: frame && {
          left: round4(frame.left),
          top: round4(frame.top),
          width: round4(frame.width),
          height: round4(frame.height),
        },
        preparing: video && frame !== null && making.has(reframeKind(spec)),
      };
    }),
  };
}

/**
 * Makes a video's reframe and stores it: the original is copied to a scratch directory (storage
 * may be a remote bucket), cut and shrunk by ffmpeg, and the result streamed to storage.
 */
async function renderVideoCut(
  deps: LicenceDeps,
  material: MaterialRow,
  size: { width: number; height: number },
  key: string,
) {
  await mkdir(deps.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(deps.scratchDir, 'cut-'));
  try {
    const input = join(scratch, 'original');
    await pipeline(await deps.storage.getStream(material.originalKey), createWriteStream(input));
    const output = join(scratch, 'cut.mp4');
    const crop = pixelFrame(material.width, material.height, centredFrame(material.width, material.height, size));
    await deps.video.makeReframe(input, output, { crop, width: size.width, height: size.height });
    await deps.storage.put(key, createReadStream(output), 'video/mp4');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A video's reframe for the download: its key once stored. Before that the reframe is queued as
 * a media job (once, whichever server is asked) and the buyer told to come back (4423); a job
 * that failed its last attempt is told once (4425), and the next download queues it again.
 */
async function storedVideoCut(deps: LicenceDeps, material: MaterialRow, preset: ChannelPreset): Promise<string> {
  const spec = channelPresetSpec(preset);
  if (!presetOffersVideo(preset)) throw new AppError(ErrorCode.PRESET_NOT_FOR_VIDEO);
  if (!presetFits(spec, material.width, material.height)) throw new AppError(ErrorCode.PRESET_TOO_LARGE);
  const key = videoCutKeyOf(material, spec);
  if (await deps.storage.stat(key)) return key;
  if (!deps.video.available) throw new AppError(ErrorCode.PRESET_VIDEO_FAILED);
  const kind = reframeKind(spec);
  // The buyer's dialog asks every few seconds while it waits: that is one indexed read.
  if ((await findOpenMediaJobKinds(deps.db, material.sid, REFRAME_KINDS)).has(kind)) {
    throw new AppError(ErrorCode.PRESET_PREPARING);
  }
  if (await reportFailedMediaJob(deps.db, material.sid, kind)) throw new AppError(ErrorCode.PRESET_VIDEO_FAILED);
  const queued = await queueMediaJobOnce(
    deps.db,
    { materialSid: material.sid, kind },
    { kinds: REFRAME_KINDS, max: REFRAMES_OPEN_MAX },
  );
  if (queued === 'full') throw new AppError(ErrorCode.PRESET_QUEUE_FULL);
  if (queued === 'queued') deps.mediaJobs.notify();
  throw new AppError(ErrorCode.PRESET_PREPARING);
}

/** Makes the reframe a job names, unless it is stored already (a worker that lost the job made it). */
async function makeReframe(deps: LicenceDeps, job: MediaJobRow): Promise<void> {
  const size = reframeSizeOf(job.kind);
  const material = (await findMaterialsBySids(deps.db, [job.materialSid])).get(job.materialSid);
  if (!material) throw new Error(`material ${job.materialSid} is not found`);
  const key = videoCutKeyOf(material, size);
  if (await deps.storage.stat(key)) return;
  await renderVideoCut(deps, material, size, key);
}

/** Claims and makes the next due reframe of any server's queue (the reframe worker; tests). */
export function runNextReframe(deps: LicenceDeps): Promise<MediaJobOutcome | null> {
  return runNextMediaJobOf(
    { db: deps.db, config: deps.config },
    { kinds: REFRAME_KINDS, staleAfterMs: REFRAME_STALE_MS, run: (job) => makeReframe(deps, job) },
  );
}

/** Makes every reframe due now, one after another, and tells how each ended (tests). */
export async function runDueReframes(deps: LicenceDeps): Promise<MediaJobOutcome[]> {
  const outcomes: MediaJobOutcome[] = [];
  for (let next = await runNextReframe(deps); next; next = await runNextReframe(deps)) outcomes.push(next);
  return outcomes;
}

/**
 * GET /api/material/:id/download?preset=…: a short-lived link to the channel's cut, made (a
 * picture's) or queued (a video's) on the first download and kept in private storage (the same signed-link route serves it as an
 * original). Recorded as a download of the licence with the preset noted.
 */
export async function downloadChannelCut(
  deps: LicenceDeps,
  user: UserRow,
  materialSid: string,
  preset: ChannelPreset,
): Promise<TDownloadUrlResponse> {
  const { licence, material } = await licensedMaterial(deps, user, materialSid);
  // A picture's cut is served as the licence's marked copy of it, made when the link is first
  // fetched (prepareTracedFile, docs/decisions/0049); a video's reframe is shared, unmarked.
  const key = isVideo(material)
    ? await storedVideoCut(deps, material, preset)
    : deliveredCutKeyOf(licence, preset, await storedPictureCut(deps, material, preset));
  await recordLicenceDownload(deps.db, {
    licenceSid: licence.sid,
    userSid: user.sid,
    materialSid: material.sid,
    orderSid: licence.orderSid,
    preset,
  });
  const signed = deps.signer.signDownloadUrl(key, LICENCE_DOWNLOAD_TTL_SECONDS);
  return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
}

/**
 * A picture's unmarked cut: its key, made and stored first when it is not yet. Every licence's
 * marked cut is made from it, and 溯源 reads a copy of a cut against it.
 */
export async function storedPictureCut(
  deps: LicenceDeps,
  material: MaterialRow,
  preset: ChannelPreset,
): Promise<string> {
  const spec = channelPresetSpec(preset);
  if (!presetFits(spec, material.width, material.height)) throw new AppError(ErrorCode.PRESET_TOO_LARGE);
  const key = channelCutKey(material.sid, preset, spec, material.originalKey);
  if (!(await deps.storage.stat(key))) {
    const original = await readOriginal(deps, material);
    const frame = frameOf(await framesOf(deps, material, original), preset);
    let cut;
    try {
      cut = await renderCut(original, frame, spec);
    } catch {
      throw new AppError(ErrorCode.PRESET_RENDER_FAILED);
    }
    await deps.storage.put(key, cut.data, cut.mime);
  }
  return key;
}
