import { RENDITION_VERSION } from '../../media/renditions.js';
import { type AdminMaterialSort, MaterialStatus } from '@gemstock/contract';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/sql.js';
import { materials } from '../../db/schema/index.js';
import { type PaletteColour, paletteCells } from '../../media/colour-palette.js';
import { normalizeSearchText, queryTokensFor } from '../search/index.js';

export type AdminMaterialRow = typeof materials.$inferSelect;
export type NewMaterialRow = typeof materials.$inferInsert;

export interface AdminMaterialFilter {
  /** A keyword (matched as the buyer search matches it) or a material sid. */
  q?: string | undefined;
  status?: string | undefined;
  format?: string | undefined;
  disabled?: boolean | undefined;
  featured?: boolean | undefined;
}

const SID_LIKE = /^[a-z0-9]{8,32}$/;

/**
 * A single character is left out of the match when a two-character token of the query holds it:
 * a material with the pair has the character too, and the posting list of a common character
 * (金 is in most jewellery keywords) is what made a search slow.
 */
function narrowestTokens(tokens: string[]): string[] {
  const pairs = tokens.filter((t) => Array.from(t).length === 2);
  return tokens.filter((t) => Array.from(t).length === 2 || !pairs.some((pair) => pair.includes(t)));
}

function keywordCondition(q: string): SQL | null {
  const tokens = narrowestTokens(queryTokensFor(q));
  if (tokens.length === 0) return null;
  const parts: SQL[] = [
    sql`${materials.searchTokens} @> ARRAY[${sql.join(
      tokens.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`,
  ];
  // Words of three or more characters: all their bigrams are present; confirm the whole word.
  for (const word of normalizeSearchText(q).split(/\s+/u)) {
    if (Array.from(word).length < 3) continue;
    parts.push(
      sql`EXISTS (SELECT 1 FROM unnest(${materials.keywords}) AS k(keyword) WHERE strpos(lower(normalize(k.keyword, NFKC)), ${word}) > 0)`,
    );
  }
  return and(...parts)!;
}

/**
 * A value of the list's query as it goes into the SQL: bound in place, or (for a statement
 * prepared once per shape) the placeholder it is executed with.
 */
type Bind = (name: string, value: unknown) => unknown;
const bindInPlace: Bind = (_name, value) => value;
const bindPlaceholder: Bind = (name) => sql.placeholder(name);

/** The list's filter as one condition (also what a bulk edit of "all matching" freezes). */
export function filterConditions(filter: AdminMaterialFilter): SQL | undefined {
  return conditionsOf(filter, bindInPlace);
}

function conditionsOf(filter: AdminMaterialFilter, bind: Bind): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.q) {
    const byKeyword = keywordCondition(filter.q);
    const bySid = SID_LIKE.test(filter.q) ? eq(materials.sid, filter.q) : null;
    if (byKeyword && bySid) parts.push(sql`(${bySid} OR ${byKeyword})`);
    else if (byKeyword) parts.push(byKeyword);
    else if (bySid) parts.push(bySid);
  }
  if (filter.status) parts.push(sql`${materials.status} = ${bind('status', filter.status)}`);
  if (filter.format) {
    // Beside a keyword the format is checked on the keyword's matches: an image/video index
    // holds half the table, and reading it to intersect with the keyword's (BitmapAnd) cost more
    // than the keyword alone (87 of 218 ms for 钻石 对戒 among videos, at a million materials).
    const format = bind('format', filter.format);
    parts.push(filter.q ? sql`(${materials.format} || '') = ${format}` : sql`${materials.format} = ${format}`);
  }
  // Written as the partial indexes' predicates (not `= $1`), so the planner can match them.
  if (filter.disabled !== undefined)
    parts.push(filter.disabled ? sql`${materials.disabled}` : sql`NOT ${materials.disabled}`);
  if (filter.featured !== undefined)
    parts.push(filter.featured ? sql`${materials.featured}` : sql`NOT ${materials.featured}`);
  return parts.length ? and(...parts) : undefined;
}

/**
 * What the SQL of a list without a keyword depends on (the values are placeholders): one
 * prepared statement per shape, a few dozen in all.
 */
function shapeOf(filter: AdminMaterialFilter): string {
  const flag = (value: boolean | undefined) => (value === undefined ? '-' : value ? 't' : 'f');
  return `s${filter.status ? 1 : 0}f${filter.format ? 1 : 0}d${flag(filter.disabled)}e${flag(filter.featured)}`;
}

export type AdminMaterialSortKey = AdminMaterialSort;

