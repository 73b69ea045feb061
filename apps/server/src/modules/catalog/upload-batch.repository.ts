import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials, operators, uploadBatches, uploadBatchFiles } from '../../db/schema/index.js';
import { afterPosition, type ListPosition, positionAt, positionOrder } from '../../lib/list-cursor.js';
import type { AdminMaterialRow } from './admin-material.repository.js';

export type UploadBatchRow = typeof uploadBatches.$inferSelect;
export type UploadBatchFileRow = typeof uploadBatchFiles.$inferSelect;

/** A batch as listed: its row and who made it (姓名, else username). */
export type UploadBatchListRow = UploadBatchRow & { operatorName: string | null; position: string };

export async function insertUploadBatch(
  tx: DbOrTx,
  batch: typeof uploadBatches.$inferInsert,
  files: ReadonlyArray<typeof uploadBatchFiles.$inferInsert>,
): Promise<void> {
  await tx.insert(uploadBatches).values(batch);
  await tx.insert(uploadBatchFiles).values([...files]);
}

const operatorName = sql<string | null>`coalesce(${operators.name}, ${operators.username})`;

/** Batches newest first by (created_at, sid), walking upload_batches_created_idx. */
export async function listUploadBatches(
  db: DbOrTx,
  page: { after?: ListPosition | undefined; limit: number },
): Promise<UploadBatchListRow[]> {
  const rows = await db
    .select({ batch: uploadBatches, operatorName, position: positionAt(uploadBatches.createdAt) })
    .from(uploadBatches)
    .leftJoin(operators, eq(operators.sid, uploadBatches.operatorSid))
    .where(page.after ? afterPosition(uploadBatches.createdAt, uploadBatches.sid, page.after) : undefined)
    .orderBy(positionOrder(uploadBatches.createdAt, uploadBatches.sid))
    .limit(page.limit);
  return rows.map((r) => ({ ...r.batch, operatorName: r.operatorName, position: r.position }));
}

export async function findUploadBatch(db: DbOrTx, sid: string): Promise<UploadBatchListRow | undefined> {
  const [row] = await db
    .select({ batch: uploadBatches, operatorName, position: positionAt(uploadBatches.createdAt) })
    .from(uploadBatches)
    .leftJoin(operators, eq(operators.sid, uploadBatches.operatorSid))
    .where(eq(uploadBatches.sid, sid))
    .limit(1);
  return row ? { ...row.batch, operatorName: row.operatorName, position: row.position } : undefined;
}

/** What a file's status is read from: its own state and its material's processing and review. */
export interface FileStateCount {
  batchSid: string;
  state: string;
  materialStatus: string | null;
  materialReview: string | null;
  n: number;
}

/** Files of these batches grouped by everything their status depends on (a batch holds at most 200). */
export async function countFileStates(db: DbOrTx, batchSids: readonly string[]): Promise<FileStateCount[]> {
  if (batchSids.length === 0) return [];
  const rows = await db
    .select({
      batchSid: uploadBatchFiles.batchSid,
      state: uploadBatchFiles.state,
      materialStatus: materials.status,
      materialReview: materials.reviewState,
      n: sql<number>`count(*)::int`,
    })
    .from(uploadBatchFiles)
    .leftJoin(materials, eq(materials.sid, uploadBatchFiles.materialSid))
    .where(inArray(uploadBatchFiles.batchSid, [...batchSids]))
    .groupBy(uploadBatchFiles.batchSid, uploadBatchFiles.state, materials.status, materials.reviewState);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** A batch's files in the order they were picked, each with the material it became. */
export async function listBatchFiles(
  db: DbOrTx,
  batchSid: string,
): Promise<Array<{ file: UploadBatchFileRow; material: AdminMaterialRow | null }>> {
  return db
    .select({ file: uploadBatchFiles, material: materials })
    .from(uploadBatchFiles)
    .leftJoin(materials, eq(materials.sid, uploadBatchFiles.materialSid))
    .where(eq(uploadBatchFiles.batchSid, batchSid))
    .orderBy(uploadBatchFiles.position);
}

export async function findBatchFile(
  db: DbOrTx,
  fileSid: string,
): Promise<{ file: UploadBatchFileRow; material: AdminMaterialRow | null } | undefined> {
  const [row] = await db
    .select({ file: uploadBatchFiles, material: materials })
    .from(uploadBatchFiles)
    .leftJoin(materials, eq(materials.sid, uploadBatchFiles.materialSid))
    .where(eq(uploadBatchFiles.sid, fileSid))
    .limit(1);
  return row;
}

/** The file row, locked until the end of the transaction (its upload and its cancel never interleave). */
export async function lockBatchFile(tx: DbOrTx, fileSid: string): Promise<UploadBatchFileRow | undefined> {
  const [row] = await tx
    .select()
    .from(uploadBatchFiles)
    .where(eq(uploadBatchFiles.sid, fileSid))
    .limit(1)
    .for('update');
  return row;
}

export interface BatchFileChange {
  state: string;
  reason?: string | null;
  materialSid?: string | null;
  duplicateOfSid?: string | null;
}

/** Moves a file to `change.state`, guarded by the states the move may start from; undefined when it was in none. */
export async function updateBatchFile(
  tx: DbOrTx,
  fileSid: string,
  from: readonly string[],
  change: BatchFileChange,
): Promise<UploadBatchFileRow | undefined> {
  const [row] = await tx
    .update(uploadBatchFiles)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(uploadBatchFiles.sid, fileSid), inArray(uploadBatchFiles.state, [...from])))
    .returning();
  return row;
}
