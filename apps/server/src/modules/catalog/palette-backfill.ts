import { buffer } from 'node:stream/consumers';
import type { Db, DbOrTx } from '../../db/client.js';
import { extractPalette, paletteCells, PALETTE_VERSION, type PaletteColour } from '../../media/colour-palette.js';
import { StorageNotFoundError, type Storage } from '../../media/storage.js';
import {
  nextPaletteMaterials,
  paletteBackfillPosition,
  savePalette,
  savePaletteBackfillPosition,
  tryLockPaletteBackfill,
} from './similar.repository.js';

/** Materials a batch of the palette backfill draws again: one small thumbnail read and decode each. */
export const PALETTE_BACKFILL_BATCH = 50;

/**
 * One batch of the palette backfill (decision 0048): draws the palettes of the next
 * PALETTE_BACKFILL_BATCH materials again from their grid thumbnails under the current rules
 * (PALETTE_VERSION), with their search cells, and moves the position on, in one transaction
 * under the backfill's advisory lock: several servers may run it, one takes the batch, the
 * others answer null. A thumbnail that is missing keeps its material's palette as it was.
 */
export async function backfillPalettes(deps: {
  db: Db;
  storage: Storage;
}): Promise<{ drawn: number; done: boolean } | null> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockPaletteBackfill(tx, PALETTE_VERSION))) return null;
    const position = await paletteBackfillPosition(tx, PALETTE_VERSION);
    if (position.done) return { drawn: 0, done: true };
    const next = await nextPaletteMaterials(tx, position.afterSeq, PALETTE_BACKFILL_BATCH);
    let drawn = 0;
    for (const material of next) {
      const palette = await drawPalette(deps.storage, material.thumbKey);
      if (!palette) continue;
      await savePalette(tx, material.sid, palette, paletteCells(palette));
      drawn += 1;
    }
    const done = next.length < PALETTE_BACKFILL_BATCH;
    await savePaletteBackfillPosition(tx, PALETTE_VERSION, {
      afterSeq: next.at(-1)?.seq ?? position.afterSeq,
      done,
    });
    return { drawn, done };
  });
}

/**
 * The palette of a stored thumbnail; null when it is missing or does not decode (the material
 * keeps the palette it has, and the walk goes on). A storage that does not answer throws: the
 * batch is tried again on the next pass.
 */
async function drawPalette(storage: Storage, thumbKey: string): Promise<PaletteColour[] | null> {
  let thumb: Buffer;
  try {
    thumb = await buffer(await storage.getStream(thumbKey));
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
  return extractPalette(thumb).catch(() => null);
}

/** Whether every material's palette is drawn under the current rules (the lists wait for it). */
export async function palettesAreCurrent(db: DbOrTx): Promise<boolean> {
  return (await paletteBackfillPosition(db, PALETTE_VERSION)).done;
}

/** How often each server runs a pass of the palette backfill (runPaletteBackfill). */
export const PALETTE_BACKFILL_INTERVAL_MS = 5_000;
/** Batches per pass at most: a pass holds one connection for a second or two, then lets go. */
const PALETTE_BATCHES_PER_PASS = 4;

/**
 * One pass of the palette backfill: up to PALETTE_BATCHES_PER_PASS batches, stopping when the
 * catalogue is done or another server has the backfill. Run every PALETTE_BACKFILL_INTERVAL_MS
 * by every server; once done a pass is one read.
 */
export async function runPaletteBackfill(deps: {
  db: Db;
  storage: Storage;
}): Promise<{ drawn: number; done: boolean }> {
  let drawn = 0;
  for (let batch = 0; batch < PALETTE_BATCHES_PER_PASS; batch += 1) {
    const pass = await backfillPalettes(deps);
    if (pass === null) return { drawn, done: false };
    drawn += pass.drawn;
    if (pass.done) return { drawn, done: true };
  }
  return { drawn, done: false };
}
