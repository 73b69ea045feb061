import { and, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { buyerVisibleSql, downloads, materials, users } from '../../db/schema/index.js';
import { preparedOnce, rowsOf, textArray } from '../../db/sql.js';
import type { MaterialRow } from '../../db/rows.js';

/** The columns a material's wire shape is built from (never the token array, which is large). */
export const MATERIAL_COLUMNS = {
  sid: materials.sid,
  seq: materials.seq,
  format: materials.format,
  keywords: materials.keywords,
  width: materials.width,
  height: materials.height,
  durationMs: materials.durationMs,
  aspectRatio: materials.aspectRatio,
  resolution: materials.resolution,
  authTypes: materials.authTypes,
  originalKey: materials.originalKey,
  thumbKey: materials.thumbKey,
  thumbSmallKey: materials.thumbSmallKey,
  placeholderColor: materials.placeholderColor,
  coverKey: materials.coverKey,
  watermarkKey: materials.watermarkKey,
  previewKey: materials.previewKey,
  likeCount: materials.likeCount,
  disabled: materials.disabled,
  freeFrom: materials.freeFrom,
  freeUntil: materials.freeUntil,
  pricesCents: materials.pricesCents,
  specialPricesCents: materials.specialPricesCents,
  customPriceCents: materials.customPriceCents,
  remark: materials.remark,
  metal: materials.metal,
  gem: materials.gem,
  piece: materials.piece,
  scene: materials.scene,
  createdAt: materials.createdAt,
};

export type { MaterialRow } from '../../db/rows.js';

/** The material columns as one JSON object per row, in the field names of MaterialRow. */
const MATERIAL_JSON = sql`json_build_object(
  'sid', ${materials.sid}, 'seq', ${materials.seq}, 'format', ${materials.format}, 'keywords', ${materials.keywords},
  'width', ${materials.width}, 'height', ${materials.height}, 'durationMs', ${materials.durationMs},
  'aspectRatio', ${materials.aspectRatio}, 'resolution', ${materials.resolution}, 'authTypes', ${materials.authTypes},
  'originalKey', ${materials.originalKey}, 'thumbKey', ${materials.thumbKey},
  'thumbSmallKey', ${materials.thumbSmallKey}, 'placeholderColor', ${materials.placeholderColor},
  'coverKey', ${materials.coverKey},
  'watermarkKey', ${materials.watermarkKey}, 'previewKey', ${materials.previewKey},
  'likeCount', ${materials.likeCount}, 'disabled', ${materials.disabled},
  'freeFrom', ${materials.freeFrom}, 'freeUntil', ${materials.freeUntil},
  'pricesCents', ${materials.pricesCents}, 'specialPricesCents', ${materials.specialPricesCents},
  'customPriceCents', ${materials.customPriceCents}, 'remark', ${materials.remark},
  'metal', ${materials.metal}, 'gem', ${materials.gem}, 'piece', ${materials.piece}, 'scene', ${materials.scene},
  'createdAt', ${materials.createdAt})`;

type MaterialJson = Omit<MaterialRow, 'createdAt' | 'freeFrom' | 'freeUntil'> & {
  createdAt: string;
  freeFrom: string | null;
  freeUntil: string | null;
};

function prepareVisibleMaterialsBySeq(db: DbOrTx, name: string) {
  return db
    .select({ rows: sql<MaterialJson[] | null>`json_agg(${MATERIAL_JSON})` })
    .from(materials)
    .where(and(sql`${materials.seq} = ANY(${sql.placeholder('seqs')}::bigint[])`, buyerVisibleSql()))
    .prepare(name);
}

// Every search page ends with this query. It is prepared once per database handle, and its rows
// arrive as one JSON array: a single JSON.parse instead of decoding arrays and timestamps column
// by column.
/** Visible materials by sequence number, in no particular order (the caller orders them). */
export async function findVisibleMaterialsBySeq(db: DbOrTx, seqs: number[]): Promise<MaterialRow[]> {
  if (seqs.length === 0) return [];
  const statement = preparedOnce(db, 'catalog_visible_materials_by_seq', (name) =>
    prepareVisibleMaterialsBySeq(db, name),
  );
  const [result] = await statement.execute({ seqs });
  return (result?.rows ?? []).map(fromMaterialJson);
}

function fromMaterialJson(r: MaterialJson): MaterialRow {
  return {
    ...r,
    seq: Number(r.seq),
    createdAt: new Date(r.createdAt),
    freeFrom: r.freeFrom === null ? null : new Date(r.freeFrom),
    freeUntil: r.freeUntil === null ? null : new Date(r.freeUntil),
  };
}

function prepareVisibleMaterialsBySid(db: DbOrTx, name: string) {
  return db
    .select({ rows: sql<MaterialJson[] | null>`json_agg(${MATERIAL_JSON})` })
    .from(materials)
    .where(and(sql`${materials.sid} = ANY(${sql.placeholder('sids')}::text[])`, buyerVisibleSql()))
    .prepare(name);
}

/** Visible materials by sid (primary key reads), in no particular order (the caller orders them). */
export async function findVisibleMaterialsBySid(db: DbOrTx, sids: string[]): Promise<MaterialRow[]> {
  if (sids.length === 0) return [];
  const statement = preparedOnce(db, 'catalog_visible_materials_by_sid', (name) =>
    prepareVisibleMaterialsBySid(db, name),
  );
  const [result] = await statement.execute({ sids });
  return (result?.rows ?? []).map(fromMaterialJson);
}

export async function findVisibleMaterial(db: DbOrTx, sid: string): Promise<MaterialRow | undefined> {
  const rows = await db
    .select(MATERIAL_COLUMNS)
    .from(materials)
    .where(and(eq(materials.sid, sid), buyerVisibleSql()))
    .limit(1);
  return rows[0];
}

/** Candidates per shared keyword: the newest this many, so a common keyword cannot scan the table. */
const RELATED_CANDIDATES_PER_KEYWORD = 100;

/**
 * Materials sharing keywords with one material (their sequence numbers, best first): most
 * shared keywords first, then most liked.
 * Candidates are the newest materials holding each keyword, which keeps the query bounded on a
 * large catalogue where a keyword such as 白底 is held by a quarter of everything.
 */
export async function listRelatedSeqs(
  db: DbOrTx,
  material: { sid: string; keywords: string[] },
  limit: number,
): Promise<number[]> {
  if (material.keywords.length === 0) return [];
  const keywordArray = textArray(material.keywords);
  const result = await db.execute(sql`
    SELECT m.seq::float8 AS seq
    FROM (
      SELECT DISTINCT c.seq
      FROM unnest(${keywordArray}) AS k(keyword)
      CROSS JOIN LATERAL (
        SELECT ${materials.seq} AS seq FROM ${materials}
        WHERE ${materials.keywords} @> ARRAY[k.keyword] AND ${buyerVisibleSql()} AND ${materials.sid} <> ${material.sid}
        ORDER BY ${materials.createdAt} DESC NULLS LAST, ${materials.seq} DESC NULLS LAST
        LIMIT ${RELATED_CANDIDATES_PER_KEYWORD}
      ) c
    ) candidates
    JOIN ${materials} m ON m.seq = candidates.seq
    ORDER BY cardinality(ARRAY(SELECT unnest(m.keywords) INTERSECT SELECT unnest(${keywordArray}))) DESC,
             m.like_count DESC, m.seq DESC
    LIMIT ${limit}`);
  return rowsOf<{ seq: number }>(result).map((r) => Number(r.seq));
}

function freeNowConditions(now: Date): SQL[] {
  return [buyerVisibleSql(), lte(materials.freeFrom, now), gt(materials.freeUntil, now)];
}

/** Materials whose free window contains `now`, the most recently opened first. */
export async function listFreeMaterials(
  db: DbOrTx,
  now: Date,
  page: { offset: number; limit: number },
): Promise<MaterialRow[]> {
  return db
    .select(MATERIAL_COLUMNS)
    .from(materials)
    .where(and(...freeNowConditions(now)))
    .orderBy(sql`${materials.freeFrom} desc nulls last, ${materials.seq} desc nulls last`)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countFreeMaterials(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(materials)
    .where(and(...freeNowConditions(now)));
  return Number(rows[0]?.n ?? 0);
}

export async function listFeaturedVideos(db: DbOrTx, page: { offset: number; limit: number }): Promise<MaterialRow[]> {
  return db
    .select(MATERIAL_COLUMNS)
    .from(materials)
    .where(and(eq(materials.featured, true), eq(materials.format, 'video'), buyerVisibleSql()))
    .orderBy(sql`${materials.createdAt} desc nulls last, ${materials.seq} desc nulls last`)
    .limit(page.limit)
    .offset(page.offset);
}

/** One free download: the download row and the buyer's download count move together. */
export async function recordFreeDownload(db: DbOrTx, userSid: string, materialSid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(downloads).values({ userSid, materialSid, kind: 'free' });
    await tx
      .update(users)
      .set({ downloadCount: sql`${users.downloadCount} + 1` })
      .where(eq(users.sid, userSid));
  });
}
