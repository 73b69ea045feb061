import { sql } from 'drizzle-orm';
import { bigint, boolean, pgTable, real, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * 相似素材 of each material, computed once (by the media job when its hash and palette are
 * drawn, or by the backfill) instead of per request (decision 0048, 2026-11-28): the sids
 * closest first with their scores (hash bits, similar-pieces.ts). One row per material, kept
 * out of `materials` so that writing lists never rewrites the wide catalogue rows nor touches
 * their indexes. No row: not computed yet (the request then reads a capped candidate set).
 * Listed materials are not kept in step with sales: the read leaves out those off sale.
 */
export const materialSimilarLists = pgTable('material_similar_lists', {
  materialSid: text()
    .primaryKey()
    .references(() => materials.sid, { onDelete: 'cascade' }),
  /** SIMILAR_LIST_VERSION the list was ranked under; an older one is ranked again by the backfill. */
  version: smallint().notNull(),
  similarSids: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Each sid's score, in the same order (ascending: closest first). */
  scores: real()
    .array()
    .notNull()
    .default(sql`'{}'::real[]`),
  computedAt: now(),
});

/**
 * How far the backfill of material_similar_lists has walked the catalogue (by `materials.seq`)
 * for a list version: each pass goes on after `after_seq`, under an advisory lock, so servers
 * never rank the same materials twice and a new version starts again from the beginning.
 */
export const materialSimilarBackfill = pgTable('material_similar_backfill', {
  version: smallint().primaryKey(),
  afterSeq: bigint({ mode: 'number' }).notNull().default(0),
  updatedAt: now(),
});

/**
 * How far the backfill of palettes has walked the catalogue (by `materials.seq`) for a palette
 * version (media/colour-palette.ts PALETTE_VERSION): each pass draws the palettes of the next
 * materials again from their thumbnails, under an advisory lock, and goes on after `after_seq`.
 * `done` once a pass found nothing after its position; materials made since have their palette
 * drawn by the media job under the current rules.
 */
export const materialPaletteBackfill = pgTable('material_palette_backfill', {
  version: smallint().primaryKey(),
  afterSeq: bigint({ mode: 'number' }).notNull().default(0),
  done: boolean().notNull().default(false),
  updatedAt: now(),
});
