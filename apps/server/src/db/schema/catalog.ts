import { type SQL, sql } from 'drizzle-orm';
import { LICENCE_TYPES, licenceSpec, ORIENTATION_RULE } from '@gemstock/contract';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** PostgreSQL's 64-bit transaction id (`xid8`), read and compared as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * What the cheapest licence the material offers costs, as the contract's unitPriceCents reads it
 * (its special price, else its own price, else the licence table), or -1 when it offers none:
 * the console's price order. Computed by PostgreSQL from the price columns, so every writer
 * (edits, bulk edits, the media job that sets the licence types) keeps it right.
 */
const cheapestLicenceCents = sql.raw(
  `coalesce(least(${LICENCE_TYPES.map(
    (type) =>
      `case when ${type} = any("auth_types") then coalesce(("special_prices_cents"->>'${type}')::bigint, ("prices_cents"->>'${type}')::bigint, ${licenceSpec(type).priceCents}) end`,
  ).join(', ')}), -1)`,
);

/** Token of a material's format in `matchTokens`, e.g. `~f:video`. */
export const FORMAT_TOKEN_PREFIX = '~f:';

/**
 * A material's search tokens plus one token each for its format (`~f:video`), its orientation
 * (`~o:portrait`: up to w/h 0.85, `~o:landscape` from 1.15, `~o:square` between; see
 * ORIENTATION_TOLERANCE) and its creation day (`~d:20100`, days since 1970 UTC), one per jewellery facet (FACET_TOKEN_PREFIX)
 * and one per Lab cell of its palette (`~c:7.11.15`, media/colour-palette.ts). One GIN index
 * over this expression answers "keyword AND format AND orientation AND created on one of these
 * days AND one of these metals…" exactly, so a filtered search visits only rows that pass every filter, whatever the
 * planner guesses about how selective each part is. Filter tokens start with `~` and are longer
 * than two characters, so no search word's token can equal one. Queries must use this same
 * expression for PostgreSQL to match the index.
 */
export function matchTokens(t: {
  searchTokens: AnyPgColumn;
  format: AnyPgColumn;
  width: AnyPgColumn;
  height: AnyPgColumn;
  createdAt: AnyPgColumn;
  metal: AnyPgColumn;
  gem: AnyPgColumn;
  piece: AnyPgColumn;
  scene: AnyPgColumn;
  colorCells: AnyPgColumn;
}): SQL {
  return sql`(${t.searchTokens} || ${t.colorCells} || ARRAY[('~f:' || ${t.format}), (CASE WHEN ${orientationSql.portrait(t.width, t.height)} THEN '~o:portrait' WHEN ${orientationSql.landscape(t.width, t.height)} THEN '~o:landscape' ELSE '~o:square' END), ('~d:' || ((${t.createdAt} AT TIME ZONE 'UTC')::date - DATE '1970-01-01')::text), ('~m:' || coalesce(${t.metal}, '')), ('~g:' || coalesce(${t.gem}, '')), ('~p:' || coalesce(${t.piece}, '')), ('~s:' || coalesce(${t.scene}, ''))])`;
}

/**
 * Tokens of the jewellery facets in `matchTokens` (`~m:platinum`, `~g:diamond`, `~p:ring`,
 * `~s:worn`; an unset facet is the bare prefix): a facet filter is one overlap test (`&&`, any
 * of the chosen values) on the same GIN index as the keyword and the other filters.
 */
export const FACET_TOKEN_PREFIX = { metal: '~m:', gem: '~g:', piece: '~p:', scene: '~s:' } as const;

/**
 * The perceptual hash cut into six bands (bits 0–10, 11–21, 22–32, 33–43, 44–53, 54–63). Two
 * hashes at most five bits apart agree on at least one band, so the materials sharing a band
 * with a picture are all its close look-alikes, found through one btree index per band
 * (materials_hash_band<n>_idx, keyed by perceptualHashBand, with the hash and the sid) instead
 * of a scan of every hash (相似素材 and the near-duplicate check, decision 0048).
 */
