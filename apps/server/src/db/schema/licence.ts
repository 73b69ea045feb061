import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { orders } from './order.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * What a paid material order grants: one licence per (order, material), owned by the account
 * whose licences they are (the parent for a sub-account), so every account of a company shares
 * them. The sid is the certificate number printed on the licence certificate.
 */
export const licences = pgTable(
  'licences',
  {
    sid: text().primaryKey(),
    certNo: text().notNull(),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    /** The account that placed the order. */
    buyerSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    /** A delivered custom design: licensed to this company alone (spec §9). */
    exclusive: boolean().notNull().default(false),
    downloadCount: integer().notNull().default(0),
    /** Set when an upgrade replaced this licence: the new certificate's number (docs/decisions/0016). */
    supersededByCertNo: text(),
    supersededAt: timestamp({ withTimezone: true }),
    /** Set when the order that paid for the licence was refunded: downloads are refused, verification says revoked. */
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    /**
     * The licensee as it stood when the licence was granted: company name, credit code and
     * address of the owning account, what the certificate and its verification page name, so
     * a later rename does not rewrite a certificate already issued. Null for licences granted
     * before 2026-11-29, which name the company as it is now.
     */
    licenseeCompany: text(),
    licenseeLicense: text(),
    licenseeAddress: text(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('licences_order_material_key').on(t.orderSid, t.materialSid),
    uniqueIndex('licences_cert_no_key').on(t.certNo),
    index('licences_owner_idx').on(t.ownerSid, t.materialSid),
    // 溯源 reads a material's downloaded licences against a copy (docs/decisions/0049).
    index('licences_material_idx').on(t.materialSid, t.createdAt.desc()),
    // The purchased list shows the company's current licences, newest first.
    index('licences_owner_current_created_idx')
      .on(t.ownerSid, t.createdAt.desc(), t.sid.desc())
      .where(sql`${t.supersededByCertNo} IS NULL`),
  ],
);

/**
 * The perceptual hashes of what a licence's marked files are made from besides the original
 * (docs/decisions/0049): a picture's channel cut once made (`cut:<preset>`), and frames of a video
 * sampled when its first marked copy is made (`frame:<ms>`). 溯源 finds the material of a copy of a
 * cut, or of a still grabbed from a video, by these as it finds an original's by
 * materials.perceptual_hash. A new cut of the same preset replaces its row.
 */
export const traceReferenceHashes = pgTable(
  'trace_reference_hashes',
  {
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    source: text().notNull(),
    perceptualHash: bigint({ mode: 'bigint' }).notNull(),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.materialSid, t.source] }),
    // 溯源 reads the hashes alone (an index-only scan), as for the originals'.
    index('trace_reference_hashes_hash_idx').on(t.perceptualHash, t.materialSid, t.source),
  ],
);

/**
 * How far the backfill of channel cuts' hashes has walked the catalogue (by `materials.seq`)
 * (decision 0049): cuts made before their hash was kept (no `cut:<preset>` row above) are read
 * from storage and hashed, the next materials each pass, under an advisory lock. `done` once a
 * pass found nothing after its position; cuts marked since keep their hash when first marked.
 * One row per `version` of what is hashed (TRACE_CUT_HASH_BACKFILL_VERSION).
 */
export const traceCutHashBackfill = pgTable('trace_cut_hash_backfill', {
  version: smallint().primaryKey(),
  afterSeq: bigint({ mode: 'number' }).notNull().default(0),
  done: boolean().notNull().default(false),
  updatedAt: now(),
});

/**
 * The licence types the company `owner` holds of the material `materialSid` names, as an array
 * column of the caller's statement: the licences listOwnedSpecs counts (not superseded by an
 * upgrade, not revoked). `materialSid` must be qualified by its table ("materials"."sid"): in a
 * one-table select Drizzle writes columns bare, and a bare "sid" here would be the licence's own.
 */
export function ownedLicenceSpecsSql(owner: SQL, materialSid: SQL): SQL<number[]> {
  return sql<number[]>`ARRAY(
    SELECT DISTINCT l."spec" FROM ${licences} l
    WHERE l."owner_sid" = ${owner} AND l."material_sid" = ${materialSid}
      AND l."superseded_by_cert_no" IS NULL AND l."revoked_at" IS NULL)`;
}
