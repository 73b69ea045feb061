import { MaterialFormat, NEAR_DUPLICATE_MAX_DISTANCE } from '@gemstock/contract';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppDeps } from '../../app-deps.js';
import { materialFileKey } from '../../media/keys.js';
import { makeMaterialRenditions, RENDITION_VERSION } from '../../media/renditions.js';
import { perceptualHash } from '../../media/perceptual-hash.js';
import { extractPalette } from '../../media/colour-palette.js';
import { extensionForContentType } from '../../media/storage.js';
import {
  type AdminMaterialRow,
  findMaterial,
  markMaterialFailed,
  markMaterialReady,
  type RenditionKeys,
} from './admin-material.repository.js';
import {
  claimNextMediaJob,
  finishMediaJob,
  type MediaJobKindPattern,
  queueOutdatedRenditionJobs,
  touchMediaJob,
  type MediaJobRow,
} from './media-job.repository.js';
import { rankSimilarList, storeSimilarListWithOffers } from './similar-lists.js';
import { findHashNeighbours, type VisualSignature } from './similar.repository.js';

export type MediaJobDeps = Pick<AppDeps, 'db' | 'storage' | 'video' | 'config'> & Partial<Pick<AppDeps, 'events'>>;

/** A `running` job whose lock is older than this belonged to a worker that died. */
export const STALE_JOB_MS = 20 * 60_000;

/** Wait before attempt n + 1: 30 s, 2 min, 8 min … at most 30 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 30 * 60_000);
}

export type MediaJobOutcome =
  | { job: MediaJobRow; outcome: 'done' }
  | { job: MediaJobRow; outcome: 'retry' | 'failed'; error: string }
  | { job: MediaJobRow; outcome: 'lost' };

function shortMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

/** Files written by one attempt, so a failed attempt can take back what only it wrote. */
class WrittenKeys {
  readonly keys: string[] = [];
  constructor(private readonly deps: MediaJobDeps) {}

  async put(key: string, data: Buffer, mime: string): Promise<string> {
    await this.deps.storage.put(key, data, mime);
    this.keys.push(key);
    return key;
  }

  /** Deletes this attempt's files except those the material (still) points at. */
  async removeAllBut(keep: Set<string>): Promise<void> {
    await Promise.allSettled(this.keys.filter((k) => !keep.has(k)).map((k) => this.deps.storage.delete(k)));
  }
}

function currentKeys(row: AdminMaterialRow): Set<string> {
  return new Set(
    [row.thumbKey, row.thumbSmallKey, row.coverKey, row.watermarkKey, row.previewKey].filter((k): k is string => !!k),
  );
}

/**
 * Makes the public files of one material from its private original: the original is copied
 * from storage to a scratch directory (storage may be a remote bucket), the renditions are made
 * by the media layer, stored under content-hashed public keys, and the material is pointed at
 * them and made ready. Files of an earlier version that are no longer used are deleted after
 * the switch, never before.
 */