export const PERCEPTUAL_HASH_BANDS: readonly (readonly [number, number])[] = [
  [0, 11],
  [11, 11],
  [22, 11],
  [33, 11],
  [44, 10],
  [54, 10],
];

/**
 * Band `band` of a hash column in SQL, exactly as materials_hash_band<band>_idx is keyed, so a
 * query comparing it with bandsOfPerceptualHash(hash)[band] reads that index.
 */
export function perceptualHashBand(hash: AnyPgColumn, band: number): SQL {
  const [shift, width] = PERCEPTUAL_HASH_BANDS[band]!;
  return sql`((((${hash} >> ${sql.raw(String(shift))}) & ${sql.raw(String(2 ** width - 1))}))::int)`;
}

/** The bands of a hash as perceptualHashBand computes them in SQL. */
export function bandsOfPerceptualHash(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return PERCEPTUAL_HASH_BANDS.map(([shift, width]) => Number((unsigned >> BigInt(shift)) & BigInt(2 ** width - 1)));
}

/**
 * How many bits two perceptual hashes differ in, in SQL: the near-duplicate check at upload
 * and 相似素材 measure with this one expression.
 */
export function hashDistanceSql(column: AnyPgColumn | SQL, hash: bigint): SQL<number> {
  return sql<number>`bit_count((${column} # ${hash.toString()}::bigint)::bit(64))::int`;
}

const { scale, portraitMax, landscapeMin } = ORIENTATION_RULE;

/**
 * The contract's orientation rule (`ORIENTATION_RULE`) as SQL conditions on a width and a
 * height column; square is what is neither.
 */
export const orientationSql = {
  portrait: (width: AnyPgColumn, height: AnyPgColumn): SQL =>
    sql`${width} * ${sql.raw(String(scale))} <= ${height} * ${sql.raw(String(portraitMax))}`,
  landscape: (width: AnyPgColumn, height: AnyPgColumn): SQL =>
    sql`${width} * ${sql.raw(String(scale))} >= ${height} * ${sql.raw(String(landscapeMin))}`,
};

/** The creation-day token of `matchTokens` for an instant: whole UTC days since 1970. */
export function creationDayToken(at: Date): string {
  return `~d:${Math.floor(at.getTime() / 86_400_000)}`;
}

export const ORIENTATION_TOKENS = {
  PORTRAIT: '~o:portrait',
  LANDSCAPE: '~o:landscape',
  SQUARE: '~o:square',
} as const;

