import { type Facet, FACETS, Orientation, SortOption } from '@gemstock/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  buyerVisibleSql,
  creationDayToken,
  FACET_TOKEN_PREFIX,
  FORMAT_TOKEN_PREFIX,
  matchTokens,
  materials,
  ORIENTATION_TOKENS,
  orientationSql,
  searchLogs,
} from '../../db/schema/index.js';
import { rowsOf, textArray } from '../../db/sql.js';
import { comparedPaletteValue } from '../../media/colour-palette.js';
import type { SearchLogEntry } from './search-log.writer.js';
import { periodStart, type SearchFilter } from './search-query.js';

/** The sort keys of one match: enough to order, page and continue a result set. */
export interface MatchKeys {
  seq: number;
  /** Creation time in microseconds since the epoch, exact (a Date would drop the microseconds). */
  createdUs: number;
  likeCount: number;
  shuffleKey: number;
}

/** Where the next chunk of an ordered result set starts: after this match. */
export type MatchCursor =
  | { sort: typeof SortOption.NEWEST; after: MatchKeys | null }
  | { sort: typeof SortOption.MOST_LIKED; after: MatchKeys | null }
  | { sort: typeof SortOption.RANDOM; ringStart: number; lap: 0 | 1; after: MatchKeys | null };

const MATCH_KEY_COLUMNS = {
  seq: materials.seq,
  createdUs: sql<number>`(extract(epoch from ${materials.createdAt}) * 1000000)::float8`,
  likeCount: materials.likeCount,
  shuffleKey: sql<number>`${materials.shuffleKey}`,
};

/** A microsecond timestamp back to timestamptz exactly (integer interval arithmetic, no float seconds). */
function timestampFromUs(us: number): SQL {
  return sql`(timestamptz 'epoch' + ${us}::float8 * interval '1 microsecond')`;
}

/** The contract's orientation rule on the materials table; square is neither of the others. */
function orientationCondition(orientation: Orientation): SQL {
  const portrait = orientationSql.portrait(materials.width, materials.height);
  const landscape = orientationSql.landscape(materials.width, materials.height);
  switch (orientation) {
    case Orientation.PORTRAIT:
      return portrait;
    case Orientation.LANDSCAPE:
      return landscape;
    case Orientation.SQUARE:
      return sql`(NOT (${portrait}) AND NOT (${landscape}))`;
  }
}

const FORMAT_TOKEN = (format: string) => `${FORMAT_TOKEN_PREFIX}${format}`;

/**
 * Conditions of a search. Every word must occur inside one of the keywords: the token test is
 * exact for words of one or two characters and narrows longer words to materials holding all
 * their bigrams, which are then confirmed against the keywords themselves (normalized the way
 * search-tokens.ts normalizes).
 *
 * Two shapes of the same conditions. `indexed`: tokens, format and orientation in one
 * containment test on the `matchTokens` expression, which its GIN index answers exactly, for
 * queries that collect every match (the probe). `walk`: cheap per-row tests on the columns,
 * for queries that walk a sort index and test rows as they come.
 */
