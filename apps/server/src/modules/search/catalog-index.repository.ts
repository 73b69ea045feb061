import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { buyerVisibleSql, materials } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql.js';
import type { PaletteColour } from '../../media/colour-palette.js';
import type { MaterialColumns } from './material-store.js';

/**
 * What the search index holds of one material: every column a search condition reads, and what
 * a result page shows of it (MaterialColumns, held by the index's MaterialStore).
 */
export interface IndexRow extends MaterialColumns {
  seq: number;
  /** Creation time in microseconds since the epoch, exact. */
  createdUs: number;
  likeCount: number;
  shuffleKey: number;
  /** buyerVisibleSql of the row: on sale (listed, processed, not disabled). */
  visible: boolean;
  format: string;
  width: number;
  height: number;
  metal: string | null;
  gem: string | null;
  piece: string | null;
  scene: string | null;
  /** As stored; the index derives the search tokens from them (searchTokensFor). */
  keywords: string[];
  colorCells: string[];
  /** Dominant colours (Lab), largest first: a colour search's page puts the closest first. */
  palette: PaletteColour[] | null;
}

export interface IndexChunk {
  /**
   * `pg_snapshot_xmin` of the statement's own snapshot, as decimal text: every transaction with a
   * smaller id had ended before the rows below were read.
   */
  xmin: string;
  rows: IndexRow[];
}

const INDEX_COLUMNS = sql`
  ${materials.seq}::float8 AS seq,
  (extract(epoch from ${materials.createdAt}) * 1000000)::float8 AS created_us,
  ${materials.likeCount} AS like_count,
  ${materials.shuffleKey} AS shuffle_key,
  ${buyerVisibleSql()} AS visible,
  ${materials.format} AS format, ${materials.width} AS width, ${materials.height} AS height,
  ${materials.metal} AS metal, ${materials.gem} AS gem, ${materials.piece} AS piece,
  ${materials.scene} AS scene, ${materials.keywords} AS keywords,
  ${materials.colorCells} AS color_cells, ${materials.palette} AS palette,
  ${materials.sid} AS sid, ${materials.durationMs} AS duration_ms, ${materials.aspectRatio} AS aspect_ratio,
  ${materials.resolution} AS resolution, ${materials.authTypes} AS auth_types, ${materials.thumbKey} AS thumb_key,
  ${materials.thumbSmallKey} AS thumb_small_key, ${materials.placeholderColor} AS placeholder_color,
  ${materials.coverKey} AS cover_key, ${materials.watermarkKey} AS watermark_key,
  ${materials.previewKey} AS preview_key,
  floor(extract(epoch from ${materials.freeFrom}) * 1000)::float8 AS free_from_ms,
  floor(extract(epoch from ${materials.freeUntil}) * 1000)::float8 AS free_until_ms,
  ${materials.pricesCents} AS prices_cents, ${materials.specialPricesCents} AS special_prices_cents,
  ${materials.customPriceCents}::float8 AS custom_price_cents, ${materials.remark} AS remark,
  ${materials.writtenXid}::text AS written_xid`;

/**
 * The next `limit` materials by seq after `afterSeq` (the load), with the snapshot's xmin read in
 * the same statement (so in the same snapshot) as the rows.
 */
export async function listIndexRows(db: DbOrTx, options: { afterSeq: number; limit: number }): Promise<IndexChunk> {
  const result = await db.execute(sql`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, m.*
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT ${INDEX_COLUMNS}
      FROM ${materials}
      WHERE ${materials.seq} > ${options.afterSeq}
      ORDER BY ${materials.seq}
      LIMIT ${options.limit}
    ) AS m ON true`);
  return chunkOf(result);
}

/** Where a read of written rows goes on: after this row in (written_xid, seq) order. */
export interface WrittenPosition {
  xid: string;
  seq: number;
}

/**
 * The next `limit` materials written by a transaction whose id is at least `sinceXid`, in
 * (written_xid, seq) order after `after`, with the snapshot's xmin read in the same statement.
 * Walked down `materials_written_xid_idx`, so a read costs the rows written since, never the
 * catalogue: ordered by seq instead, the planner walked the seq index over every row (the new
 * column has no statistics after its migration) and a read of nothing took seconds at a million.
 */
