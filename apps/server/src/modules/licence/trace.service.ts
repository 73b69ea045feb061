import {
  AuditAction,
  AuditEntity,
  CHANNEL_PRESET_TABLE,
  type ChannelPreset,
  channelPresetSpec,
  ErrorCode,
  isChannelPreset,
  presetFits,
  TRACE_COPY_MIN_SIDE,
  TRACE_COPY_TYPES,
  TRACE_VIDEO_COPY_MAX_MS,
  TRACE_VIDEO_COPY_TYPES,
  type TTraceResponse,
} from '@gemstock/contract';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { OperatorRow, UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { readImageInfo } from '../../media/image-processor.js';
import { channelCutKey, parseTracedKey, traceSampledKey } from '../../media/keys.js';
import { perceptualHash } from '../../media/perceptual-hash.js';
import { MediaRejectedError } from '../../media/media-errors.js';
import {
  type CopyReading,
  decodeCopy,
  markOriginal,
  readCopyAgainst,
  scoreKeys,
  scoreKeysTogether,
} from '../../media/trace-image.js';
import { type GreyImage, TRACE_Z_THRESHOLD, traceCutKeyOf, traceKeyOf } from '../../media/trace-mark.js';
import {
  decodeSampledFrames,
  encodeSampledFrames,
  findStillFrames,
  grabCopyStills,
  type SampledFrames,
  sampleVideo,
  videoContainerOf,
} from '../../media/trace-video.js';
import { recordOperatorAction } from '../audit/index.js';
import { findMaterialsBySids, type MaterialRow } from '../catalog/index.js';
import { findUserBySid } from '../user/index.js';
import type { LicenceRow } from './licence.repository.js';
import { type LicenceDeps, readAll } from './licence.service.js';
import { storedPictureCut } from './channel-cut.service.js';
import { deliveredCutKeyOf, deliveredKeyOf, isVideo, traceNumberOfLicence } from './trace-delivery.js';
import {
  findLicenceBySid,
  findMaterialsNearHash,
  findOrderNo,
  findReferencesNearHash,
  listDownloadedLicencesOfMaterial,
  listLicenceDownloads,
  saveTraceReferenceHashes,
} from './trace.repository.js';

/**
 * The trace mark on delivered files (docs/decisions/0049): each licence's download of a picture
 * or of a picture's channel cut is a copy carrying the licence's mark, made on the first fetch and
 * kept in private storage (a video's is made by a media job, traced-video.service.ts); 溯源 reads a
 * copy found elsewhere against the licences of its material.
 */

/** An original larger than this is not read into memory to be marked (far beyond a stock photo). */
const MAX_ORIGINAL_BYTES = 256 * 1024 * 1024;
/** Candidate materials a copy is read against: the closest by perceptual hash. */
const MAX_CANDIDATES = 3;
/** How far (bits of 64) a copy's perceptual hash may be from its material's: a 10 % crop moves it. */
const MAX_HASH_DISTANCE = 22;
/** Licences of one material compared, newest first: far beyond what one picture sells. */
const MAX_LICENCES_COMPARED = 5000;
const MAX_DOWNLOADS_SHOWN = 20;

async function readStored(deps: LicenceDeps, key: string): Promise<Buffer | null> {
  try {
    return await readAll(await deps.storage.getStream(key), MAX_ORIGINAL_BYTES);
  } catch {
    return null;
  }
}

function readOriginal(deps: LicenceDeps, material: MaterialRow): Promise<Buffer | null> {
  return readStored(deps, material.originalKey);
}

/** The licence, material and file a marked file's key names, when it is a marked picture or cut of them. */
async function namedByKey(deps: LicenceDeps, key: string) {
  const named = parseTracedKey(key);
  if (!named) return null;
  const licence = await findLicenceBySid(deps.db, named.licenceSid);
  if (!licence || licence.materialSid !== named.materialSid) return null;
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material || isVideo(material)) return null;
  if (named.preset === null)
    return deliveredKeyOf(material, licence) === key ? { licence, material, preset: null } : null;
  if (!isChannelPreset(named.preset)) return null;
  const cutKey = channelCutKey(material.sid, named.preset, channelPresetSpec(named.preset), material.originalKey);
  return deliveredCutKeyOf(licence, named.preset, cutKey) === key ? { licence, material, preset: named.preset } : null;
}

