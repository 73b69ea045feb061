import { chinaDateOf } from '@gemstock/contract';
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, isNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { downloads, licences, materialSalesMoves, materials, orders, users } from '../../db/schema/index.js';
import type { MaterialRow } from '../catalog/index.js';
import { preparedIn, preparedSqlIn, rowsOf } from '../../db/sql.js';
import { newSid } from '../../lib/ids.js';
import { afterPosition, COUNT_LIMIT, type ListPosition, positionAt } from '../../lib/list-cursor.js';

export type LicenceRow = typeof licences.$inferSelect;

const CERT_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * "GS-20260121-7KQ2M9XA": readable on paper (no 0/O, 1/I), unguessable (8 characters drawn
 * uniformly from 32 symbols: 40 bits).
 */
export function newCertNo(at: Date, draw: (max: number) => number = randomInt): string {
  let random = '';
  for (let i = 0; i < 8; i += 1) random += CERT_ALPHABET[draw(CERT_ALPHABET.length)];
  return `GS-${chinaDateOf(at).replaceAll('-', '')}-${random}`;
}

/** Attempts at a fresh certificate number before giving up; one collision is already 2⁻⁴⁰-rare. */
const CERT_NO_ATTEMPTS = 5;

/**
 * One licence per paid (order, material); a repeat for the same order inserts nothing. A
 * certificate number that happens to be taken already is drawn again: the insert skips any
 * conflicting row (so the payment's transaction is never aborted by it), and the items neither
 * inserted nor already licensed for this order are retried with new numbers. Each licence
 * inserted is counted as a sale of its material. Answers the materials licensed by this call
 * (none for a repeat).
 */
export async function grantLicences(
  tx: DbOrTx,
  input: {
    ownerSid: string;
    buyerSid: string;
    orderSid: string;
    grantedAt: Date;
    items: { materialSid: string; spec: number; exclusive?: boolean }[];
  },
  newCertNumber: (at: Date) => string = newCertNo,
): Promise<string[]> {
  let pending = input.items;
  const granted: string[] = [];
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt === CERT_NO_ATTEMPTS) throw new Error('could not draw a free certificate number');
    // Every paid material order: prepared once, one shape for any number of items (arrays).
    // The licensee is read from the owner's row in the same statement.
    // Each licence inserted is also a sale of its material (a +1 move, catalogue's
    // material-sales.repository.ts), recorded by the same statement: a repeat grants and counts nothing.
    const result = await preparedSqlIn(
      tx,
      'licences_grant_and_count_sales',
      () => sql`
        WITH granted AS (
          INSERT INTO ${licences} ("sid", "cert_no", "owner_sid", "buyer_sid", "order_sid", "material_sid", "spec",
            "exclusive", "licensee_company", "licensee_license", "licensee_address", "created_at")
          SELECT g."sid", g."cert_no", ${sql.placeholder('owner')}::text, ${sql.placeholder('buyer')}::text,
            ${sql.placeholder('order')}::text, g."material_sid", g."spec", g."exclusive",
            o."company", o."company_license", o."company_address", ${sql.placeholder('at')}::timestamptz
          FROM unnest(${sql.placeholder('sids')}::text[], ${sql.placeholder('certs')}::text[],
            ${sql.placeholder('materials')}::text[], ${sql.placeholder('specs')}::smallint[],
            ${sql.placeholder('exclusive')}::boolean[]) AS g("sid", "cert_no", "material_sid", "spec", "exclusive")
          LEFT JOIN ${users} o ON o."sid" = ${sql.placeholder('owner')}::text
          ON CONFLICT DO NOTHING
          RETURNING "material_sid"
        ), sold AS (
          INSERT INTO ${materialSalesMoves} ("material_sid", "delta") SELECT "material_sid", 1 FROM granted
        )
        SELECT "material_sid" FROM granted`,
    ).execute({
      owner: input.ownerSid,
      buyer: input.buyerSid,
      order: input.orderSid,
      at: input.grantedAt.toISOString(),
      sids: pending.map(() => newSid()),
      certs: pending.map(() => newCertNumber(input.grantedAt)),
      materials: pending.map((item) => item.materialSid),
      specs: pending.map((item) => item.spec),
      exclusive: pending.map((item) => item.exclusive ?? false),
    });
    const inserted = rowsOf<{ material_sid: string }>(result).map((r) => ({ materialSid: r.material_sid }));
    granted.push(...inserted.map((l) => l.materialSid));
    // Every one inserted (the usual case): nothing was skipped, nothing to look up or retry.
    if (inserted.length === pending.length) break;
    const licensed = await tx
      .select({ materialSid: licences.materialSid })
      .from(licences)
      .where(eq(licences.orderSid, input.orderSid));
    const done = new Set(licensed.map((l) => l.materialSid));
    pending = pending.filter((item) => !done.has(item.materialSid));
  }
  return granted;
}

