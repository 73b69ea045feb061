import { CHANNEL_PRESET_TABLE, presetFits } from '@gemstock/contract';
import { buffer } from 'node:stream/consumers';
import type { Db } from '../../db/client.js';
import { channelCutKey } from '../../media/keys.js';
import { perceptualHash } from '../../media/perceptual-hash.js';
import { StorageNotFoundError, type Storage } from '../../media/storage.js';
import {
  cutHashBackfillPosition,
  nextPicturesForCutHashes,
  saveCutHashBackfillPosition,
  saveTraceReferenceHashes,
  tryLockCutHashBackfill,
} from './trace.repository.js';

/**
 * The hashes of channel cuts made before 溯源 kept them (decision 0049): a cut's perceptual hash
 * is saved when a licence's marked cut is first made, so a copy of the cut is found by
 * resemblance; cuts made before that have no row, and a copy of one is found only when the
 * operator names the material. This backfill walks the pictures by seq, as the palette backfill
 * does (catalog/palette-backfill.ts), and hashes every stored cut (at the current
 * CHANNEL_CUT_VERSION's key) that has no `cut:<preset>` row: idempotent (a hashed cut is skipped,
 * a rerun adds nothing) and bounded (CUT_HASH_BACKFILL_BATCH pictures a batch, a few batches a pass).
 */

/** What the backfill hashes: a new value walks the catalogue again from the start. */
export const TRACE_CUT_HASH_BACKFILL_VERSION = 1;
/** Pictures a batch looks at: one `stat` per preset that fits, one read and hash per cut with no hash. */
export const CUT_HASH_BACKFILL_BATCH = 50;
/** How often each server runs a pass (runCutHashBackfill). */
export const CUT_HASH_BACKFILL_INTERVAL_MS = 10_000;
/** Batches per pass at most: a pass holds one connection for a few seconds, then lets go. */
const CUT_HASH_BATCHES_PER_PASS = 4;

/**
 * One batch, in one transaction under the backfill's advisory lock: several servers may run it,
 * one takes the batch, the others answer null. A cut missing from storage (never made) is
 * skipped; one that does not decode is skipped too (the walk goes on). A storage that does not
 * answer throws: the batch is tried again on the next pass.
 */
export async function backfillCutHashes(deps: {
  db: Db;
  storage: Storage;
}): Promise<{ hashed: number; done: boolean } | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockCutHashBackfill(tx, TRACE_CUT_HASH_BACKFILL_VERSION))) return null;
    const position = await cutHashBackfillPosition(tx, TRACE_CUT_HASH_BACKFILL_VERSION);
    if (position.done) return { hashed: 0, done: true };
    const next = await nextPicturesForCutHashes(tx, position.afterSeq, CUT_HASH_BACKFILL_BATCH);
    let hashed = 0;
    for (const picture of next) {
      const hashes = [];
      for (const spec of CHANNEL_PRESET_TABLE) {
        const source = `cut:${spec.preset}`;
        if (!presetFits(spec, picture.width, picture.height) || picture.hashed(source)) continue;
        const cut = await readCut(deps.storage, channelCutKey(picture.sid, spec.preset, spec, picture.originalKey));
        const hash = cut && (await perceptualHash(cut).catch(() => null));
        if (hash !== null && hash !== undefined) hashes.push({ source, hash });
      }
      await saveTraceReferenceHashes(tx, picture.sid, hashes);
      hashed += hashes.length;
    }
    const done = next.length < CUT_HASH_BACKFILL_BATCH;
    await saveCutHashBackfillPosition(tx, TRACE_CUT_HASH_BACKFILL_VERSION, {
      afterSeq: next.at(-1)?.seq ?? position.afterSeq,
      done,
    });
    return { hashed, done };
  });
}

/** A stored cut's bytes; null when it was never made. */
async function readCut(storage: Storage, key: string): Promise<Buffer | null> {
  if (!(await storage.stat(key))) return null;
  try {
    return await buffer(await storage.getStream(key));
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * One pass: up to CUT_HASH_BATCHES_PER_PASS batches, stopping when the catalogue is done or
 * another server has the backfill. Run every CUT_HASH_BACKFILL_INTERVAL_MS by every server;
 * once done a pass is one read.
 */
export async function runCutHashBackfill(deps: {
  db: Db;
  storage: Storage;
}): Promise<{ hashed: number; done: boolean }> {
  let hashed = 0;
  for (let batch = 0; batch < CUT_HASH_BATCHES_PER_PASS; batch += 1) {
    const pass = await backfillCutHashes(deps);
    if (pass === null) return { hashed, done: false };
    hashed += pass.hashed;
    if (pass.done) return { hashed, done: true };
  }
  return { hashed, done: false };
}
