import { and, sql } from 'drizzle-orm';
import { preparedIn } from '../../db/sql.js';
import type { DbOrTx } from '../../db/client.js';
import { materials, offeredForSaleSql } from '../../db/schema/index.js';
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
