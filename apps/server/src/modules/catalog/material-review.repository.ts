import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials, uploadBatchFiles } from '../../db/schema/index.js';
import { afterPosition, countUpTo, type ListPosition, positionAt, positionOrder } from '../../lib/list-cursor.js';
import type { AdminMaterialRow } from './admin-material.repository.js';

export interface ReviewQueueFilter {
  /** pending (待审核) or rejected (已驳回). */
  state: string;
  /** Only the materials made from this upload batch's files. */
  batchSid?: string | undefined;
}

function queueConditions(filter: ReviewQueueFilter): SQL {
  const parts: SQL[] = [eq(materials.reviewState, filter.state)];
  if (filter.batchSid) {
    parts.push(
      inArray(
        materials.sid,
        sql`(select ${uploadBatchFiles.materialSid} from ${uploadBatchFiles} where ${uploadBatchFiles.batchSid} = ${filter.batchSid} and ${uploadBatchFiles.materialSid} is not null)`,
      ),
    );
  }
  return and(...parts)!;
}

/**
 * The review queue, newest first by (created_at, sid), walking materials_review_queue_idx: the
 * partial index holds only materials not listed, so the queue costs the same in a catalogue of a
 * million as of a hundred.
 */
export async function listReviewQueue(
  db: DbOrTx,
  filter: ReviewQueueFilter,
  page: { after?: ListPosition | undefined; limit: number },
): Promise<Array<AdminMaterialRow & { position: string }>> {
  const conditions = [queueConditions(filter)];
  if (page.after) conditions.push(afterPosition(materials.createdAt, materials.sid, page.after));
  // The partial index's predicate, said again so the planner may use it for any state asked.
  conditions.push(sql`${materials.reviewState} <> 'listed'`);
  const rows = await db
    .select({ row: materials, position: positionAt(materials.createdAt) })
    .from(materials)
    .where(and(...conditions))
    .orderBy(positionOrder(materials.createdAt, materials.sid))
    .limit(page.limit);
  return rows.map((r) => ({ ...r.row, position: r.position }));
}

/** The queue's rows counted up to `limit`, never more. */
export async function countReviewQueue(db: DbOrTx, filter: ReviewQueueFilter, limit: number): Promise<number> {
  const rows = db
    .select({ one: sql`1` })
    .from(materials)
    .where(and(queueConditions(filter), sql`${materials.reviewState} <> 'listed'`));
  return countUpTo(db, rows, limit);
}

/** The materials, locked until the end of the transaction, in sid order (two bulk calls never deadlock). */
export async function lockMaterialsForReview(tx: DbOrTx, sids: readonly string[]): Promise<AdminMaterialRow[]> {
  if (sids.length === 0) return [];
  return tx
    .select()
    .from(materials)
    .where(inArray(materials.sid, [...sids]))
    .orderBy(materials.sid)
    .for('update');
}

export interface ReviewChange {
  reviewState: string;
  reviewReason: string | null;
  reviewedBy: string;
}

/**
 * Moves the materials to `change.reviewState`, guarded by the states the move may start from:
 * the rows returned are those that moved (fewer than asked means a lost race).
 */
export async function updateMaterialReview(
  tx: DbOrTx,
  sids: readonly string[],
  from: readonly string[],
  change: ReviewChange,
): Promise<AdminMaterialRow[]> {
  if (sids.length === 0) return [];
  return tx
    .update(materials)
    .set({ ...change, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(inArray(materials.sid, [...sids]), inArray(materials.reviewState, [...from])))
    .returning();
}