/** Images and videos offered for licensing. Prices are integer cents. */
export const materials = pgTable(
  'materials',
  {
    sid: text().primaryKey(),
    /** Dense sequence for stable random ordering and keyset paging; never exposed. */
    seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    format: text().notNull(),
    /**
     * Jewellery facets (contract facets.ts, decision 0045): a code of FACET_VOCABULARY each, null
     * while not set. Searched through `matchTokens`; counted from the match sets in memory.
     */
    metal: text(),
    gem: text(),
    piece: text(),
    scene: text(),
    keywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Every 1- and 2-character substring of the keywords, so short Chinese terms use an index. */
    searchTokens: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    width: integer().notNull(),
    height: integer().notNull(),
    durationMs: integer(),
    aspectRatio: text(),
    resolution: text(),
    /** Licence types this material qualifies for, best first. */
    authTypes: smallint().array().notNull(),
    originalKey: text().notNull(),
    originalMime: text().notNull(),
    originalBytes: bigint({ mode: 'number' }).notNull(),
    thumbKey: text(),
    /** The 240 px grid thumbnail; null for materials rendered before it existed. */
    thumbSmallKey: text(),
    /** Dominant colour of the picture, `#rrggbb`: the grid tile's background while it loads. */
    placeholderColor: text(),
    /**
     * Up to four dominant colours in Lab with their shares, largest first (media/colour-palette.ts);
     * null until the media job has drawn the thumbnail under RENDITION_VERSION 5.
     */
    palette: jsonb().$type<{ l: number; a: number; b: number; share: number }[]>(),
    /** The Lab cells of the palette (`~c:7.11.15`): searched through `matchTokens`. */
    colorCells: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverKey: text(),
    watermarkKey: text(),
    previewKey: text(),
    /**
     * Which rules made the public files (see RENDITION_VERSION in media/renditions.ts); older
     * ones are made again by a media job.
     */
    renditionVersion: smallint().notNull().default(1),
    status: text().notNull().default('ready'),
    likeCount: integer().notNull().default(0),
    /**
     * Licences sold of this material by paid orders, less those a refund revoked (an upgrade is a
     * sale too): the console's sales order. The transaction that grants or revokes them writes a
     * move (materialSalesMoves); the moves are added here within seconds, once each.
     */
    salesCount: integer().notNull().default(0),
    /** See cheapestLicenceCents. */
    priceSortCents: bigint({ mode: 'number' }).generatedAlwaysAs(cheapestLicenceCents),
    disabled: boolean().notNull().default(false),
    featured: boolean().notNull().default(false),
    freeFrom: timestamp({ withTimezone: true }),
    freeUntil: timestamp({ withTimezone: true }),
    /** Per-licence-type prices in cents, e.g. {"1": 39800}; absent types use the licence table. */
    pricesCents: jsonb().$type<Record<string, number>>().notNull().default({}),
    specialPricesCents: jsonb().$type<Record<string, number>>().notNull().default({}),
    customPriceCents: bigint({ mode: 'number' }),
    remark: text(),
    /**
     * Counts operators' edits. An edit names the version its form was loaded at, so a second tab
     * saving over the first is refused instead of silently reverting it; the media pipeline's
     * writes (which move updated_at) do not count.
     */
    editVersion: integer().notNull().default(0),
    /**
     * Review before sale (contract MaterialReviewMachine): pending (待审核) until an operator lists
     * it (listed, 已上架) or rejects it with a reason (rejected, 已驳回). Buyers see only listed
     * materials (buyerVisibleSql). New rows are pending; the migration made every material that
     * existed before review listed.
     */
    reviewState: text().notNull().default('pending'),
    /** Why it was rejected (shown in the console and the upload batch). */
    reviewReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    /** The operator who listed or rejected it. */
    reviewedBy: text(),
    /** SHA-256 of the original's bytes (hex): the same file is refused at upload. Null for materials made before. */
    contentSha256: text(),
    /**
     * 64-bit perceptual hash (DCT pHash of the thumbnail; a video's poster frame) as a signed
     * bigint, for near-duplicates: two pictures whose hashes differ in few bits look alike.
     * Null until the media job has drawn the thumbnail.
     */
    perceptualHash: bigint({ mode: 'bigint' }),
    /** The closest older material within NEAR_DUPLICATE_MAX_DISTANCE bits, found by the media job: 疑似重复. */
    similarToSid: text(),
    similarDistance: smallint(),
    createdAt: now(),
    updatedAt: now(),
    /**
     * A fixed pseudo-random position of the material on a ring. A random order with seed s walks
     * the ring from s (see catalog.repository.ts), so it is stable while paging and can use an
     * index instead of sorting every match.
     */
    shuffleKey: integer().generatedAlwaysAs(sql`hashint8("seq")`),
    /**
     * The id of the transaction that last inserted or updated the row (`pg_current_xact_id()`),
     * written by the trigger `materials_written_xid` on every insert and update, whatever the
     * writer. The search index held by each server reads the rows written since the oldest
     * transaction still running at its last read (docs/decisions/0053).
     */
    writtenXid: xid8(),
  },
  (t) => [
    index('materials_keywords_gin').using('gin', t.keywords),
    index('materials_match_day_tokens_gin').using('gin', matchTokens(t)),
    // The operator console's material search tests search_tokens directly.
    index('materials_search_tokens_gin').using('gin', t.searchTokens),
    // The sequence breaks ties so that keyset paging never skips or repeats a material.
    index('materials_created_idx').on(t.createdAt.desc(), t.seq.desc()),
    index('materials_likes_idx').on(t.likeCount.desc(), t.seq.desc()),
    index('materials_sales_idx').on(t.salesCount.desc(), t.seq.desc()),
    // cheapest first reads it forwards, dearest first backwards
    index('materials_price_idx').on(t.priceSortCents, t.seq),
    index('materials_shuffle_idx').on(t.shuffleKey, t.seq),
    index('materials_seq_idx').on(t.seq),
    index('materials_written_xid_idx').on(t.writtenXid),
    // Each start looks for materials drawn under an older RENDITION_VERSION: almost none, found
    // through this index instead of a scan of the whole catalogue.
    index('materials_rendition_version_idx')
      .on(t.renditionVersion)
      .where(sql`${t.status} = 'ready'`),
    index('materials_free_idx')
      .on(t.freeFrom.desc(), t.seq.desc())
      .where(sql`${t.freeUntil} IS NOT NULL`),
    // One material per original file: a second upload of the same bytes is refused (a race of
    // two ends here too).
    uniqueIndex('materials_content_sha256_key').on(t.contentSha256),
    // The review queue (待审核, 已驳回), newest first by (created_at, sid) keyset: a small part of
    // the catalogue, so a partial index.
    index('materials_review_queue_idx')
      .on(t.reviewState, t.createdAt.desc(), t.sid.desc())
      .where(sql`${t.reviewState} <> 'listed'`),
    // Near-duplicate look-ups read only this (an index-only scan over 8-byte hashes), not the rows.
    index('materials_perceptual_hash_idx')
      .on(t.perceptualHash, t.sid)
      .where(sql`${t.perceptualHash} IS NOT NULL`),
    // 相似素材 and the near-duplicate check: the look-alikes of a picture are the materials
    // sharing a band of its hash, one btree per band holding the hash and the sid, so a band's
    // few hundred sharers are read from neighbouring index entries without visiting a row.
    ...PERCEPTUAL_HASH_BANDS.map((_, band) =>
      index(`materials_hash_band${band}_idx`)
        .on(perceptualHashBand(t.perceptualHash, band), t.perceptualHash, t.sid)
        .where(sql`${t.perceptualHash} IS NOT NULL`),
    ),
    // The few materials taken off sale: a buyer's likes leave them out by probing this small index
    // instead of reading each liked material's row.
    index('materials_disabled_idx')
      .on(t.sid)
      .where(sql`${t.disabled}`),
    index('materials_featured_video_idx')
      .on(t.createdAt.desc(), t.seq.desc())
      .where(sql`${t.featured} AND ${t.format} = 'video'`),
    // The console's list filtered by status or format, newest first: each filter walks its own
    // index in the list's order instead of reading the whole newest-first index to find a few.
    index('materials_status_created_idx').on(t.status, t.createdAt.desc(), t.seq.desc()),
    index('materials_format_created_idx').on(t.format, t.createdAt.desc(), t.seq.desc()),
    // Featured and taken-off-sale materials are few: small partial indexes in the list's order.
    index('materials_featured_created_idx')
      .on(t.createdAt.desc(), t.seq.desc())
      .where(sql`${t.featured}`),
    index('materials_disabled_created_idx')
      .on(t.createdAt.desc(), t.seq.desc())
      .where(sql`${t.disabled}`),
  ],
);