export async function findLicenceByOrderMaterial(
  db: DbOrTx,
  orderSid: string,
  materialSid: string,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .select()
    .from(licences)
    .where(and(eq(licences.orderSid, orderSid), eq(licences.materialSid, materialSid)))
    .limit(1);
  return row;
}

export async function findLicenceByCertNo(db: DbOrTx, certNo: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.certNo, certNo)).limit(1);
  return row;
}

/** The owner's most recent licence for a material (the best one when bought more than once). */
export async function findOwnerLicenceForMaterial(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.ownerSid, ownerSid),
        eq(licences.materialSid, materialSid),
        isNull(licences.supersededByCertNo),
        isNull(licences.revokedAt),
      ),
    )
    .orderBy(sql`${licences.spec} asc, ${licences.createdAt} desc`)
    .limit(1);
  return row;
}

/** The licence types an owner holds (not superseded by an upgrade) for these materials, with the latest purchase of each. */
export async function listOwnedSpecs(
  db: DbOrTx,
  ownerSid: string,
  materialSids: readonly string[],
): Promise<{ materialSid: string; spec: number; boughtAt: Date }[]> {
  if (materialSids.length === 0) return [];
  // Every placement and payment asks this (and each material page): prepared once.
  const rows = await preparedIn(db, 'licences_owned_specs', (name) =>
    db
      .select({ materialSid: licences.materialSid, spec: licences.spec, boughtAt: max(licences.createdAt) })
      .from(licences)
      .where(
        and(
          eq(licences.ownerSid, sql.placeholder('owner')),
          sql`${licences.materialSid} = ANY(${sql.placeholder('sids')}::text[])`,
          isNull(licences.supersededByCertNo),
          isNull(licences.revokedAt),
        ),
      )
      .groupBy(licences.materialSid, licences.spec)
      .prepare(name),
  ).execute({ owner: ownerSid, sids: [...materialSids] });
  return rows.map((r) => ({ materialSid: r.materialSid, spec: r.spec, boughtAt: new Date(r.boughtAt!) }));
}

export async function listOrderLicences(db: DbOrTx, orderSid: string): Promise<LicenceRow[]> {
  return db.select().from(licences).where(eq(licences.orderSid, orderSid)).orderBy(licences.materialSid);
}

/** Counts one download on the licence and on the downloading account. */
export async function countLicenceDownload(tx: DbOrTx, licenceSid: string, userSid: string): Promise<void> {
  await tx
    .update(licences)
    .set({ downloadCount: sql`${licences.downloadCount} + 1` })
    .where(eq(licences.sid, licenceSid));
  await tx
    .update(users)
    .set({ downloadCount: sql`${users.downloadCount} + 1` })
    .where(eq(users.sid, userSid));
}

export interface OwnedLicence {
  licence: LicenceRow;
  material: MaterialRow;
  orderNo: string;
}

/**
 * The owner's current licences (of materials that exist; an upgraded one is replaced by its successor) with their order numbers, newest first
 * (GET /api/user/material); the service adds the materials through the catalogue.
 */
export function listOwnedLicencesQuery(
  db: DbOrTx,
  ownerSid: string,
  page: { offset: number; limit: number; after?: ListPosition | undefined },
) {
  return (
    db
      .select({ licence: getTableColumns(licences), orderNo: orders.orderNo, position: positionAt(licences.createdAt) })
      .from(licences)
      .innerJoin(materials, eq(materials.sid, licences.materialSid))
      .innerJoin(orders, eq(orders.sid, licences.orderSid))
      .where(
        and(
          eq(licences.ownerSid, ownerSid),
          isNull(licences.supersededByCertNo),
          isNull(licences.revokedAt),
          page.after ? afterPosition(licences.createdAt, licences.sid, page.after) : undefined,
        ),
      )
      // NULLS LAST as licences_owner_current_created_idx is built, so a page is read from it unsorted.
      .orderBy(sql`${licences.createdAt} desc nulls last, ${licences.sid} desc nulls last`)
      .limit(page.limit)
      .offset(page.after ? 0 : page.offset)
  );
}

/** A page of listOwnedLicencesQuery, each row with its position for the next page's cursor. */
export async function listOwnedLicences(
  db: DbOrTx,
  ownerSid: string,
  page: { offset: number; limit: number; after?: ListPosition | undefined },
): Promise<(Omit<OwnedLicence, 'material'> & { position: string })[]> {
  return listOwnedLicencesQuery(db, ownerSid, page);
}

/** Counted up to COUNT_LIMIT rows: a company's licences only grow. */
export async function countOwnedLicences(db: DbOrTx, ownerSid: string): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(licences)
    .where(and(eq(licences.ownerSid, ownerSid), isNull(licences.supersededByCertNo), isNull(licences.revokedAt)))
    .limit(COUNT_LIMIT)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
}

