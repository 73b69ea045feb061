import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bandsOfPerceptualHash,
  buyerVisibleSql,
  FACET_TOKEN_PREFIX,
  hashDistanceSql,
  matchTokens,
  materials,
  perceptualHashBands,
} from '../../db/schema/index.js';
import { textArray } from '../../db/sql.js';
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

/** Look-alikes read per request by hash: the closest this many of those sharing a band. */
const HASH_CANDIDATES = 200;
/** Materials of the same piece near the dominant colour read per request, whatever the hash finds. */
const COLOUR_CANDIDATES = 100;

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

/** A material's signature when a buyer may see it; undefined when it is off sale or missing. */
export async function findVisibleSignature(db: DbOrTx, sid: string): Promise<VisualSignature | undefined> {
  const [row] = await db
    .select(SIGNATURE_COLUMNS)
    .from(materials)
    .where(and(eq(materials.sid, sid), buyerVisibleSql()))
    .limit(1);
  return row ? toSignature(row) : undefined;
}

/**
 * The candidates for 相似素材 of a material, never a scan of the catalogue: the closest
 * HASH_CANDIDATES of the materials sharing a band of its perceptual hash
 * (materials_perceptual_hash_bands_gin: every copy within five bits shares one), plus up to
 * COLOUR_CANDIDATES of the same piece (when it has one) with a colour near its dominant one (the
 * search's GIN index, as `color=` asks it), which the ranking weighs by colour and facets.
 */
export async function listSimilarCandidates(
  db: DbOrTx,
  material: VisualSignature,
  dominantCells: string[],
): Promise<VisualSignature[]> {
  const found = new Map<string, VisualSignature>();
  if (material.perceptualHash !== null) {
    const bands = bandsOfPerceptualHash(material.perceptualHash);
    const rows = await db
      .select(SIGNATURE_COLUMNS)
      .from(materials)
      .where(
        and(
          sql`${materials.perceptualHash} IS NOT NULL`,
          sql`${perceptualHashBands(materials.perceptualHash)} && ${sql`ARRAY[${sql.join(
            bands.map((b) => sql`${b}`),
            sql`, `,
          )}]::int[]`}`,
          buyerVisibleSql(),
          sql`${materials.sid} <> ${material.sid}`,
        ),
      )
      .orderBy(hashDistanceSql(materials.perceptualHash, material.perceptualHash), materials.seq)
      .limit(HASH_CANDIDATES);
    for (const row of rows) found.set(row.sid, toSignature(row));
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
          buyerVisibleSql(),
          sql`${materials.sid} <> ${material.sid}`,
        ),
      )
      .limit(COLOUR_CANDIDATES);
    for (const row of rows) if (!found.has(row.sid)) found.set(row.sid, toSignature(row));
  }
  return [...found.values()];
}