/**
 * Makes the marked picture or channel cut a signed link names, when it is not in storage yet (the
 * download route asks before serving). False: the key is not a marked file of an existing licence.
 */
export async function prepareTracedFile(deps: LicenceDeps, key: string): Promise<boolean> {
  const named = await namedByKey(deps, key);
  if (!named) return false;
  const { licence, material, preset } = named;
  // The unmarked cut, made again if it went missing: cutting is deterministic.
  const cutKey = preset === null ? null : await storedPictureCut(deps, material, preset);
  await deps.markSlots.run(async () => {
    // Another request may have made it while this one waited for a slot.
    if (await deps.storage.stat(key)) return;
    const source = cutKey === null ? await readOriginal(deps, material) : await readStored(deps, cutKey);
    if (!source) throw new AppError(ErrorCode.TRACE_MARK_FAILED);
    let marked;
    try {
      const licenceKey = traceKeyOf(deps.traceSecret, licence.sid);
      marked = await markOriginal(source, preset === null ? licenceKey : traceCutKeyOf(licenceKey, preset));
    } catch {
      throw new AppError(ErrorCode.TRACE_MARK_FAILED);
    }
    await deps.storage.put(key, marked.data, marked.mime);
    // A copy of the cut is found by resemblance to the cut, not to the whole picture.
    if (preset !== null) {
      await saveTraceReferenceHashes(deps.db, material.sid, [
        { source: `cut:${preset}`, hash: await perceptualHash(source) },
      ]);
    }
  });
  return true;
}

function accountName(user: UserRow | undefined): string {
  if (!user) return '—';
  return user.name ?? user.mobile ?? user.email ?? user.username ?? user.sid;
}

async function describeMatch(deps: LicenceDeps, licence: LicenceRow, score: number) {
  const [owner, buyer, orderNo, downloads] = await Promise.all([
    findUserBySid(deps.db, licence.ownerSid),
    findUserBySid(deps.db, licence.buyerSid),
    findOrderNo(deps.db, licence.orderSid),
    listLicenceDownloads(deps.db, licence.orderSid, licence.materialSid, MAX_DOWNLOADS_SHOWN),
  ]);
  const accounts = new Map<string, UserRow | undefined>();
  for (const d of downloads) {
    if (!accounts.has(d.userSid)) accounts.set(d.userSid, await findUserBySid(deps.db, d.userSid));
  }
  return {
    materialSid: licence.materialSid,
    certNo: licence.certNo,
    traceNo: traceNumberOfLicence(deps, licence.sid),
    orderNo,
    orderSid: licence.orderSid,
    score: Math.round(score * 10) / 10,
    company: owner?.company ?? buyer?.company ?? null,
    buyer: { sid: licence.buyerSid, account: accountName(buyer), mobile: buyer?.mobile ?? null },
    licensedAt: licence.createdAt.toISOString(),
    revoked: licence.revokedAt !== null,
    downloads: downloads.map((d) => {
      const user = accounts.get(d.userSid);
      return {
        at: d.createdAt.toISOString(),
        userSid: d.userSid,
        account: accountName(user),
        mobile: user?.mobile ?? null,
        preset: d.preset,
      };
    }),
  };
}

interface Source {
  cut: ChannelPreset | null;
  /** The unmarked file, or null when it cannot be read. */
  bytes: () => Promise<Buffer | null>;
  ratio: number;
}

/**
 * What a picture's licences were delivered as: its original and each channel cut made so far
 * (a cut never made was never downloaded), the ones shaped most like the copy first.
 */
async function pictureSources(deps: LicenceDeps, material: MaterialRow, copyRatio: number): Promise<Source[]> {
  const sources: Source[] = [
    { cut: null, bytes: () => readOriginal(deps, material), ratio: material.width / Math.max(1, material.height) },
  ];
  for (const spec of CHANNEL_PRESET_TABLE) {
    if (!presetFits(spec, material.width, material.height)) continue;
    const key = channelCutKey(material.sid, spec.preset, spec, material.originalKey);
    if (!(await deps.storage.stat(key))) continue;
    sources.push({ cut: spec.preset, bytes: () => readStored(deps, key), ratio: spec.width / spec.height });
  }
  const misfit = (s: Source) => Math.abs(Math.log(s.ratio / copyRatio));
  return sources.sort((a, b) => misfit(a) - misfit(b));
}