/**
 * A bulk edit of materials (素材管理's 批量操作), applied by a background job in chunks so an edit
 * of a million rows neither holds one transaction for minutes nor dies with the request. Claimed
 * like media jobs (`FOR UPDATE SKIP LOCKED`, a stale lock taken over, `attempts` the fencing
 * token), so any number of servers share the table and a chunk is applied once.
 */
/**
 * Sales of materials not yet added to `materials.sales_count`: one row per licence granted (+1)
 * or revoked (-1), written by the paying or refunding transaction, deleted by the pass that adds
 * it to the count (foldMaterialSales) in the same statement, so each move counts exactly once.
 * A sale writes this small table instead of the material's row (28 indexes, written non-HOT, and
 * read again by every server's search index) under the payment's locks; it holds only the moves
 * of the last seconds and is never read per request.
 */
export const materialSalesMoves = pgTable('material_sales_moves', {
  id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  materialSid: text().notNull(),
  delta: integer().notNull(),
});

export const materialBulkJobs = pgTable(
  'material_bulk_jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sid: text().notNull().unique(),
    operatorSid: text().notNull(),
    /** The change (contract TBulkChange), validated whole before the job was created. */
    change: jsonb().$type<Record<string, unknown>>().notNull(),
    /** How the materials were chosen: the sids picked, or the list filter frozen at the start. */
    selection: jsonb().$type<Record<string, unknown>>().notNull(),
    /**
     * The console's key of the confirmation that started it: the same request again answers this
     * job rather than starting a second. Null for the jobs started before keys were asked.
     */
    idempotencyKey: text(),
    /** queued → running → done, or failed; see MaterialBulkJobMachine. */
    status: text().notNull().default('queued'),
    /** Materials chosen when the job started (its frozen item list). */
    total: integer().notNull(),
    processed: integer().notNull().default(0),
    /** Items are applied in seq order; the last seq applied (0 before the first chunk). */
    lastSeq: bigint({ mode: 'number' }).notNull().default(0),
    attempts: integer().notNull().default(0),
    lockedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('material_bulk_jobs_due_idx')
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('material_bulk_jobs_created_idx').on(t.createdAt.desc(), t.id.desc()),
    uniqueIndex('material_bulk_jobs_idempotency_key').on(t.idempotencyKey),
  ],
);

