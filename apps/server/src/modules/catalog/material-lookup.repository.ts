import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials } from '../../db/schema/index.js';
import { MATERIAL_COLUMNS, type MaterialRow } from './catalog.repository.js';

/** Materials by sid, disabled ones included (the caller decides what a disabled one means). */
export async function selectMaterialsBySids(db: DbOrTx, sids: readonly string[]): Promise<MaterialRow[]> {
  if (sids.length === 0) return [];
  return db
    .select(MATERIAL_COLUMNS)
    .from(materials)
    .where(inArray(materials.sid, [...sids]));
}