/**
 * Where a page of the list starts: right after the last row shown, by the sort's value and the
 * row's seq (which breaks ties), so a page reads only its own rows whatever its depth, and rows
 * added meanwhile neither repeat nor hide one.
 */
export interface AdminMaterialPosition {
  /** created_at as UTC text with microseconds (newest, oldest), or the count or price in cents as text. */
  value: string;
  seq: number;
}

const AT_TEXT = sql`to_char(${materials.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Each order exactly as its index is built (NULLS LAST for DESC; the same index read backwards
 * for oldest first), or PostgreSQL sorts the whole table for every page.
 */
const SORTS: Record<
  AdminMaterialSortKey,
  { order: SQL[]; after: (value: unknown, seq: unknown) => SQL; value: SQL; numeric: boolean }
> = {
  newest: {
    order: [sql`${materials.createdAt} DESC NULLS LAST`, sql`${materials.seq} DESC NULLS LAST`],
    after: (value, seq) => sql`(${materials.createdAt}, ${materials.seq}) < (${value}::timestamptz, ${seq})`,
    value: AT_TEXT,
    numeric: false,
  },
  oldest: {
    order: [sql`${materials.createdAt} ASC NULLS FIRST`, sql`${materials.seq} ASC NULLS FIRST`],
    after: (value, seq) => sql`(${materials.createdAt}, ${materials.seq}) > (${value}::timestamptz, ${seq})`,
    value: AT_TEXT,
    numeric: false,
  },
  likes: {
    order: [sql`${materials.likeCount} DESC NULLS LAST`, sql`${materials.seq} DESC NULLS LAST`],
    after: (value, seq) => sql`(${materials.likeCount}, ${materials.seq}) < (${value}, ${seq})`,
    value: sql`${materials.likeCount}::text`,
    numeric: true,
  },
  sales: {
    order: [sql`${materials.salesCount} DESC NULLS LAST`, sql`${materials.seq} DESC NULLS LAST`],
    after: (value, seq) => sql`(${materials.salesCount}, ${materials.seq}) < (${value}, ${seq})`,
    value: sql`${materials.salesCount}::text`,
    numeric: true,
  },
  price_asc: {
    order: [sql`${materials.priceSortCents} ASC`, sql`${materials.seq} ASC`],
    after: (value, seq) => sql`(${materials.priceSortCents}, ${materials.seq}) > (${value}, ${seq})`,
    value: sql`${materials.priceSortCents}::text`,
    numeric: true,
  },
  price_desc: {
    order: [sql`${materials.priceSortCents} DESC`, sql`${materials.seq} DESC`],
    after: (value, seq) => sql`(${materials.priceSortCents}, ${materials.seq}) < (${value}, ${seq})`,
    value: sql`${materials.priceSortCents}::text`,
    numeric: true,
  },
};

/** Newest first, in the order `materials_created_idx` is built in. */
export const ADMIN_MATERIAL_ORDER = SORTS.newest.order;

/**
 * One page of the list (limit rows) in the sort's order, after `after` when given; each row with
 * its position. `walk`, for a keyword most materials match: the page is read by walking the
 * order's index and stopping at the page, never from the keyword's GIN index (which would read
 * every match and sort them). The planner cannot see the words are common (it multiplies the
 * tokens' frequencies as if they were independent), so it is told, for this one query.
 */
export async function listAdminMaterials(
  db: DbOrTx,
  filter: AdminMaterialFilter,
  page: { sort: AdminMaterialSortKey; limit: number; after?: AdminMaterialPosition | undefined; walk?: boolean },
): Promise<Array<{ row: AdminMaterialRow; position: AdminMaterialPosition }>> {
  const sort = SORTS[page.sort];
  const after = page.after;
  const values = {
    status: filter.status,
    format: filter.format,
    afterValue: after ? (sort.numeric ? Number(after.value) : after.value) : undefined,
    afterSeq: after?.seq,
    limit: page.limit,
  };
  const query = (tx: DbOrTx, bind: Bind) =>
    tx
      .select({ row: materials, value: sort.value })
      .from(materials)
      .where(
        and(
          conditionsOf(filter, bind),
          after ? sort.after(bind('afterValue', values.afterValue), bind('afterSeq', values.afterSeq)) : undefined,
        ),
      )
      .orderBy(...sort.order)
      .limit(bind('limit', values.limit) as number);
  let found: Array<{ row: AdminMaterialRow; value: unknown }>;
  if (page.walk) {
    found = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      return query(tx, bindInPlace);
    });
  } else if (filter.q) {
    found = await query(db, bindInPlace);
  } else {
    const name = `admin_materials_${page.sort}_${shapeOf(filter)}a${after ? 1 : 0}`;
    found = await preparedOnce(db, name, (n) => query(db, bindPlaceholder).prepare(n)).execute(values);
  }
  return found.map(({ row, value }) => ({ row, position: { value: String(value), seq: row.seq } }));
}

/** Matches counted up to `cap + 1`, never the whole table. */
export async function countAdminMaterials(db: DbOrTx, filter: AdminMaterialFilter, cap: number): Promise<number> {
  const query = (bind: Bind) => {
    const inner = db
      .select({ one: sql`1` })
      .from(materials)
      .where(conditionsOf(filter, bind))
      .limit(bind('limit', cap + 1) as number)
      .as('capped');
    return db.select({ n: count() }).from(inner);
  };
  const values = { status: filter.status, format: filter.format, limit: cap + 1 };
  const [row] = filter.q
    ? await query(bindInPlace)
    : await preparedOnce(db, `admin_materials_count_${shapeOf(filter)}`, (n) =>
        query(bindPlaceholder).prepare(n),
      ).execute(values);
  return Number(row?.n ?? 0);
}

export async function findMaterial(db: DbOrTx, sid: string): Promise<AdminMaterialRow | undefined> {
  const [row] = await db.select().from(materials).where(eq(materials.sid, sid)).limit(1);
  return row;
}

/** The row, locked until the end of the transaction: edits of one material never interleave. */
export async function lockMaterial(db: DbOrTx, sid: string): Promise<AdminMaterialRow | undefined> {
  const [row] = await db.select().from(materials).where(eq(materials.sid, sid)).limit(1).for('update');
  return row;
}

export async function insertMaterialRow(db: DbOrTx, values: NewMaterialRow): Promise<AdminMaterialRow> {
  const [row] = await db.insert(materials).values(values).returning();
  return row!;
}

export async function updateMaterialRow(
  db: DbOrTx,
  sid: string,
  values: Partial<NewMaterialRow>,
): Promise<AdminMaterialRow | undefined> {
  const [row] = await db
    .update(materials)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(materials.sid, sid))
    .returning();
  return row;
}

export interface RenditionKeys {
  thumbKey: string;
  thumbSmallKey: string;
  coverKey: string;
  watermarkKey: string;
  previewKey: string | null;
}

/** What the media job learns from the picture besides its files. */
export interface DrawnFacts {
  placeholderColor: string;
  perceptualHash: bigint;
  /** Dominant colours in Lab, largest first (media/colour-palette.ts). */
  palette: PaletteColour[];
  /** The closest other material within the near-duplicate distance, if any. */
  similar: { sid: string; distance: number } | null;
}

/**
 * Stores the new public files of a material (and what was drawn from them: the grid's
 * placeholder colour, the perceptual hash and the near-duplicate it resembles) and makes it
 * ready (visible to buyers once listed, unless disabled).
 */
export async function markMaterialReady(
  db: DbOrTx,
  sid: string,
  keys: RenditionKeys,
  drawn: DrawnFacts,
): Promise<boolean> {
  const rows = await db
    .update(materials)
    .set({
      ...keys,
      placeholderColor: drawn.placeholderColor,
      perceptualHash: drawn.perceptualHash,
      palette: drawn.palette,
      colorCells: paletteCells(drawn.palette),
      similarToSid: drawn.similar?.sid ?? null,
      similarDistance: drawn.similar?.distance ?? null,
      renditionVersion: RENDITION_VERSION,
      status: MaterialStatus.READY,
      updatedAt: sql`now()`,
    })
    .where(eq(materials.sid, sid))
    .returning({ sid: materials.sid });
  return rows.length > 0;
}

/** After the last attempt: a material that never became ready is marked failed; a ready one keeps its files. */
export async function markMaterialFailed(db: DbOrTx, sid: string): Promise<void> {
  await db
    .update(materials)
    .set({ status: MaterialStatus.FAILED, updatedAt: sql`now()` })
    .where(and(eq(materials.sid, sid), eq(materials.status, MaterialStatus.PROCESSING)));
}

/** The material made from the same original bytes (SHA-256, hex), if any. */
export async function findMaterialByContentHash(db: DbOrTx, sha256: string): Promise<{ sid: string } | undefined> {
  const [row] = await db
    .select({ sid: materials.sid })
    .from(materials)
    .where(eq(materials.contentSha256, sha256))
    .limit(1);
  return row;
}
