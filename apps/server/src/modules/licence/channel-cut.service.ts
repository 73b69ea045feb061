import {
  CHANNEL_PRESET_TABLE,
  type ChannelPreset,
  channelPresetSpec,
  ErrorCode,
  MaterialFormat,
  presetFits,
  type TChannelCutsResponse,
  type TDownloadUrlResponse,
} from '@gemstock/contract';
import type { UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { type CropFraction, findAttentionCrops, renderCut } from '../../media/image-processor.js';
import { channelCutKey } from '../../media/keys.js';
import { findMaterialsBySids, type MaterialRow } from '../catalog/index.js';
import { recordLicenceDownload } from './licence.repository.js';
import { entitledLicence, LICENCE_DOWNLOAD_TTL_SECONDS, type LicenceDeps, readAll } from './licence.service.js';

/**
 * Channel-ready cuts of a licensed picture (docs/decisions/0046): the preview of each cut's frame
 * and the download of the cut itself, made once and kept in private storage.
 */

/** An original larger than this is not read into memory to be cut (far beyond a stock photo). */
const MAX_ORIGINAL_BYTES = 256 * 1024 * 1024;
const FRAME_CACHE_SIZE = 200;

async function licensedMaterial(deps: LicenceDeps, user: UserRow, materialSid: string) {
  const licence = await entitledLicence(deps, user, materialSid);
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  return { licence, material };
}

function isVideo(material: MaterialRow): boolean {
  return material.format === MaterialFormat.VIDEO;
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
      return await findAttentionCrops(bytes, CHANNEL_PRESET_TABLE);
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

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** GET /api/material/:id/presets: each cut's size, whether it can be made, and where it falls. */
export async function listChannelCuts(
  deps: LicenceDeps,
  user: UserRow,
  materialSid: string,
): Promise<TChannelCutsResponse> {
  const { material } = await licensedMaterial(deps, user, materialSid);
  const video = isVideo(material);
  const frames = video ? null : await framesOf(deps, material);
  return {
    material: material.sid,
    previewUrl: deps.publicUrlOf(material.watermarkKey),
    width: material.width,
    height: material.height,
    cuts: CHANNEL_PRESET_TABLE.map((spec) => {
      const fits = presetFits(spec, material.width, material.height);
      const frame = frames && fits ? frameOf(frames, spec.preset) : null;
      return {
        preset: spec.preset,
        name: spec.name,
        use: spec.use,
        ratio: spec.ratio,
        width: spec.width,
        height: spec.height,
        available: frame !== null,
        reason: video
          ? ErrorCode.PRESET_NOT_FOR_VIDEO.message
          : fits
            ? null
            : `原图 ${material.width}×${material.height}，不足 ${spec.width}×${spec.height}，不会放大画面`,
        crop: frame && {
          left: round4(frame.left),
          top: round4(frame.top),
          width: round4(frame.width),
          height: round4(frame.height),
        },
      };
    }),
  };
}

/**
 * GET /api/material/:id/download?preset=…: a short-lived link to the channel's cut, made on the
 * first download and kept in private storage (the same signed-link route serves it as an
 * original). Recorded as a download of the licence with the preset noted.
 */
export async function downloadChannelCut(
  deps: LicenceDeps,
  user: UserRow,
  materialSid: string,
  preset: ChannelPreset,
): Promise<TDownloadUrlResponse> {
  const { licence, material } = await licensedMaterial(deps, user, materialSid);
  if (isVideo(material)) throw new AppError(ErrorCode.PRESET_NOT_FOR_VIDEO);
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