function searchConditions(filter: SearchFilter, now: Date, shape: 'indexed' | 'walk'): SQL[] {
  // Materials still being processed (or failed) have no previews yet, and those review has not
  // listed are not for sale: buyers never see either.
  const conditions: SQL[] = [buyerVisibleSql()];
  if (shape === 'indexed') {
    const tokens = [...filter.tokens];
    if (filter.format) tokens.push(FORMAT_TOKEN(filter.format));
    if (filter.orientation) tokens.push(ORIENTATION_TOKENS[filter.orientation]);
    if (tokens.length > 0) conditions.push(sql`${matchTokens(materials)} @> ${textArray(tokens)}`);
    if (filter.period) {
      // Candidates created on any day of the period (a day either side for safety); the exact
      // instant is checked below.
      const days: string[] = [];
      const DAY_MS = 86_400_000;
      for (let t = periodStart(filter.period, now).getTime() - DAY_MS; t <= now.getTime() + DAY_MS; t += DAY_MS) {
        days.push(creationDayToken(new Date(t)));
      }
      conditions.push(sql`${matchTokens(materials)} && ${textArray(days)}`);
    }
    for (const facet of FACETS) {
      const values = filter.facets[facet];
      if (values.length > 0) {
        const tokens = values.map((v) => `${FACET_TOKEN_PREFIX[facet]}${v}`);
        conditions.push(sql`${matchTokens(materials)} && ${textArray(tokens)}`);
      }
    }
    if (filter.color) conditions.push(sql`${matchTokens(materials)} && ${textArray(filter.color.cells)}`);
  } else {
    if (filter.tokens.length > 0) conditions.push(sql`${materials.searchTokens} @> ${textArray(filter.tokens)}`);
    if (filter.format) conditions.push(eq(materials.format, filter.format));
    if (filter.orientation) conditions.push(orientationCondition(filter.orientation));
    for (const facet of FACETS) {
      const values = filter.facets[facet];
      if (values.length > 0) conditions.push(inArray(materials[facet], values));
    }
    if (filter.color) conditions.push(sql`${materials.colorCells} && ${textArray(filter.color.cells)}`);
  }
  for (const word of filter.longWords) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM unnest(${materials.keywords}) AS k(keyword) WHERE strpos(lower(normalize(k.keyword, NFKC)), ${word}) > 0)`,
    );
  }
  if (filter.period) conditions.push(sql`${materials.createdAt} >= ${periodStart(filter.period, now)}`);
  return conditions;
}

/** One row of the statistics sample: what a search condition reads. */
export interface SampleRow {
  /** Its place on the shuffle ring, where the next chunk of the sample starts. */
  shuffleKey: number;
  seq: number;
  searchTokens: string[];
  keywords: string[];
  format: string;
  width: number;
  height: number;
  disabled: boolean;
  /** What buyerVisibleSql says of the row: on sale (listed, processed, not disabled). */
  visible: boolean;
  createdAt: Date;
  metal: string | null;
  gem: string | null;
  piece: string | null;
  scene: string | null;
  colorCells: string[];
}

/**
 * The first `size` materials along the shuffle ring after `after` (from the start when null).
 * The ring is a hash order, so this is a uniform random sample of the catalogue, and always the
 * same rows (they stay cached); read in chunks, it never holds the event loop for long.
 */
export async function listRingSample(
  db: DbOrTx,
  size: number,
  after: { shuffleKey: number; seq: number } | null = null,
): Promise<SampleRow[]> {
  return db
    .select({
      shuffleKey: sql<number>`${materials.shuffleKey}`,
      seq: materials.seq,
      searchTokens: materials.searchTokens,
      keywords: materials.keywords,
      format: materials.format,
      width: materials.width,
      height: materials.height,
      disabled: materials.disabled,
      visible: sql<boolean>`${buyerVisibleSql()}`,
      createdAt: materials.createdAt,
      metal: materials.metal,
      gem: materials.gem,
      piece: materials.piece,
      scene: materials.scene,
      colorCells: materials.colorCells,
    })
    .from(materials)
    .where(after ? sql`(${materials.shuffleKey}, ${materials.seq}) > (${after.shuffleKey}, ${after.seq})` : undefined)
    .orderBy(materials.shuffleKey, materials.seq)
    .limit(size);
}

/** The table's row count as of its last ANALYZE (no scan); null when it was never analysed. */
export async function estimateMaterialRows(db: DbOrTx): Promise<number | null> {
  const result = await db.execute(sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'materials'::regclass`);
  const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? -1);
  return n >= 0 ? n : null;
}

/** Every keyword buyers can find a material by (once each, as stored). */
export async function listDistinctKeywords(db: DbOrTx): Promise<string[]> {
  const result = await db.execute(
    sql`SELECT DISTINCT k.keyword FROM ${materials}, unnest(${materials.keywords}) AS k(keyword)
        WHERE ${buyerVisibleSql()}`,
  );
  return rowsOf<{ keyword: string }>(result).map((r) => r.keyword);
}

/** A match's facet codes (null: not set), read with its sort keys so a match set can count them. */
export type MatchFacets = Record<Facet, string | null>;

export interface MatchProbe {
  /** Matches counted up to cap + 1. */
  count: number;
  /** Every match's sort keys when there are at most `cap`; null when there are more. */
  matches: (MatchKeys & { facets: MatchFacets })[] | null;
}

/**
 * Counts the matches of a filter up to `cap + 1` and, when there are at most `cap`, returns all
 * their sort keys in the same pass, so a small result set costs one query for every sort and
 * page. Never counts past the cap: a million-row match stops at cap + 1.
 */
