import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials } from '../../db/schema/index.js';

/**
 * Moves the sales count of these materials by `delta` (one per licence granted or revoked), in
 * the caller's transaction. The rows are locked in sid order, so two orders sharing materials
 * wait for each other instead of deadlocking.
 */
export async function moveMaterialSales(tx: DbOrTx, materialSids: readonly string[], delta: 1 | -1): Promise<void> {
  if (materialSids.length === 0) return;
  const counts = new Map<string, number>();
  for (const sid of materialSids) counts.set(sid, (counts.get(sid) ?? 0) + delta);
  const sids = [...counts.keys()].sort();
  const moved = sql.join(
    sids.map((sid) => sql`when ${sid} then ${counts.get(sid)!}::int`),
    sql` `,
  );
  const locked = tx
    .select({ sid: materials.sid })
    .from(materials)
    .where(inArray(materials.sid, sids))
    .orderBy(materials.sid)
    .for('update');
  await tx
    .update(materials)
    .set({ salesCount: sql`greatest(${materials.salesCount} + (case ${materials.sid} ${moved} end), 0)` })
    .where(inArray(materials.sid, locked));
}
