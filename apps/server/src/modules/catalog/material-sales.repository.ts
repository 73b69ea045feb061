import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { materialSalesMoves, materials } from '../../db/schema/index.js';
import { preparedSqlIn, rowsOf, tryTransactionLock } from '../../db/sql.js';

/**
 * Records that the sales count of these materials moves by `delta` (one per licence granted or
 * revoked), in the caller's transaction: a row each in material_sales_moves, which
 * foldMaterialSales adds to the counts. The material rows are neither written nor locked here,
 * so a payment does not wait on, or write, the catalogue's widest rows.
 */
export async function moveMaterialSales(tx: DbOrTx, materialSids: readonly string[], delta: 1 | -1): Promise<void> {
  if (materialSids.length === 0) return;
  await preparedSqlIn(
    tx,
    'material_sales_move',
    () => sql`
      INSERT INTO ${materialSalesMoves} ("material_sid", "delta")
      SELECT unnest(${sql.placeholder('sids')}::text[]), ${sql.placeholder('delta')}::int`,
  ).execute({ sids: [...materialSids], delta });
}

/** How often each server adds the recorded sales to the counts: the console's 销量 lags by at most this. */
export const SALES_FOLD_INTERVAL_MS = 2_000;

/** One server at a time adds the moves (advisory lock scope, see tryTransactionLock). */
const SALES_FOLD_LOCK = 7_310_752;
/** Moves added per statement: a pass after a long stop is split, each part one short transaction. */
const SALES_FOLD_BATCH = 10_000;

/**
 * Adds the recorded sales moves to materials.sales_count and deletes them, in one statement:
 * each move counts exactly once, whichever server runs the pass and whenever it stops. Moves
 * commute (a refund's -1 may be added with or before the sale's +1's batch), so the count is the
 * exact sum, never clamped. The material rows are locked in sid order, as every other writer of
 * several materials does, and only as an UPDATE of a non-key column locks them: a payment's
 * licence (which references its material) does not wait for the pass. Returns how many moves were added (0 when another server holds the lock).
 */
export async function foldMaterialSales(db: Db): Promise<number> {
  // Nothing recorded (an idle shop, or another server was first): one index probe, no transaction.
  const [pending] = rowsOf<{ id: number }>(await db.execute(sql`SELECT "id" FROM ${materialSalesMoves} LIMIT 1`));
  if (!pending) return 0;
  let total = 0;
  for (;;) {
    const added = await db.transaction(async (tx) => {
      if (!(await tryTransactionLock(tx, SALES_FOLD_LOCK, 0))) return 0;
      // Tells the written_xid trigger that only the sales count changes (migration 0059).
      await tx.execute(sql`SELECT set_config('gemstock.sales_fold', 'on', true)`);
      const result = await tx.execute(sql`
        WITH moved AS (
          DELETE FROM ${materialSalesMoves}
          WHERE "id" IN (SELECT "id" FROM ${materialSalesMoves} ORDER BY "id" LIMIT ${SALES_FOLD_BATCH})
          RETURNING "material_sid", "delta"
        ),
        sums AS (
          SELECT "material_sid", sum("delta")::int AS "delta", count(*)::int AS "moves"
          FROM moved GROUP BY "material_sid"
        ),
        locked AS (
          SELECT ${materials.sid} FROM ${materials}
          WHERE ${materials.sid} IN (SELECT "material_sid" FROM sums)
          ORDER BY ${materials.sid}
          FOR NO KEY UPDATE
        ),
        counted AS (
          UPDATE ${materials} SET "sales_count" = ${materials.salesCount} + sums."delta"
          FROM sums
          WHERE ${materials.sid} = sums."material_sid" AND ${materials.sid} IN (SELECT "sid" FROM locked)
            AND sums."delta" <> 0
          RETURNING 1
        )
        SELECT coalesce(sum("moves"), 0)::int AS "moves", (SELECT count(*) FROM counted)::int AS "counted" FROM sums`);
      return rowsOf<{ moves: number }>(result)[0]?.moves ?? 0;
    });
    total += added;
    if (added < SALES_FOLD_BATCH) return total;
  }
}
