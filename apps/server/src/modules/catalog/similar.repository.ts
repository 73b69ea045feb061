import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bandsOfPerceptualHash,
  buyerVisibleSql,
  FACET_TOKEN_PREFIX,
  hashDistanceSql,
  materials,
  materialPaletteBackfill,
  materialSimilarBackfill,
  materialSimilarLists,
  matchTokens,
  PERCEPTUAL_HASH_BANDS,
  perceptualHashBand,
} from '../../db/schema/index.js';
import { preparedOnce, rowsOf, textArray, tryTransactionLock } from '../../db/sql.js';
import type { PaletteColour } from '../../media/colour-palette.js';

/** What 相似素材 compares of a material: its signature (hash and palette) and its facets. */
export interface VisualSignature {
  sid: string;
  seq: number;
  perceptualHash: bigint | null;
  palette: PaletteColour[];
  metal: string | null;
  gem: string | null;
  piece: string | null;
  scene: string | null;
}

/**
 * Index entries read per band of the hash at most. A band is shared by about one material in
 * 2,048 (one in 1,024 for the last two): some 500 (1,000) at a million materials. The cap is
 * reached by a catalogue twice that size or by a band many pictures share (a blank picture's):
 * the read then costs the same, and may miss look-alikes of that band.
 */
export const BAND_READ_CAP = 2_000;
/** Look-alikes ranked by hash: the closest this many of those sharing a band. */
const HASH_CANDIDATES = 200;
/** Materials of the same piece near the dominant colour, whatever the hash finds. */
const COLOUR_CANDIDATES = 100;
/**
 * A stored list whose hash and colour reads found fewer than this many (a small catalogue, an
 * unusual picture) is filled from the same piece in any colour, so the section is not one or two
 * tiles; at a large catalogue the first two reads find far more and this read is not made.
 */
const PIECE_FILL_BELOW = 24;
const PIECE_CANDIDATES = 100;

const SIGNATURE_COLUMNS = {
  sid: materials.sid,
  seq: materials.seq,
  perceptualHash: materials.perceptualHash,
  palette: materials.palette,
  metal: materials.metal,
  gem: materials.gem,
  piece: materials.piece,
  scene: materials.scene,
};

function toSignature(row: Omit<VisualSignature, 'palette'> & { palette: PaletteColour[] | null }): VisualSignature {
  return { ...row, seq: Number(row.seq), palette: row.palette ?? [] };
}

/**
 * Who may stand in a stored list: every processed material not withdrawn nor rejected, so one
 * waiting for review is already in its look-alikes' lists when it is listed. The read of a
 * list leaves out those a buyer may not see (buyerVisibleSql).
 */
function listableSql(): SQL {
  return sql`(${materials.disabled} = false AND ${materials.reviewState} <> 'rejected')`;
}

/** A material's signature when a buyer may see it; undefined when it is off sale or missing. */
export async function findVisibleSignature(db: DbOrTx, sid: string): Promise<VisualSignature | undefined> {
  const [row] = await db
    .select(SIGNATURE_COLUMNS)
    .from(materials)
    .where(and(eq(materials.sid, sid), buyerVisibleSql()))
    .limit(1);
  return row ? toSignature(row) : undefined;
}

/** A processed material's signature, whoever may see it (the media job, the backfill). */
export async function findSignature(db: DbOrTx, sid: string): Promise<VisualSignature | undefined> {
  const [row] = await db.select(SIGNATURE_COLUMNS).from(materials).where(eq(materials.sid, sid)).limit(1);
  return row ? toSignature(row) : undefined;
}

/**
 * The materials whose perceptual hash is closest to `hash` among those sharing one of its six
 * bands, closest first (ties: by sid), at most `limit`, optionally only within `maxDistance`
 * bits. Each band is an index-only range of materials_hash_band<n>_idx capped at BAND_READ_CAP
 * entries, so the read is the same few thousand index entries whatever the catalogue's size.
 * Every hash at most five bits away shares a band (decision 0048); one further away is found
 * when it happens to share one.
 */
export async function findHashNeighbours(
  db: DbOrTx,
  hash: bigint,
  options: { excludeSid: string; limit: number; maxDistance?: number },
): Promise<{ sid: string; distance: number }[]> {
  const bands = bandsOfPerceptualHash(hash);
  const perBand = PERCEPTUAL_HASH_BANDS.map(
    (_, band) => sql`(select ${materials.sid} as sid, ${materials.perceptualHash} as hash from ${materials}
      where ${perceptualHashBand(materials.perceptualHash, band)} = ${bands[band]}
        and ${materials.perceptualHash} is not null
      limit ${BAND_READ_CAP})`,
  );
  const distance = hashDistanceSql(sql`c.hash`, hash);
  const rows = rowsOf<{ sid: string; distance: number }>(
    await db.execute(sql`
      select c.sid, ${distance} as distance
      from (${sql.join(perBand, sql` union `)}) c
      where c.sid <> ${options.excludeSid}
        ${options.maxDistance === undefined ? sql`` : sql`and ${distance} <= ${options.maxDistance}`}
      order by 2, 1
      limit ${options.limit}`),
  );
  return rows.map((r) => ({ sid: r.sid, distance: Number(r.distance) }));
}