/**
 * A video's first-pass frames for finding a still (≤ 4 a second, 64 px): read from private
 * storage when they were kept, else sampled from the local copy of the original at `input` (a
 * whole decode: minutes for an hour-long video) and kept, so that no later trace decodes it
 * again. Keyed by the original's key, so a replaced original samples anew. A file that cannot be
 * read back is sampled again and replaced; failing to keep it only costs the next trace a decode.
 */
export async function storedSampledFrames(
  deps: LicenceDeps,
  material: MaterialRow,
  input: string,
  scratch: string,
  probe: { width: number; height: number; durationMs: number },
): Promise<SampledFrames> {
  const key = traceSampledKey(material.sid, material.originalKey);
  const kept = await readStored(deps, key);
  const decoded = kept ? decodeSampledFrames(kept, probe) : null;
  if (decoded) return decoded;
  const sampled = await sampleVideo(deps.video, input, scratch, probe);
  if (sampled.frames.length > 0) {
    await deps.storage.put(key, encodeSampledFrames(sampled), 'application/octet-stream').catch(() => undefined);
  }
  return sampled;
}

/**
 * Reads stills against a video: finds the frame of the original each shows (one sampled pass of
 * the original shared by all), reads each against its frame as against a picture, and scores the
 * keys on all of them together (scoreKeysTogether: one still, or a video copy's few). Null when
 * the video cannot be read.
 */