export async function probeMatches(db: DbOrTx, filter: SearchFilter, now: Date, cap: number): Promise<MatchProbe> {
  const where = and(...searchConditions(filter, now, 'indexed'));
  // A probe may visit thousands of rows, which can push its estimated cost past jit_above_cost;
  // compiling the plan would then cost more than running it.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    return tx.execute(sql`
    WITH m AS MATERIALIZED (
      SELECT ${materials.seq}::float8 AS seq,
             (extract(epoch from ${materials.createdAt}) * 1000000)::float8 AS created_us,
             ${materials.likeCount} AS like_count,
             ${materials.shuffleKey} AS shuffle_key,
             ${materials.metal} AS metal, ${materials.gem} AS gem,
             ${materials.piece} AS piece, ${materials.scene} AS scene
      FROM ${materials} WHERE ${where} LIMIT ${cap + 1}
    ), c AS (SELECT count(*)::int AS n FROM m)
    SELECT c.n, m.seq, m.created_us, m.like_count, m.shuffle_key, m.metal, m.gem, m.piece, m.scene
    FROM c LEFT JOIN m ON c.n <= ${cap}`);
  });
  const rows = rowsOf<{
    n: number;
    seq: number | null;
    created_us: number | null;
    like_count: number | null;
    shuffle_key: number | null;
    metal: string | null;
    gem: string | null;
    piece: string | null;
    scene: string | null;
  }>(result);
  const count = Number(rows[0]?.n ?? 0);
  if (count > cap) return { count, matches: null };
  const matches: (MatchKeys & { facets: MatchFacets })[] = [];
  for (const r of rows) {
    if (r.seq === null) continue;
    matches.push({
      seq: Number(r.seq),
      createdUs: Number(r.created_us),
      likeCount: Number(r.like_count),
      shuffleKey: Number(r.shuffle_key),
      facets: { metal: r.metal, gem: r.gem, piece: r.piece, scene: r.scene },
    });
  }
  return { count, matches };
}

/**
 * The next `limit` matches in sort order after the cursor: a keyset walk down the sort's index
 * (created, likes or shuffle ring), so a chunk costs about limit ÷ selectivity index entries no
 * matter how deep it is. A random order walks the ring from its start to the top (lap 0), then
 * from the bottom up to its start (lap 1).
 */
export async function listMatchKeys(
  db: DbOrTx,
  filter: SearchFilter,
  now: Date,
  cursor: MatchCursor,
  limit: number,
): Promise<MatchKeys[]> {
  const conditions = searchConditions(filter, now, 'walk');
  let orderBy: SQL;
  const after = cursor.after;
  switch (cursor.sort) {
    case SortOption.NEWEST:
      orderBy = sql`${materials.createdAt} desc nulls last, ${materials.seq} desc nulls last`;
      if (after) {
        conditions.push(
          sql`(${materials.createdAt}, ${materials.seq}) < (${timestampFromUs(after.createdUs)}, ${after.seq})`,
        );
      }
      break;
    case SortOption.MOST_LIKED:
      orderBy = sql`${materials.likeCount} desc nulls last, ${materials.seq} desc nulls last`;
      if (after) conditions.push(sql`(${materials.likeCount}, ${materials.seq}) < (${after.likeCount}, ${after.seq})`);
      break;
    case SortOption.RANDOM:
      orderBy = sql`${materials.shuffleKey} asc, ${materials.seq} asc`;
      conditions.push(
        cursor.lap === 0
          ? sql`${materials.shuffleKey} >= ${cursor.ringStart}`
          : sql`${materials.shuffleKey} < ${cursor.ringStart}`,
      );
      if (after)
        conditions.push(sql`(${materials.shuffleKey}, ${materials.seq}) > (${after.shuffleKey}, ${after.seq})`);
      break;
  }
  // Only large result sets (more than MAX_RESULT_WINDOW matches, so at least one row in a
  // hundred of a million-row catalogue) are walked, which bounds a walk to about a hundred rows
  // per match. The planner cannot know that: it multiplies the frequencies of correlated tokens
  // (钻石 × 石项 × 项链) into a tiny estimate and would rather collect and sort every candidate.
  const rows = await db.transaction(async (tx) => {
    // Forcing the plan makes its estimated cost huge, which would also trigger JIT compilation.
    await tx.execute(
      sql`SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
                 set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`,
    );
    return tx
      .select(MATCH_KEY_COLUMNS)
      .from(materials)
      .where(and(...conditions))
      .orderBy(orderBy)
      .limit(limit);
  });
  return rows.map((r) => ({
    seq: Number(r.seq),
    createdUs: Number(r.createdUs),
    likeCount: r.likeCount,
    shuffleKey: Number(r.shuffleKey),
  }));
}

export async function insertSearchLogs(db: DbOrTx, entries: SearchLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(searchLogs).values(entries);
}

/** The palettes of materials by sequence number (a page's), to rank it by closeness to a colour, as compared (comparedPaletteValue). */
export async function findPalettesBySeq(
  db: DbOrTx,
  seqs: number[],
): Promise<Map<number, { l: number; a: number; b: number; share: number }[]>> {
  if (seqs.length === 0) return new Map();
  const rows = await db
    .select({ seq: materials.seq, palette: materials.palette })
    .from(materials)
    .where(inArray(materials.seq, seqs));
  return new Map(
    rows.map((r) => [
      Number(r.seq),
      (r.palette ?? []).map((c) => ({
        l: comparedPaletteValue(c.l),
        a: comparedPaletteValue(c.a),
        b: comparedPaletteValue(c.b),
        share: c.share,
      })),
    ]),
  );
}