/**
 * The candidates for 相似素材 of a material, a bounded read whatever the catalogue's size: the
 * closest HASH_CANDIDATES of the materials sharing a band of its perceptual hash
 * (findHashNeighbours), plus up to COLOUR_CANDIDATES of the same piece (when it has one) with a
 * colour near its dominant one (the search's GIN index, as `color=` asks it), which the ranking
 * weighs by colour and facets; a stored list with few of those is filled from the same piece in
 * any colour (PIECE_FILL_BELOW). `who` chooses among them: those a buyer may see now (a request
 * answered before the material's list is stored) or those a stored list may hold.
 */
export async function listSimilarCandidates(
  db: DbOrTx,
  material: VisualSignature,
  dominantCells: string[],
  who: 'visible' | 'listable',
): Promise<VisualSignature[]> {
  const allowed = who === 'visible' ? buyerVisibleSql() : listableSql();
  const found = new Map<string, VisualSignature>();
  if (material.perceptualHash !== null) {
    const near = await findHashNeighbours(db, material.perceptualHash, {
      excludeSid: material.sid,
      limit: HASH_CANDIDATES,
    });
    if (near.length > 0) {
      const rows = await db
        .select(SIGNATURE_COLUMNS)
        .from(materials)
        .where(
          and(
            inArray(
              materials.sid,
              near.map((n) => n.sid),
            ),
            allowed,
          ),
        );
      for (const row of rows) found.set(row.sid, toSignature(row));
    }
  }
  if (dominantCells.length > 0) {
    const rows = await db
      .select(SIGNATURE_COLUMNS)
      .from(materials)
      .where(
        and(
          sql`${matchTokens(materials)} && ${textArray(dominantCells)}`,
          material.piece
            ? sql`${matchTokens(materials)} @> ${textArray([`${FACET_TOKEN_PREFIX.piece}${material.piece}`])}`
            : undefined,
          allowed,
          sql`${materials.sid} <> ${material.sid}`,
        ),
      )
      .limit(COLOUR_CANDIDATES);
    for (const row of rows) if (!found.has(row.sid)) found.set(row.sid, toSignature(row));
  }
  if (who === 'listable' && material.piece && found.size < PIECE_FILL_BELOW) {
    const rows = await db
      .select(SIGNATURE_COLUMNS)
      .from(materials)
      .where(
        and(
          sql`${matchTokens(materials)} @> ${textArray([`${FACET_TOKEN_PREFIX.piece}${material.piece}`])}`,
          allowed,
          sql`${materials.sid} <> ${material.sid}`,
        ),
      )
      .limit(PIECE_CANDIDATES);
    for (const row of rows) if (!found.has(row.sid)) found.set(row.sid, toSignature(row));
  }
  return [...found.values()];
}

function prepareVisibleSimilarList(db: DbOrTx, name: string) {
  return db
    .select({ similarSids: materialSimilarLists.similarSids })
    .from(materials)
    .leftJoin(materialSimilarLists, eq(materialSimilarLists.materialSid, materials.sid))
    .where(and(eq(materials.sid, sql.placeholder('sid')), buyerVisibleSql()))
    .limit(1)
    .prepare(name);
}

/**
 * A material a buyer may see, with its stored 相似素材 (sids closest first) or null when none is
 * stored yet; undefined when the material is off sale or missing. One primary-key read of each
 * table, prepared once (every detail page asks it).
 */
export async function findVisibleSimilarList(
  db: DbOrTx,
  sid: string,
): Promise<{ similarSids: string[] | null } | undefined> {
  const statement = preparedOnce(db, 'catalog_visible_similar_list', (name) => prepareVisibleSimilarList(db, name));
  const [row] = await statement.execute({ sid });
  return row ? { similarSids: row.similarSids } : undefined;
}

export interface StoredSimilarList {
  materialSid: string;
  similarSids: string[];
  scores: number[];
}

/** Stores (or replaces) a material's list under `version`. */
export async function saveSimilarList(db: DbOrTx, list: StoredSimilarList, version: number): Promise<void> {
  await db
    .insert(materialSimilarLists)
    .values({ ...list, version })
    .onConflictDoUpdate({
      target: materialSimilarLists.materialSid,
      set: { similarSids: list.similarSids, scores: list.scores, version, computedAt: sql`now()` },
    });
}

/**
 * The stored lists of `sids` (those that have one), locked until the transaction ends, in sid
 * order so that two jobs offering to overlapping lists wait for each other instead of deadlocking.
 */
export async function lockSimilarLists(db: DbOrTx, sids: string[]): Promise<StoredSimilarList[]> {
  if (sids.length === 0) return [];
  const rows = await db
    .select({
      materialSid: materialSimilarLists.materialSid,
      similarSids: materialSimilarLists.similarSids,
      scores: materialSimilarLists.scores,
    })
    .from(materialSimilarLists)
    .where(inArray(materialSimilarLists.materialSid, sids))
    .orderBy(materialSimilarLists.materialSid)
    .for('update');
  return rows;
}

