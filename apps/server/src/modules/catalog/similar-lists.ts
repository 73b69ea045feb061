import type { Db, DbOrTx } from '../../db/client.js';
import { palettesAreCurrent } from './palette-backfill.js';
import { dominantCellsOf, offerToList, scoreSimilar, similarityScore } from './similar-pieces.js';
import {
  findSignature,
  listSimilarCandidates,
  lockSimilarLists,
  nextBackfillMaterials,
  saveBackfillPosition,
  saveSimilarList,
  type StoredSimilarList,
  tryLockSimilarBackfill,
  updateSimilarLists,
  type VisualSignature,
} from './similar.repository.js';

/**
 * The rules a stored list was ranked under (similar-pieces.ts's weights, the candidate reads):
 * when they change this goes up and the backfill ranks every material again, from the first.
 * 3: palettes drawn subject first (PALETTE_VERSION 2).
 */
export const SIMILAR_LIST_VERSION = 3;

/**
 * Materials kept per stored list: twice what the page shows, so that a few of them taken off
 * sale (left out when the list is read) still leave a full section.
 */
export const SIMILAR_KEPT = 24;

/** Materials the backfill ranks per transaction. */
export const SIMILAR_BACKFILL_BATCH = 100;

/** A material's list, ranked now from a bounded candidate read, and the candidates it came from. */
export async function rankSimilarList(
  db: DbOrTx,
  material: VisualSignature,
): Promise<{ list: StoredSimilarList; candidates: VisualSignature[] }> {
  const candidates = await listSimilarCandidates(db, material, dominantCellsOf(material.palette), 'listable');
  const ranked = scoreSimilar(material, candidates, SIMILAR_KEPT);
  return {
    list: {
      materialSid: material.sid,
      similarSids: ranked.map((r) => r.candidate.sid),
      scores: ranked.map((r) => r.score),
    },
    candidates,
  };
}

/**
 * Stores a material's list and offers the material to each candidate's own stored list (scored
 * from that candidate's side), where it enters when it is closer than the last: so a new piece
 * shows in the 相似素材 of the older ones it resembles. Run in the transaction that makes the
 * material ready; the candidates' lists are locked in sid order.
 */
export async function storeSimilarListWithOffers(
  tx: DbOrTx,
  material: VisualSignature,
  ranked: { list: StoredSimilarList; candidates: VisualSignature[] },
): Promise<void> {
  const bySid = new Map(ranked.candidates.map((c) => [c.sid, c]));
  // Its own row too, so every list this transaction writes is locked in the one sid order.
  const lists = await lockSimilarLists(tx, [material.sid, ...bySid.keys()]);
  await saveSimilarList(tx, ranked.list, SIMILAR_LIST_VERSION);
  const changed: StoredSimilarList[] = [];
  for (const list of lists) {
    const candidate = bySid.get(list.materialSid);
    if (!candidate) continue;
    const offered = offerToList(list, material.sid, similarityScore(candidate, material), SIMILAR_KEPT);
    if (offered) changed.push({ materialSid: list.materialSid, ...offered });
  }
  await updateSimilarLists(tx, changed);
}

/**
 * One pass of the backfill of stored lists: ranks the next SIMILAR_BACKFILL_BATCH processed
 * materials (by seq) that have no list of SIMILAR_LIST_VERSION, and moves the position on, in
 * one transaction under the backfill's advisory lock. Several servers may run it at once: one
 * takes the batch, the others answer null at once; a second pass never ranks a material again.
 * Returns how many materials it ranked, 0 when the catalogue is done, null when another server
 * holds the lock or the palettes are still being drawn again (palette-backfill.ts).
 */
export async function backfillSimilarLists(db: Db): Promise<{ ranked: number; done: boolean } | null> {
  return db.transaction(async (tx) => {
    if (!(await tryLockSimilarBackfill(tx, SIMILAR_LIST_VERSION))) return null;
    // Lists compare palettes: ranked before every palette is drawn under the current rules,
    // they would mix the old and the new.
    if (!(await palettesAreCurrent(tx))) return null;
    const next = await nextBackfillMaterials(tx, SIMILAR_LIST_VERSION, SIMILAR_BACKFILL_BATCH);
    const lists: StoredSimilarList[] = [];
    for (const item of next.materials) {
      if (item.current) continue;
      const material = await findSignature(tx, item.sid);
      // Every older material was a candidate of this ranking, so it needs no offers: the
      // materials made after the backfill began are ranked (and offered) by their media job.
      if (material) lists.push((await rankSimilarList(tx, material)).list);
    }
    // Written in sid order, as a media job locks the lists it offers to: neither waits in a cycle.
    lists.sort((a, b) => (a.materialSid < b.materialSid ? -1 : 1));
    for (const list of lists) await saveSimilarList(tx, list, SIMILAR_LIST_VERSION);
    const ranked = lists.length;
    const last = next.materials.at(-1);
    if (last) await saveBackfillPosition(tx, SIMILAR_LIST_VERSION, last.seq);
    return { ranked, done: next.materials.length < SIMILAR_BACKFILL_BATCH };
  });
}

/** How often each server runs a pass of the backfill (runSimilarBackfill). */
export const SIMILAR_BACKFILL_INTERVAL_MS = 5_000;
/** Batches per pass at most: a pass holds one connection for a few seconds, then lets go. */
const BACKFILL_BATCHES_PER_PASS = 5;

/**
 * One pass of the backfill: up to BACKFILL_BATCHES_PER_PASS batches, stopping when the catalogue
 * is done or another server has the backfill (or the palettes are still being drawn again).
 * Returns how many materials it ranked. Run every SIMILAR_BACKFILL_INTERVAL_MS by every server;
 * once the catalogue is done a pass is one read.
 */
export async function runSimilarBackfill(deps: { db: Db }): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < BACKFILL_BATCHES_PER_PASS; batch += 1) {
    const pass = await backfillSimilarLists(deps.db);
    if (pass === null) return total;
    total += pass.ranked;
    if (pass.done) return total;
  }
  return total;
}
