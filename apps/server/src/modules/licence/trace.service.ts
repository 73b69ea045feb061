import {
  AuditAction,
  AuditEntity,
  ErrorCode,
  TRACE_COPY_MIN_SIDE,
  TRACE_COPY_TYPES,
  type TTraceResponse,
} from '@gemstock/contract';
import type { OperatorRow, UserRow } from '../../db/rows.js';
import { AppError } from '../../lib/app-error.js';
import { readImageInfo } from '../../media/image-processor.js';
import { parseTracedOriginalKey } from '../../media/keys.js';
import { perceptualHash } from '../../media/perceptual-hash.js';
import { decodeCopy, markOriginal, readCopyAgainst, scoreKeys } from '../../media/trace-image.js';
import { TRACE_Z_THRESHOLD, traceKeyOf } from '../../media/trace-mark.js';
import { recordOperatorAction } from '../audit/index.js';
import { findMaterialsBySids, type MaterialRow } from '../catalog/index.js';
import { findUserBySid } from '../user/index.js';
import type { LicenceRow } from './licence.repository.js';
import { type LicenceDeps, readAll } from './licence.service.js';
import { deliveredKeyOf, isTraceable, traceNumberOfLicence } from './trace-delivery.js';
import {
  findLicenceBySid,
  findMaterialsNearHash,
  findOrderNo,
  listDownloadedLicencesOfMaterial,
  listLicenceDownloads,
} from './trace.repository.js';

/**
 * The trace mark on delivered originals (docs/decisions/0049): each licence's download of a
 * picture is a copy of the original carrying the licence's mark, made on the first fetch and kept
 * in private storage; 溯源 reads a copy found elsewhere against the licences of its material.
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

async function readOriginal(deps: LicenceDeps, material: MaterialRow): Promise<Buffer | null> {
  try {
    return await readAll(await deps.storage.getStream(material.originalKey), MAX_ORIGINAL_BYTES);
  } catch {
    return null;
  }
}

/**
 * Makes the marked original a signed link names, when it is not in storage yet (the download
 * route asks before serving). False: the key is not a marked original of an existing licence.
 */
export async function prepareTracedOriginal(deps: LicenceDeps, key: string): Promise<boolean> {
  const named = parseTracedOriginalKey(key);
  if (!named) return false;
  const licence = await findLicenceBySid(deps.db, named.licenceSid);
  if (!licence || licence.materialSid !== named.materialSid) return false;
  const material = (await findMaterialsBySids(deps.db, [licence.materialSid])).get(licence.materialSid);
  if (!material || deliveredKeyOf(material, licence) !== key) return false;
  await deps.markSlots.run(async () => {
    // Another request may have made it while this one waited for a slot.
    if (await deps.storage.stat(key)) return;
    const original = await readOriginal(deps, material);
    if (!original) throw new AppError(ErrorCode.TRACE_MARK_FAILED);
    let marked;
    try {
      marked = await markOriginal(original, traceKeyOf(deps.traceSecret, licence.sid));
    } catch {
      throw new AppError(ErrorCode.TRACE_MARK_FAILED);
    }
    await deps.storage.put(key, marked.data, marked.mime);
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

/**
 * 溯源: reads an uploaded copy against the licences of the material it is a picture of (the one
 * named, or the closest by perceptual hash) and answers the licence whose mark it carries, or
 * none. Recorded in the audit log whatever the answer.
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
  let info;
  try {
    info = await readImageInfo(copy.body);
  } catch {
    throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
  }
  if (!['jpeg', 'png', 'webp'].includes(info.format)) throw new AppError(ErrorCode.TRACE_COPY_NOT_IMAGE);
  if (Math.min(info.width, info.height) < TRACE_COPY_MIN_SIDE) throw new AppError(ErrorCode.TRACE_COPY_TOO_SMALL);

  let candidates: { material: MaterialRow; distance: number | null }[];
  if (named) {
    const material = (await findMaterialsBySids(deps.db, [named])).get(named);
    if (!material) throw new AppError(ErrorCode.TRACE_MATERIAL_NOT_FOUND);
    if (!isTraceable(material)) throw new AppError(ErrorCode.TRACE_MATERIAL_VIDEO);
    candidates = [{ material, distance: null }];
  } else {
    const near = await findMaterialsNearHash(
      deps.db,
      await perceptualHash(copy.body),
      MAX_HASH_DISTANCE,
      MAX_CANDIDATES * 2,
    );
    const found = await findMaterialsBySids(
      deps.db,
      near.map((n) => n.sid),
    );
    candidates = near
      .flatMap((n) => {
        const material = found.get(n.sid);
        return material && isTraceable(material) ? [{ material, distance: n.distance }] : [];
      })
      .slice(0, MAX_CANDIDATES);
    if (candidates.length === 0) throw new AppError(ErrorCode.TRACE_NO_CANDIDATE);
  }

  const grey = await decodeCopy(copy.body);
  let best: { licence: LicenceRow; score: number } | null = null;
  const read = [];
  for (const { material, distance } of candidates) {
    const licences = await listDownloadedLicencesOfMaterial(deps.db, material.sid, MAX_LICENCES_COMPARED);
    let placed = false;
    let bestScore: number | null = null;
    const original = licences.length > 0 ? await readOriginal(deps, material) : null;
    if (original) {
      const reading = await deps.markSlots.run(() => readCopyAgainst(grey, original));
      placed = reading.placed;
      const originalInfo = await readImageInfo(original);
      const scores = scoreKeys(
        reading,
        originalInfo,
        licences.map((l) => traceKeyOf(deps.traceSecret, l.sid)),
      );
      scores.forEach((score, i) => {
        if (bestScore === null || score > bestScore) bestScore = score;
        if (score >= TRACE_Z_THRESHOLD && (!best || score > best.score)) best = { licence: licences[i]!, score };
      });
    }
    read.push({
      sid: material.sid,
      title: material.keywords.slice(0, 4).join(' ') || material.sid,
      thumbUrl: deps.publicUrlOf(material.thumbKey),
      distance,
      placed,
      licencesCompared: licences.length,
      bestScore: bestScore === null ? null : Math.round(bestScore * 10) / 10,
    });
  }

  const winner = best as { licence: LicenceRow; score: number } | null;
  const match = winner ? await describeMatch(deps, winner.licence, winner.score) : null;
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
      copy: { width: info.width, height: info.height, bytes: copy.body.length },
      candidates: read.map((c) => ({ sid: c.sid, placed: c.placed, bestScore: c.bestScore })),
    },
    refs: [...read.map((c) => c.sid), ...(winner ? [winner.licence.orderSid] : [])],
  });
  return {
    found: match !== null,
    threshold: TRACE_Z_THRESHOLD,
    match,
    candidates: read,
    copy: { width: info.width, height: info.height, bytes: copy.body.length },
  };
}