async function readVideoStills(
  deps: LicenceDeps,
  material: MaterialRow,
  stills: readonly { atMs: number; grey: GreyImage }[],
  keys: Uint8Array[],
) {
  await mkdir(deps.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(deps.scratchDir, 'trace-'));
  try {
    const input = join(scratch, 'original');
    await pipeline(await deps.storage.getStream(material.originalKey), createWriteStream(input));
    const probe = await deps.video.probe(input);
    const sampled = await storedSampledFrames(deps, material, input, scratch, probe);
    const found = await findStillFrames(deps.video, input, scratch, stills, probe, sampled);
    const readings: CopyReading[] = [];
    let frameMs: number | null = null;
    for (const [i, still] of stills.entries()) {
      const frame = found[i];
      if (!frame) continue;
      const reading = await readCopyAgainst(still.grey, frame.frame);
      if (reading.placed) frameMs ??= frame.atMs;
      readings.push(reading);
    }
    const placed = readings.filter((r) => r.placed).length;
    return { placed: placed > 0, frameMs, stills: placed, scores: scoreKeysTogether(readings, probe, keys) };
  } catch {
    return null;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

interface CopyStill {
  /** When it shows in the copy (0 for a picture). */
  atMs: number;
  png: Buffer;
  grey: GreyImage;
}

/**
 * A video copy (溯源 of a short clip): probed by its own demuxer and read as COPY_STILLS stills
 * spread over it. Bad input is refused here, before anything is recorded: not a video ffprobe
 * reads (4490), longer than TRACE_VIDEO_COPY_MAX_MS (4491), frames too small (4482).
 */
async function readVideoCopy(deps: LicenceDeps, body: Buffer) {
  if (!deps.video.available) throw new AppError(ErrorCode.TRACE_VIDEO_UNAVAILABLE);
  const container = videoContainerOf(body);
  if (!container) throw new AppError(ErrorCode.TRACE_COPY_VIDEO_UNREADABLE);
  await mkdir(deps.scratchDir, { recursive: true });
  const scratch = await mkdtemp(join(deps.scratchDir, 'trace-copy-'));
  try {
    const input = join(scratch, 'copy');
    await writeFile(input, body);
    let probe;
    try {
      probe = await deps.video.probe(input, { container });
    } catch (error) {
      if (error instanceof MediaRejectedError && error.reason === 'video_too_large') {
        throw new AppError(ErrorCode.TRACE_COPY_VIDEO_TOO_LONG);
      }
      throw new AppError(ErrorCode.TRACE_COPY_VIDEO_UNREADABLE);
    }
    if (probe.durationMs > TRACE_VIDEO_COPY_MAX_MS) throw new AppError(ErrorCode.TRACE_COPY_VIDEO_TOO_LONG);
    if (Math.min(probe.width, probe.height) < TRACE_COPY_MIN_SIDE) throw new AppError(ErrorCode.TRACE_COPY_TOO_SMALL);
    const grabbed = await grabCopyStills(deps.video, input, scratch, probe.durationMs, container);
    const stills: CopyStill[] = [];
    for (const { atMs, png } of grabbed) {
      // ffmpeg's own PNG: one that does not decode is a frame of a file it half read
      const grey = await decodeCopy(png).catch(() => null);
      if (grey) stills.push({ atMs, png, grey });
    }
    if (stills.length === 0) throw new AppError(ErrorCode.TRACE_COPY_VIDEO_UNREADABLE);
    return { probe, stills };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A picture copy: its type and its bytes checked (4480), its size (4482). */
async function readPictureCopy(body: Buffer) {
  let info;
  try {
    info = await readImageInfo(body);
  } catch {
    throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
  }
  if (!['jpeg', 'png', 'webp'].includes(info.format)) throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
  if (Math.min(info.width, info.height) < TRACE_COPY_MIN_SIDE) throw new AppError(ErrorCode.TRACE_COPY_TOO_SMALL);
  return info;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * 溯源: reads an uploaded copy against the licences of the material it is a picture of (the one
 * named, or the closest by perceptual hash — of its original, of a channel cut made of it, or of
 * a video's frames) and answers the licence whose mark it carries, or none. A picture's copy is
 * read against the original and each channel cut made; a still of a video against the frame it
 * shows; a short video file, by a few stills read against their frames and scored together.
 * Recorded in the audit log whatever the answer.
 */
export async function traceCopy(
  deps: LicenceDeps,
  operator: OperatorRow,
  copy: { body: Buffer; contentType: string },
  named: string | undefined,
): Promise<TTraceResponse> {
  if (!(TRACE_COPY_TYPES as readonly string[]).includes(copy.contentType)) {
    throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
  }
  const isVideoCopy = (TRACE_VIDEO_COPY_TYPES as readonly string[]).includes(copy.contentType);
  let info: { width: number; height: number };
  let durationMs: number | null = null;
  let stills: CopyStill[];
  if (isVideoCopy) {
    const video = await readVideoCopy(deps, copy.body);
    info = video.probe;
    durationMs = video.probe.durationMs;
    stills = video.stills;
  } else {
    info = await readPictureCopy(copy.body);
    stills = [{ atMs: 0, png: copy.body, grey: await decodeCopy(copy.body) }];
  }

  let candidates: { material: MaterialRow; distance: number | null }[];
  if (named) {
    const material = (await findMaterialsBySids(deps.db, [named])).get(named);
    if (!material) throw new AppError(ErrorCode.TRACE_MATERIAL_NOT_FOUND);
    // A video's frames are read against a video's: a picture was never delivered as one.
    if (isVideoCopy && !isVideo(material)) throw new AppError(ErrorCode.TRACE_COPY_VIDEO_NOT_VIDEO_MATERIAL);
    if (isVideo(material) && !deps.video.available) throw new AppError(ErrorCode.TRACE_VIDEO_UNAVAILABLE);
    candidates = [{ material, distance: null }];
  } else {
    // A video copy: any of its stills may be the one like the frames hashed (a scene changes).
    const near = [];
    for (const still of stills) {
      const hash = await perceptualHash(still.png);
      near.push(
        ...(isVideoCopy ? [] : await findMaterialsNearHash(deps.db, hash, MAX_HASH_DISTANCE, MAX_CANDIDATES * 2)),
        ...(await findReferencesNearHash(deps.db, hash, MAX_HASH_DISTANCE, MAX_CANDIDATES * 2)),
      );
    }
    const closest = new Map<string, number>();
    for (const n of near) closest.set(n.sid, Math.min(closest.get(n.sid) ?? Infinity, n.distance));
    const ordered = [...closest].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    const found = await findMaterialsBySids(
      deps.db,
      ordered.map(([sid]) => sid),
    );
    candidates = ordered
      .flatMap(([sid, distance]) => {
        const material = found.get(sid);
        // A server without ffmpeg cannot read a video: it is left out, not failed. A video copy
        // is read against videos only (a picture's channel cut has hashes too).
        if (!material || (isVideo(material) && !deps.video.available)) return [];
        return isVideoCopy && !isVideo(material) ? [] : [{ material, distance }];
      })
      .slice(0, MAX_CANDIDATES);
    if (candidates.length === 0) throw new AppError(ErrorCode.TRACE_NO_CANDIDATE);
  }

  const grey = stills[0]!.grey;
  let best: { licence: LicenceRow; score: number; cut: ChannelPreset | null; frameMs: number | null } | null = null;
  const read = [];
  for (const { material, distance } of candidates) {
    const licences = await listDownloadedLicencesOfMaterial(deps.db, material.sid, MAX_LICENCES_COMPARED);
    const keys = licences.map((l) => traceKeyOf(deps.traceSecret, l.sid));
    const readings: TTraceResponse['candidates'][number]['readings'] = [];
    /** Notes a reading; true when a licence reached the threshold on it. */
    const consider = (
      scores: number[],
      at: { cut: ChannelPreset | null; frameMs: number | null },
      placed: boolean,
      stillsRead: number,
    ) => {
      let bestScore: number | null = null;
      scores.forEach((score, i) => {
        if (bestScore === null || score > bestScore) bestScore = score;
        if (score >= TRACE_Z_THRESHOLD && (!best || score > best.score)) best = { licence: licences[i]!, score, ...at };
      });
      readings.push({
        ...at,
        placed,
        stills: stillsRead,
        licencesCompared: licences.length,
        bestScore: bestScore === null ? null : round1(bestScore),
      });
      return bestScore !== null && bestScore >= TRACE_Z_THRESHOLD;
    };
    if (licences.length > 0 && isVideo(material)) {
      const reading = await deps.markSlots.run(() => readVideoStills(deps, material, stills, keys));
      if (!reading && named) throw new AppError(ErrorCode.TRACE_VIDEO_UNAVAILABLE);
      if (reading) {
        consider(reading.scores, { cut: null, frameMs: reading.frameMs }, reading.placed, Math.max(1, reading.stills));
      }
    } else if (licences.length > 0) {
      for (const source of await pictureSources(deps, material, info.width / info.height)) {
        const bytes = await source.bytes();
        if (!bytes) continue;
        const reading = await deps.markSlots.run(() => readCopyAgainst(grey, bytes));
        const cut = source.cut;
        const scores = scoreKeys(
          reading,
          await readImageInfo(bytes),
          cut === null ? keys : keys.map((key) => traceCutKeyOf(key, cut)),
        );
        // The copy is of one file: once a licence is named on it, the others need not be read.
        if (consider(scores, { cut: source.cut, frameMs: null }, reading.placed, 1)) break;
      }
    }
    const scored = readings.flatMap((r) => (r.bestScore === null ? [] : [r.bestScore]));
    read.push({
      sid: material.sid,
      title: material.keywords.slice(0, 4).join(' ') || material.sid,
      thumbUrl: deps.publicUrlOf(material.thumbKey),
      format: isVideo(material) ? ('video' as const) : ('image' as const),
      distance,
      placed: readings.some((r) => r.placed),
      licencesCompared: licences.length,
      bestScore: scored.length === 0 ? null : Math.max(...scored),
      readings,
    });
  }

  const winner = best as {
    licence: LicenceRow;
    score: number;
    cut: ChannelPreset | null;
    frameMs: number | null;
  } | null;
  const match = winner
    ? { ...(await describeMatch(deps, winner.licence, winner.score)), cut: winner.cut, frameMs: winner.frameMs }
    : null;
  await recordOperatorAction(deps.db, {
    operatorSid: operator.sid,
    action: AuditAction.LICENCE_TRACE,
    entity: AuditEntity.LICENCE,
    entitySid: winner?.licence.sid ?? null,
    before: null,
    after: {
      found: match !== null,
      certNo: match?.certNo ?? null,
      score: match?.score ?? null,
      cut: match?.cut ?? null,
      frameMs: match?.frameMs ?? null,
      copy: {
        kind: isVideoCopy ? 'video' : 'image',
        width: info.width,
        height: info.height,
        bytes: copy.body.length,
        durationMs,
      },
      candidates: read.map((c) => ({ sid: c.sid, placed: c.placed, bestScore: c.bestScore })),
    },
    refs: [...read.map((c) => c.sid), ...(winner ? [winner.licence.orderSid] : [])],
  });
  return {
    found: match !== null,
    threshold: TRACE_Z_THRESHOLD,
    match,
    candidates: read,
    copy: {
      kind: isVideoCopy ? ('video' as const) : ('image' as const),
      width: info.width,
      height: info.height,
      bytes: copy.body.length,
      durationMs,
    },
  };
}