export async function listWrittenIndexRows(
  db: DbOrTx,
  options: { sinceXid: string; after: WrittenPosition | null; limit: number },
): Promise<IndexChunk & { last: WrittenPosition | null }> {
  const after = options.after
    ? sql`AND (${materials.writtenXid} > ${options.after.xid}::xid8
              OR (${materials.writtenXid} = ${options.after.xid}::xid8 AND ${materials.seq} > ${options.after.seq}))`
    : sql``;
  const result = await db.execute(sql`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, m.*
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (
      SELECT ${INDEX_COLUMNS}
      FROM ${materials}
      WHERE ${materials.writtenXid} >= ${options.sinceXid}::xid8 ${after}
      ORDER BY ${materials.writtenXid}, ${materials.seq}
      LIMIT ${options.limit}
    ) AS m ON true`);
  const chunk = chunkOf(result);
  const lastRaw = rowsOf<{ seq: number | null; written_xid: string | null }>(result).at(-1);
  const last =
    lastRaw && lastRaw.seq !== null && lastRaw.written_xid !== null
      ? { xid: String(lastRaw.written_xid), seq: Number(lastRaw.seq) }
      : null;
  return { ...chunk, last };
}

function chunkOf(result: unknown): IndexChunk {
  const raw = rowsOf<{
    xmin: string;
    seq: number | null;
    created_us: number;
    like_count: number;
    shuffle_key: number;
    visible: boolean;
    format: string;
    width: number;
    height: number;
    metal: string | null;
    gem: string | null;
    piece: string | null;
    scene: string | null;
    keywords: string[];
    color_cells: string[];
    palette: PaletteColour[] | null;
    sid: string;
    duration_ms: number | null;
    aspect_ratio: string | null;
    resolution: string | null;
    auth_types: number[];
    thumb_key: string | null;
    thumb_small_key: string | null;
    placeholder_color: string | null;
    cover_key: string | null;
    watermark_key: string | null;
    preview_key: string | null;
    free_from_ms: number | null;
    free_until_ms: number | null;
    prices_cents: Record<string, number>;
    special_prices_cents: Record<string, number>;
    custom_price_cents: number | null;
    remark: string | null;
  }>(result);
  const rows: IndexRow[] = [];
  for (const r of raw) {
    if (r.seq === null) continue;
    rows.push({
      seq: Number(r.seq),
      createdUs: Number(r.created_us),
      likeCount: Number(r.like_count),
      shuffleKey: Number(r.shuffle_key),
      visible: r.visible,
      format: r.format,
      width: Number(r.width),
      height: Number(r.height),
      metal: r.metal,
      gem: r.gem,
      piece: r.piece,
      scene: r.scene,
      keywords: r.keywords,
      colorCells: r.color_cells,
      palette: r.palette,
      sid: r.sid,
      durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
      aspectRatio: r.aspect_ratio,
      resolution: r.resolution,
      authTypes: r.auth_types.map(Number),
      thumbKey: r.thumb_key,
      thumbSmallKey: r.thumb_small_key,
      placeholderColor: r.placeholder_color,
      coverKey: r.cover_key,
      watermarkKey: r.watermark_key,
      previewKey: r.preview_key,
      freeFromMs: r.free_from_ms === null ? null : Number(r.free_from_ms),
      freeUntilMs: r.free_until_ms === null ? null : Number(r.free_until_ms),
      pricesCents: r.prices_cents,
      specialPricesCents: r.special_prices_cents,
      customPriceCents: r.custom_price_cents === null ? null : Number(r.custom_price_cents),
      remark: r.remark,
    });
  }
  return { xmin: String(raw[0]!.xmin), rows };
}

/** The current snapshot's xmin, as decimal text (see IndexChunk.xmin). */
export async function readSnapshotXmin(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return String(rowsOf<{ xmin: string }>(result)[0]!.xmin);
}