async function renderMaterial(deps: MediaJobDeps, job: MediaJobRow): Promise<'done' | 'lost'> {
  const material = await findMaterial(deps.db, job.materialSid);
  if (!material) throw new Error(`material ${job.materialSid} does not exist`);
  const workRoot = join(deps.config.dataDir, 'tmp', 'jobs');
  await mkdir(workRoot, { recursive: true });
  const scratch = await mkdtemp(join(workRoot, `job-${job.id}-`));
  const written = new WrittenKeys(deps);
  const previous = currentKeys(material);
  try {
    const originalPath = join(scratch, `original.${extensionForContentType(material.originalMime)}`);
    await pipeline(await deps.storage.getStream(material.originalKey), createWriteStream(originalPath));
    const renditions = await makeMaterialRenditions(
      {
        kind: material.format === MaterialFormat.VIDEO ? 'video' : 'image',
        path: originalPath,
        width: material.width,
        height: material.height,
        durationMs: material.durationMs,
      },
      { video: deps.video, workDir: scratch },
    );
    const sid = material.sid;
    const put = (
      role: 'thumb' | 'thumb-small' | 'cover' | 'watermark',
      r: { data: Buffer; ext: string; mime: string },
    ) => written.put(materialFileKey('public', sid, role, r.data, r.ext), r.data, r.mime);
    const [thumbKey, thumbSmallKey, coverKey, watermarkKey, previewKey] = await Promise.all([
      put('thumb', renditions.thumb),
      put('thumb-small', renditions.thumbSmall),
      put('cover', renditions.cover),
      put('watermark', renditions.watermark),
      renditions.previewClip
        ? written.put(
            materialFileKey('public', sid, 'preview', renditions.previewClip, 'mp4'),
            renditions.previewClip,
            'video/mp4',
          )
        : Promise.resolve(null),
    ]);
    const keys: RenditionKeys = { thumbKey, thumbSmallKey, coverKey, watermarkKey, previewKey };
    // From the thumbnail, so an image and a video (its poster frame) are hashed and their colours
    // taken alike, and a copy at another size or quality comes out the same.
    const [hash, palette] = await Promise.all([
      perceptualHash(renditions.thumb.data),
      extractPalette(renditions.thumb.data),
    ]);
    // 疑似重复: the closest other material within the distance, among those sharing a band of
    // the hash (a bounded read; every copy within five bits shares one).
    const [similar = null] = await findHashNeighbours(deps.db, hash, {
      excludeSid: sid,
      limit: 1,
      maxDistance: NEAR_DUPLICATE_MAX_DISTANCE,
    });
    const signature: VisualSignature = {
      sid,
      seq: material.seq,
      perceptualHash: hash,
      palette,
      metal: material.metal,
      gem: material.gem,
      piece: material.piece,
      scene: material.scene,
    };
    const ranked = await rankSimilarList(deps.db, signature);

    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await finishMediaJob(tx, job, { status: 'done' }))) return 'lost' as const;
      await markMaterialReady(tx, sid, keys, {
        placeholderColor: renditions.placeholderColor,
        perceptualHash: hash,
        palette,
        similar,
      });
      // 相似素材 is ranked here once, not per request, and the material joins its look-alikes' lists.
      await storeSimilarListWithOffers(tx, signature, ranked);
      return 'done' as const;
    });
    if (outcome === 'lost') {
      // Another worker took the job over; it will write the same content-hashed keys.
      return 'lost';
    }
    const now = new Set(Object.values(keys).filter((k): k is string => !!k));
    await Promise.allSettled([...previous].filter((k) => !now.has(k)).map((k) => deps.storage.delete(k)));
    return 'done';
  } catch (error) {
    await written.removeAllBut(previous);
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Claims and runs the next due media job, if any: null when there is nothing to do. A failed
 * attempt is retried later with back-off; after the configured number of attempts the job is
 * failed and a material that never became ready is marked failed, with the error kept on the
 * job for the operator console.
 */
export async function runNextMediaJob(deps: MediaJobDeps): Promise<MediaJobOutcome | null> {
  const job = await claimNextMediaJob(deps.db, STALE_JOB_MS);
  if (!job) return null;
  try {
    const outcome = await renderMaterial(deps, job);
    // A material that just became ready (or got new renditions) should show in search now.
    if (outcome === 'done') await deps.events?.emit('catalog.changed', {});
    return { job, outcome };
  } catch (error) {
    const message = shortMessage(error);
    if (job.attempts >= deps.config.mediaWorker.maxAttempts) {
      await deps.db.transaction(async (tx) => {
        if (await finishMediaJob(tx, job, { status: 'failed', lastError: message })) {
          await markMaterialFailed(tx, job.materialSid);
        }
      });
      return { job, outcome: 'failed', error: message };
    }
    await finishMediaJob(deps.db, job, { status: 'queued', lastError: message, retryInMs: retryDelayMs(job.attempts) });
    return { job, outcome: 'retry', error: message };
  }
}

/**
 * Work another module keeps in media_jobs (a licensed video's reframe): the kinds it takes, how
 * long a claim may go unrefreshed before its worker counts as dead, and what to do.
 */
export interface MediaJobWork {
  kinds: MediaJobKindPattern;
  staleAfterMs: number;
  run(job: MediaJobRow): Promise<void>;
}

/**
 * Claims and runs the next due job of `work`'s kinds: null when there is nothing to do. The claim
 * is refreshed while it runs (at a third of `staleAfterMs`), so a job of an hour is not taken
 * over while its worker lives, and one whose server died is taken over within `staleAfterMs`.
 * Retries back off as renditions do; after the last attempt the job is failed, and nothing else.
 */
export async function runNextMediaJobOf(
  deps: Pick<AppDeps, 'db'> & { config: Pick<AppDeps['config'], 'mediaWorker'> },
  work: MediaJobWork,
): Promise<MediaJobOutcome | null> {
  const job = await claimNextMediaJob(deps.db, work.staleAfterMs, work.kinds);
  if (!job) return null;
  // A refresh that fails (the database away for a moment) is tried again at the next tick.
  const refresh = setInterval(() => void touchMediaJob(deps.db, job).catch(() => false), work.staleAfterMs / 3);
  try {
    await work.run(job);
  } catch (error) {
    const message = shortMessage(error);
    if (job.attempts >= deps.config.mediaWorker.maxAttempts) {
      await finishMediaJob(deps.db, job, { status: 'failed', lastError: message });
      return { job, outcome: 'failed', error: message };
    }
    await finishMediaJob(deps.db, job, { status: 'queued', lastError: message, retryInMs: retryDelayMs(job.attempts) });
    return { job, outcome: 'retry', error: message };
  } finally {
    clearInterval(refresh);
  }
  return { job, outcome: (await finishMediaJob(deps.db, job, { status: 'done' })) ? 'done' : 'lost' };
}

/**
 * Queues new renditions for materials made under an older RENDITION_VERSION (e.g. the 1200 px
 * unmarked covers) and wakes the worker. Each job replaces the files and deletes the old ones,
 * as for any reprocessing. Run at start-up and by `npm run media:rerender`.
 */
export async function queueOutdatedRenditions(deps: Pick<AppDeps, 'db'> & Partial<Pick<AppDeps, 'mediaJobs'>>) {
  const queued = await queueOutdatedRenditionJobs(deps.db, RENDITION_VERSION);
  if (queued > 0) deps.mediaJobs?.notify();
  return queued;
}