/** Writes lists changed by an offer, keeping each one's version. */
export async function updateSimilarLists(db: DbOrTx, lists: StoredSimilarList[]): Promise<void> {
  for (const list of lists) {
    await db
      .update(materialSimilarLists)
      .set({ similarSids: list.similarSids, scores: list.scores })
      .where(eq(materialSimilarLists.materialSid, list.materialSid));
  }
}

/** First key of the backfill's advisory lock (pg_try_advisory_xact_lock(int, int)); the second is the version. */
const BACKFILL_LOCK = 7_310_748;

/**
 * Takes the backfill of `version` for the current transaction: false when another server holds
 * it (that server is doing the next materials; this one leaves them to it).
 */
export async function tryLockSimilarBackfill(tx: DbOrTx, version: number): Promise<boolean> {
  return tryTransactionLock(tx, BACKFILL_LOCK, version);
}

/**
 * The next `limit` processed materials after the backfill's position for `version` (by seq,
 * through materials_seq_idx) and whether each already has a list of that version (the media job
 * ranks new materials itself). The position is where the last pass stopped.
 */
export async function nextBackfillMaterials(
  tx: DbOrTx,
  version: number,
  limit: number,
): Promise<{ afterSeq: number; materials: { sid: string; seq: number; current: boolean }[] }> {
  const [position] = await tx
    .select({ afterSeq: materialSimilarBackfill.afterSeq })
    .from(materialSimilarBackfill)
    .where(eq(materialSimilarBackfill.version, version));
  const afterSeq = position?.afterSeq ?? 0;
  const rows = rowsOf<{ sid: string; seq: string | number; current: boolean }>(
    await tx.execute(sql`
      select m.sid, m.seq, exists (
          select 1 from ${materialSimilarLists} l where l.material_sid = m.sid and l.version >= ${version}
        ) as current
      from ${materials} m
      where m.seq > ${afterSeq} and m.perceptual_hash is not null
      order by m.seq
      limit ${limit}`),
  );
  return { afterSeq, materials: rows.map((r) => ({ sid: r.sid, seq: Number(r.seq), current: r.current })) };
}

/** Moves the backfill of `version` on to `afterSeq`. */
export async function saveBackfillPosition(tx: DbOrTx, version: number, afterSeq: number): Promise<void> {
  await tx
    .insert(materialSimilarBackfill)
    .values({ version, afterSeq })
    .onConflictDoUpdate({
      target: materialSimilarBackfill.version,
      set: { afterSeq, updatedAt: sql`now()` },
    });
}

/** The palette backfill's advisory lock (apart from the lists' BACKFILL_LOCK). */
const PALETTE_BACKFILL_LOCK = 7_310_749;

/** Takes the palette backfill of `version` for this transaction; false when another server has it. */
export async function tryLockPaletteBackfill(tx: DbOrTx, version: number): Promise<boolean> {
  return tryTransactionLock(tx, PALETTE_BACKFILL_LOCK, version);
}

/** Where the palette backfill of `version` stands: after which seq, and whether it is done. */
export async function paletteBackfillPosition(
  tx: DbOrTx,
  version: number,
): Promise<{ afterSeq: number; done: boolean }> {
  const [row] = await tx
    .select({ afterSeq: materialPaletteBackfill.afterSeq, done: materialPaletteBackfill.done })
    .from(materialPaletteBackfill)
    .where(eq(materialPaletteBackfill.version, version));
  return row ?? { afterSeq: 0, done: false };
}

/**
 * The next `limit` materials with a thumbnail after `afterSeq`, by seq (materials_seq_idx):
 * those whose palette the backfill draws again.
 */
export async function nextPaletteMaterials(
  tx: DbOrTx,
  afterSeq: number,
  limit: number,
): Promise<{ sid: string; seq: number; thumbKey: string }[]> {
  const rows = await tx
    .select({ sid: materials.sid, seq: materials.seq, thumbKey: materials.thumbKey })
    .from(materials)
    .where(and(sql`${materials.seq} > ${afterSeq}`, sql`${materials.thumbKey} is not null`))
    .orderBy(materials.seq)
    .limit(limit);
  return rows.map((r) => ({ sid: r.sid, seq: Number(r.seq), thumbKey: r.thumbKey! }));
}

/** Stores a material's palette drawn again, with the search cells that follow from it. */
export async function savePalette(tx: DbOrTx, sid: string, palette: PaletteColour[], cells: string[]): Promise<void> {
  await tx.update(materials).set({ palette, colorCells: cells }).where(eq(materials.sid, sid));
}

/** Moves the palette backfill of `version` on to `afterSeq`, done when nothing was left after it. */
export async function savePaletteBackfillPosition(
  tx: DbOrTx,
  version: number,
  position: { afterSeq: number; done: boolean },
): Promise<void> {
  await tx
    .insert(materialPaletteBackfill)
    .values({ version, ...position })
    .onConflictDoUpdate({
      target: materialPaletteBackfill.version,
      set: { ...position, updatedAt: sql`now()` },
    });
}
