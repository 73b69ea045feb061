import { and, sql } from 'drizzle-orm';
import { preparedIn } from '../../db/sql.js';
import type { DbOrTx } from '../../db/client.js';
import { materials, offeredForSaleSql, ownedLicenceSpecsSql } from '../../db/schema/index.js';
import { MATERIAL_COLUMNS, type MaterialRow } from './catalog.repository.js';

/**
 * Materials by sid that are offered for sale, disabled ones included (the caller decides what a
 * disabled one means). One waiting for review, rejected or never processed is as if it did not
 * exist: no cart, order, licence or demand can name it.
 */
export async function selectMaterialsBySids(db: DbOrTx, sids: readonly string[]): Promise<MaterialRow[]> {
  if (sids.length === 0) return [];
  return preparedIn(db, 'materials_offered_by_sids', (name) =>
    db
      .select(MATERIAL_COLUMNS)
      .from(materials)
      .where(and(sql`${materials.sid} = ANY(${sql.placeholder('sids')}::text[])`, offeredForSaleSql()))
      .prepare(name),
  ).execute({ sids: [...sids] });
}

/**
 * selectMaterialsBySids for a placement, each material with the licence types `ownerSid`
 * already holds of it (counted as the licence module's listOwnedSpecs counts them: not
 * superseded by an upgrade, not revoked), read in the same statement.
 */
export async function selectMaterialsWithOwnedSpecs(
  db: DbOrTx,
  sids: readonly string[],
  ownerSid: string,
): Promise<(MaterialRow & { ownedSpecs: number[] })[]> {
  if (sids.length === 0) return [];
  const rows = await preparedIn(db, 'materials_offered_with_owned_specs', (name) =>
    db
      .select({
        ...MATERIAL_COLUMNS,
        ownedSpecs: ownedLicenceSpecsSql(sql`${sql.placeholder('owner')}::text`, sql.raw('"materials"."sid"')),
      })
      .from(materials)
      .where(and(sql`${materials.sid} = ANY(${sql.placeholder('sids')}::text[])`, offeredForSaleSql()))
      .prepare(name),
  ).execute({ sids: [...sids], owner: ownerSid });
  return rows.map((r) => ({ ...r, ownedSpecs: r.ownedSpecs.map(Number) }));
}
