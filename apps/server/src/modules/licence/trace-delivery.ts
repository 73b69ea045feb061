import { ErrorCode, MaterialFormat } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { tracedCutKey, tracedOriginalKey, tracedVideoKey } from '../../media/keys.js';
import type { Storage } from '../../media/storage.js';
import { traceKeyOf, traceNumberOf } from '../../media/trace-mark.js';
import type { VideoProcessor } from '../../media/video-processor.js';
import { findOpenMediaJobKinds, type MaterialRow, queueMediaJobOnce, reportFailedMediaJob } from '../catalog/index.js';
import type { LicenceRow } from './licence.repository.js';

/**
 * What a licence's download is served from and the number its mark carries (docs/decisions/0049):
 * what the downloads and the certificate need of the trace, without the making of marked files
 * or the reading of copies (trace.service.ts, traced-video.service.ts).
 */

/** Marking decodes and re-encodes a whole original: at most this many at once per process. */
export const MARK_CONCURRENCY = 2;

/** The media jobs that make a licence's marked video: `traced:<licence sid>`, one per licence. */
export const TRACED_VIDEO_KINDS = 'traced:%';
/** Marked videos waiting or being made across every server at most: more are refused with 4488. */
export const TRACED_VIDEOS_OPEN_MAX = 8;

/** A counting gate: `run` waits for a free slot. One per process, made with the licence service. */
export function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
export type Slots = ReturnType<typeof createSlots>;

export function isVideo(material: MaterialRow): boolean {
  return material.format === MaterialFormat.VIDEO;
}

/** The media job kind that makes this licence's marked video. */
export function tracedVideoKind(licenceSid: string): string {
  return `traced:${licenceSid}`;
}

/**
 * The storage key a licence's download of its material is served from: the picture's marked
 * copy (made on the link's first fetch), or the video's (made by a media job beforehand).
 */
export function deliveredKeyOf(material: MaterialRow, licence: LicenceRow): string {
  return isVideo(material)
    ? tracedVideoKey(material.sid, licence.sid, material.originalKey)
    : tracedOriginalKey(material.sid, licence.sid, material.originalKey);
}

/** The key a licence's download of a picture's channel cut is served from (made on the link's first fetch). */
export function deliveredCutKeyOf(licence: LicenceRow, preset: string, cutKey: string): string {
  return tracedCutKey(licence.materialSid, preset, licence.sid, cutKey);
}

/**
 * The key of the licence's marked video once it is stored. Before that it is queued as a media
 * job (once per licence, whichever server is asked) and the buyer told to come back (4487); a job
 * that failed its last attempt is told once (4489), and the next download queues it again.
 */
export async function readyTracedVideo(
  deps: { db: Db; storage: Storage; video: VideoProcessor; mediaJobs: AppDeps['mediaJobs'] },
  material: MaterialRow,
  licence: LicenceRow,
): Promise<string> {
  const key = deliveredKeyOf(material, licence);
  if (await deps.storage.stat(key)) return key;
  if (!deps.video.available) throw new AppError(ErrorCode.TRACE_VIDEO_FAILED);
  const kind = tracedVideoKind(licence.sid);
  if ((await findOpenMediaJobKinds(deps.db, material.sid, kind)).has(kind)) {
    throw new AppError(ErrorCode.TRACE_VIDEO_PREPARING);
  }
  if (await reportFailedMediaJob(deps.db, material.sid, kind)) throw new AppError(ErrorCode.TRACE_VIDEO_FAILED);
  const queued = await queueMediaJobOnce(
    deps.db,
    { materialSid: material.sid, kind },
    { kinds: TRACED_VIDEO_KINDS, max: TRACED_VIDEOS_OPEN_MAX },
  );
  if (queued === 'full') throw new AppError(ErrorCode.TRACE_VIDEO_QUEUE_FULL);
  if (queued === 'queued') deps.mediaJobs.notify();
  throw new AppError(ErrorCode.TRACE_VIDEO_PREPARING);
}

/** The trace number a licence's copies carry, printed on its certificate. */
export function traceNumberOfLicence(deps: { traceSecret: Uint8Array }, licenceSid: string): string {
  return traceNumberOf(traceKeyOf(deps.traceSecret, licenceSid));
}