/**
 * The materials a bulk job applies to, by seq, written when it starts: "all N matching this
 * search" means the rows matching then, not those that match when the job reaches them.
 * Deleted when the job ends.
 */
export const materialBulkJobItems = pgTable(
  'material_bulk_job_items',
  {
    jobId: bigint({ mode: 'number' })
      .notNull()
      .references(() => materialBulkJobs.id, { onDelete: 'cascade' }),
    materialSeq: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.materialSeq] })],
);

/**
 * A material that review put on sale and whose public files are made: what the modules that sell
 * and license materials may find by sid. `disabled` (下架) is left to them: a buyer who owns a
 * withdrawn material still downloads it.
 */
export function offeredForSaleSql(): SQL {
  return sql`(${materials.status} = 'ready' AND ${materials.reviewState} = 'listed')`;
}

/**
 * What buyers may see of a material: offered for sale (processed and listed by review) and not
 * withdrawn (disabled). Every buyer query of the catalogue uses this one condition, so a material
 * waiting for review is found by no search, sid or list.
 */
export function buyerVisibleSql(): SQL {
  return sql`(${materials.disabled} = false AND ${offeredForSaleSql()})`;
}

export const materialLikes = pgTable(
  'material_likes',
  {
    userSid: text()
      .notNull()
      .references(() => users.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.userSid, t.materialSid] }),
    index('material_likes_material_idx').on(t.materialSid),
    // A buyer's likes page in its whole order (newest like first, material breaking ties): a page
    // and the capped count walk it and look each material up by its key for `disabled`.
    index('material_likes_user_created_idx').on(t.userSid, t.createdAt.desc(), t.materialSid.desc()),
  ],
);

/**
 * Curated keywords (kind 'curated'), operator-pinned hot keywords (kind 'pinned') and terms the
 * operator never wants shown as hot (kind 'blocked').
 */
export const keywords = pgTable(
  'keywords',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    keyword: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: now(),
  },
  (t) => [index('keywords_kind_idx').on(t.kind, t.position)],
);

export const downloads = pgTable(
  'downloads',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    orderSid: text(),
    kind: text().notNull(),
    /** The channel cut downloaded instead of the original (contract ChannelPreset); null: the original. */
    preset: text(),
    createdAt: now(),
  },
  (t) => [
    index('downloads_user_idx').on(t.userSid, t.materialSid),
    // A traced licence's downloads, newest first (溯源, docs/decisions/0049).
    index('downloads_order_material_idx').on(t.orderSid, t.materialSid, t.createdAt.desc()),
    // The retention job deletes the oldest records.
    index('downloads_created_idx').on(t.createdAt),
  ],
);