/** One download of a licensed original (or of its channel cut): a downloads row and the counters, together. */
export async function recordLicenceDownload(
  db: DbOrTx,
  input: { licenceSid: string; userSid: string; materialSid: string; orderSid: string; preset?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(downloads).values({
      userSid: input.userSid,
      materialSid: input.materialSid,
      orderSid: input.orderSid,
      kind: 'licence',
      preset: input.preset ?? null,
    });
    await countLicenceDownload(tx, input.licenceSid, input.userSid);
  });
}

/** The owner's current (not superseded) licences of one material. */
export async function listCurrentLicencesOfMaterial(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<LicenceRow[]> {
  return db
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.ownerSid, ownerSid),
        eq(licences.materialSid, materialSid),
        isNull(licences.supersededByCertNo),
        isNull(licences.revokedAt),
      ),
    )
    .orderBy(licences.spec, desc(licences.createdAt));
}

/** Marks a licence replaced by the certificate `byCertNo`; undefined when it was superseded already. */
export async function markLicenceSuperseded(
  tx: DbOrTx,
  input: { licenceSid: string; byCertNo: string; at: Date },
): Promise<LicenceRow | undefined> {
  const [row] = await tx
    .update(licences)
    .set({ supersededByCertNo: input.byCertNo, supersededAt: input.at })
    .where(and(eq(licences.sid, input.licenceSid), isNull(licences.supersededByCertNo)))
    .returning();
  return row;
}

/** What a company's 高级定制授权 of a material is doing for custom orders (docs/decisions/0023). */
export interface CustomCreditState {
  licenceSid: string;
  /** The live order using its credit: null when unused; 'CREATED' when an unpaid one holds it. */
  usedByStatus: string | null;
}

/**
 * The owner's current, non-exclusive 高级定制授权 licences of a material, each with the status of
 * the order using its credit (cancelled orders do not count). A delivered design's exclusive
 * licence is the result of a custom order, not a credit for another.
 */
export async function listCustomCredits(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
  premiumSpec: number,
): Promise<CustomCreditState[]> {
  const rows = await db
    .select({ licenceSid: licences.sid, usedByStatus: orders.status })
    .from(licences)
    .leftJoin(orders, and(eq(orders.creditLicenceSid, licences.sid), sql`${orders.status} <> 'CANCELLED'`))
    .where(
      and(
        eq(licences.ownerSid, ownerSid),
        eq(licences.materialSid, materialSid),
        eq(licences.spec, premiumSpec),
        eq(licences.exclusive, false),
        isNull(licences.supersededByCertNo),
        isNull(licences.revokedAt),
      ),
    )
    .orderBy(licences.createdAt);
  return rows.map((r) => ({ licenceSid: r.licenceSid, usedByStatus: r.usedByStatus ?? null }));
}

/**
 * A refunded order's licences end (docs/decisions/0029): downloads are refused and the
 * certificate's verification says revoked. Returns those revoked now (a repeat revokes none).
 */
export async function revokeLicencesOfOrder(
  tx: DbOrTx,
  input: { orderSid: string; at: Date; reason: string },
): Promise<LicenceRow[]> {
  return tx
    .update(licences)
    .set({ revokedAt: input.at, revokedReason: input.reason })
    .where(and(eq(licences.orderSid, input.orderSid), isNull(licences.revokedAt)))
    .returning();
}

/** An upgrade's licence revoked: the licence it had replaced is current again. */
export async function restoreSupersededLicence(
  tx: DbOrTx,
  input: { licenceSid: string; byCertNo: string },
): Promise<void> {
  await tx
    .update(licences)
    .set({ supersededByCertNo: null, supersededAt: null })
    .where(and(eq(licences.sid, input.licenceSid), eq(licences.supersededByCertNo, input.byCertNo)));
}

/** A live order (not cancelled or refunded) that uses one of these licences' 高级定制授权 credit. */
export async function findCreditUse(
  db: DbOrTx,
  licenceSids: readonly string[],
): Promise<{ orderSid: string; status: string } | undefined> {
  if (licenceSids.length === 0) return undefined;
  const [row] = await db
    .select({ orderSid: orders.sid, status: orders.status })
    .from(orders)
    .where(
      and(inArray(orders.creditLicenceSid, [...licenceSids]), sql`${orders.status} not in ('CANCELLED', 'REFUNDED')`),
    )
    .limit(1);
  return row;
}

/** The owner's licence of a material that a refund ended, when it holds no current one. */
export async function findRevokedOwnerLicence(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .select()
    .from(licences)
    .where(
      and(
        eq(licences.ownerSid, ownerSid),
        eq(licences.materialSid, materialSid),
        sql`${licences.revokedAt} is not null`,
      ),
    )
    .limit(1);
  return row;
}
