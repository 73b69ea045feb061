import { and, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { MaterialFormat } from '@gemstock/contract';
import {
  downloads,
  licences,
  materials,
  orders,
  traceCutHashBackfill,
  traceReferenceHashes,
} from '../../db/schema/index.js';
import { tryTransactionLock } from '../../db/sql.js';
import type { LicenceRow } from './licence.repository.js';

/** A licence by its sid (a marked file's key, or a marked video's job, names it). */
export async function findLicenceBySid(db: DbOrTx, sid: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.sid, sid)).limit(1);
  return row;
}

/**
 * The licences of a material whose original was downloaded at least once (only those carry a
 * mark anyone holds), newest first, at most `limit`: licences_material_idx.
 */
export async function listDownloadedLicencesOfMaterial(
  db: DbOrTx,
  materialSid: string,
  limit: number,
): Promise<LicenceRow[]> {
  return db
    .select()
    .from(licences)
    .where(and(eq(licences.materialSid, materialSid), gt(licences.downloadCount, 0)))
    .orderBy(desc(licences.createdAt))
    .limit(limit);
}

/** The order number of an order. */
export async function findOrderNo(db: DbOrTx, orderSid: string): Promise<string | null> {
  const [row] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.sid, orderSid)).limit(1);
  return row?.orderNo ?? null;
}

/** A licence's downloads (its order and material), newest first: downloads_order_material_idx. */
export async function listLicenceDownloads(db: DbOrTx, orderSid: string, materialSid: string, limit: number) {
  return db
    .select({ userSid: downloads.userSid, preset: downloads.preset, createdAt: downloads.createdAt })
    .from(downloads)
    .where(and(eq(downloads.orderSid, orderSid), eq(downloads.materialSid, materialSid)))
    .orderBy(desc(downloads.createdAt))
    .limit(limit);
}

/**
 * The picture materials whose perceptual hash is within `maxDistance` bits of `hash`, closest
 * first, at most `limit`. Reads materials_perceptual_hash_idx only (an index-only scan of 8-byte
 * hashes), once per trace.
 */
export async function findMaterialsNearHash(
  db: DbOrTx,
  hash: bigint,
  maxDistance: number,
  limit: number,
): Promise<{ sid: string; distance: number }[]> {
  const distance = sql<number>`bit_count((${materials.perceptualHash} # ${hash.toString()}::bigint)::bit(64))::int`;
  const rows = await db
    .select({ sid: materials.sid, distance })
    .from(materials)
    .where(and(sql`${materials.perceptualHash} IS NOT NULL`, sql`${distance} <= ${maxDistance}`))
    .orderBy(distance, materials.sid)
    .limit(limit);
  return rows.map((r) => ({ sid: r.sid, distance: Number(r.distance) }));
}

/** Keeps the perceptual hash of what a licence's marked files are made from (`cut:<preset>`, `frame:<ms>`). */
export async function saveTraceReferenceHashes(
  db: DbOrTx,
  materialSid: string,
  hashes: { source: string; hash: bigint }[],
): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insert(traceReferenceHashes)
    .values(hashes.map((h) => ({ materialSid, source: h.source, perceptualHash: h.hash })))
    .onConflictDoUpdate({
      target: [traceReferenceHashes.materialSid, traceReferenceHashes.source],
      set: { perceptualHash: sql`excluded.perceptual_hash`, createdAt: sql`now()` },
    });
}

/** Whether a video's frames were hashed already (by its first marked copy). */
export async function hasFrameHashes(db: DbOrTx, materialSid: string): Promise<boolean> {
  const [row] = await db
    .select({ source: traceReferenceHashes.source })
    .from(traceReferenceHashes)
    .where(and(eq(traceReferenceHashes.materialSid, materialSid), like(traceReferenceHashes.source, 'frame:%')))
    .limit(1);
  return row !== undefined;
}

/**
 * The materials with a channel cut or a video frame whose perceptual hash is within
 * `maxDistance` bits of `hash`, each at its closest, closest first, at most `limit`: reads
 * trace_reference_hashes_hash_idx only, once per trace.
 */
export async function findReferencesNearHash(
  db: DbOrTx,
  hash: bigint,
  maxDistance: number,
  limit: number,
): Promise<{ sid: string; distance: number }[]> {
  const distance = sql<number>`bit_count((${traceReferenceHashes.perceptualHash} # ${hash.toString()}::bigint)::bit(64))::int`;
  const closest = sql<number>`min(${distance})::int`;
  const rows = await db
    .select({ sid: traceReferenceHashes.materialSid, distance: closest })
    .from(traceReferenceHashes)
    .where(sql`${distance} <= ${maxDistance}`)
    .groupBy(traceReferenceHashes.materialSid)
    .orderBy(closest, traceReferenceHashes.materialSid)
    .limit(limit);
  return rows.map((r) => ({ sid: r.sid, distance: Number(r.distance) }));
}

/** The advisory lock the backfill of cuts' hashes holds for a batch (its own, among the 7_310_xxx). */
const CUT_HASH_BACKFILL_LOCK = 7_310_751;

/** Takes the backfill's lock for this transaction; false when another server has it. */
export async function tryLockCutHashBackfill(tx: DbOrTx, version: number): Promise<boolean> {
  return tryTransactionLock(tx, CUT_HASH_BACKFILL_LOCK, version);
}

/** Where the backfill of cuts' hashes of `version` stands: after which seq, and whether it is done. */
export async function cutHashBackfillPosition(
  tx: DbOrTx,
  version: number,
): Promise<{ afterSeq: number; done: boolean }> {
  const [row] = await tx
    .select({ afterSeq: traceCutHashBackfill.afterSeq, done: traceCutHashBackfill.done })
    .from(traceCutHashBackfill)
    .where(eq(traceCutHashBackfill.version, version));
  return row ?? { afterSeq: 0, done: false };
}

/** Moves the backfill of `version` on to `afterSeq`, done when nothing was left after it. */
export async function saveCutHashBackfillPosition(
  tx: DbOrTx,
  version: number,
  position: { afterSeq: number; done: boolean },
): Promise<void> {
  await tx
    .insert(traceCutHashBackfill)
    .values({ version, ...position })
    .onConflictDoUpdate({ target: traceCutHashBackfill.version, set: { ...position, updatedAt: sql`now()` } });
}

/**
 * The next `limit` picture materials after `afterSeq`, by seq (materials_seq_idx), with what
 * names their cuts' keys; and which `cut:<preset>` hashes each has already.
 */
export async function nextPicturesForCutHashes(tx: DbOrTx, afterSeq: number, limit: number) {
  const rows = await tx
    .select({
      sid: materials.sid,
      seq: materials.seq,
      width: materials.width,
      height: materials.height,
      originalKey: materials.originalKey,
    })
    .from(materials)
    .where(and(sql`${materials.seq} > ${afterSeq}`, eq(materials.format, MaterialFormat.IMAGE)))
    .orderBy(materials.seq)
    .limit(limit);
  const hashed = new Set<string>();
  if (rows.length > 0) {
    const existing = await tx
      .select({ sid: traceReferenceHashes.materialSid, source: traceReferenceHashes.source })
      .from(traceReferenceHashes)
      .where(
        and(
          inArray(
            traceReferenceHashes.materialSid,
            rows.map((r) => r.sid),
          ),
          like(traceReferenceHashes.source, 'cut:%'),
        ),
      );
    for (const e of existing) hashed.add(`${e.sid} ${e.source}`);
  }
  return rows.map((r) => ({ ...r, seq: Number(r.seq), hashed: (source: string) => hashed.has(`${r.sid} ${source}`) }));
}
