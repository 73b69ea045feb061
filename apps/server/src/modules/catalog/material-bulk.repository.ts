import { BulkJobStatus, licenceSpec, type LicenceType, MAX_KEYWORDS_PER_MATERIAL } from '@gemstock/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materialBulkJobItems, materialBulkJobs, materials } from '../../db/schema/index.js';
import { rowsOf, textArray } from '../../db/sql.js';
import { type AdminMaterialFilter, filterConditions } from './admin-material.repository.js';

export type BulkJobRow = typeof materialBulkJobs.$inferSelect;

export async function insertBulkJob(
  db: DbOrTx,
  values: Pick<typeof materialBulkJobs.$inferInsert, 'sid' | 'operatorSid' | 'change' | 'selection' | 'idempotencyKey'>,
): Promise<BulkJobRow> {
  const [row] = await db
    .insert(materialBulkJobs)
    .values({ ...values, total: 0 })
    .returning();
  return row!;
}

/**
 * Freezes what the job applies to: the materials matching `filter` now, or those of `sids`.
 * One INSERT … SELECT, so "all matching" costs no round trip per row. Returns how many.
 */
export async function freezeBulkJobItems(
  db: DbOrTx,
  jobId: number,
  chosen: { filter: AdminMaterialFilter } | { sids: string[] },
): Promise<number> {
  const where =
    'sids' in chosen ? sql`${materials.sid} = ANY(${textArray(chosen.sids)})` : filterConditions(chosen.filter);
  const result = await db.execute(sql`
    INSERT INTO ${materialBulkJobItems} (job_id, material_seq)
    SELECT ${jobId}, ${materials.seq} FROM ${materials} ${where ? sql`WHERE ${where}` : sql``}`);
  const inserted =
    (result as { affectedRows?: number; rowCount?: number | null }).affectedRows ??
    (result as { rowCount?: number | null }).rowCount ??
    0;
  await db.update(materialBulkJobs).set({ total: inserted }).where(eq(materialBulkJobs.id, jobId));
  return inserted;
}

/** Of `sids`, those that are not materials. */
export async function unknownSids(db: DbOrTx, sids: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT s.sid FROM unnest(${textArray(sids)}) AS s(sid)
    WHERE NOT EXISTS (SELECT 1 FROM ${materials} m WHERE m.sid = s.sid)`);
  return rowsOf<{ sid: string }>(result).map((r) => r.sid);
}

const ofJob = (jobId: number): SQL =>
  sql`${materials.seq} IN (SELECT material_seq FROM ${materialBulkJobItems} WHERE job_id = ${jobId})`;

/** How many of the job's materials, and one of their sids, for which `condition` holds. */
async function countWhere(db: DbOrTx, jobId: number, condition: SQL): Promise<{ n: number; sid: string | null }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, min(${materials.sid}) AS sid FROM ${materials}
    WHERE ${ofJob(jobId)} AND ${condition}`);
  const row = rowsOf<{ n: number; sid: string | null }>(result)[0];
  return { n: Number(row?.n ?? 0), sid: row?.sid ?? null };
}

/** The job's materials that do not qualify for licence type `type` (their size is too small for it). */
export function countNotQualifying(db: DbOrTx, jobId: number, type: number) {
  return countWhere(db, jobId, sql`NOT (${materials.authTypes} @> ARRAY[${type}]::smallint[])`);
}

/**
 * The job's materials qualifying for `type` whose special price would be above their list price
 * after the change: the single edit's rule (the list price is the material's own, else the
 * licence table's), asked of every chosen row at once.
 */
export function countSpecialAboveList(
  db: DbOrTx,
  jobId: number,
  type: number,
  next: { price?: number | null | undefined; special?: number | null | undefined },
) {
  const key = String(type);
  const table = licenceSpec(type as LicenceType).priceCents;
  const list =
    next.price === undefined
      ? sql`COALESCE((${materials.pricesCents} ->> ${key})::bigint, ${table})`
      : sql`${next.price ?? table}::bigint`;
  const special =
    next.special === undefined
      ? sql`(${materials.specialPricesCents} ->> ${key})::bigint`
      : sql`${next.special}::bigint`;
  return countWhere(
    db,
    jobId,
    sql`${materials.authTypes} @> ARRAY[${type}]::smallint[] AND ${special} IS NOT NULL AND ${special} > ${list}`,
  );
}

/** The job's materials that would have more than MAX_KEYWORDS_PER_MATERIAL keywords once `add` is added. */
export function countTooManyKeywords(db: DbOrTx, jobId: number, add: string[], remove: string[]) {
  return countWhere(
    db,
    jobId,
    sql`(SELECT count(DISTINCT k) FROM unnest(${materials.keywords} || ${textArray(add)}) AS k
         WHERE NOT (k = ANY(${textArray(remove)}))) > ${MAX_KEYWORDS_PER_MATERIAL}`,
  );
}

/**
 * Claims the oldest due job (as media jobs are claimed): one statement with SKIP LOCKED, so two
 * servers never hold the same job; a running job whose lock is older than `staleAfterMs` belonged
 * to a server that died and is claimed again, its `attempts` raised (the fencing token).
 */
export async function claimNextBulkJob(db: DbOrTx, staleAfterMs: number): Promise<BulkJobRow | null> {
  const result = await db.execute(sql`
    UPDATE ${materialBulkJobs}
    SET status = ${BulkJobStatus.RUNNING}, attempts = attempts + 1, locked_at = clock_timestamp(),
        updated_at = clock_timestamp()
    WHERE id = (
      SELECT id FROM ${materialBulkJobs}
      WHERE status = ${BulkJobStatus.QUEUED}
         OR (status = ${BulkJobStatus.RUNNING}
             AND locked_at < clock_timestamp() - make_interval(secs => ${staleAfterMs / 1000}))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING id`);
  const id = rowsOf<{ id: number | string }>(result)[0]?.id;
  if (id === undefined) return null;
  const [row] = await db
    .select()
    .from(materialBulkJobs)
    .where(eq(materialBulkJobs.id, Number(id)));
  return row ?? null;
}

/**
 * The job's row locked for this transaction, if this claim (its attempt) still holds it: a worker
 * whose claim was taken over applies nothing more.
 */
export async function lockOwnedBulkJob(
  db: DbOrTx,
  job: Pick<BulkJobRow, 'id' | 'attempts'>,
): Promise<BulkJobRow | undefined> {
  const [row] = await db
    .select()
    .from(materialBulkJobs)
    .where(
      and(
        eq(materialBulkJobs.id, job.id),
        eq(materialBulkJobs.status, BulkJobStatus.RUNNING),
        eq(materialBulkJobs.attempts, job.attempts),
      ),
    )
    .for('update');
  return row;
}

/** The next `limit` items after `lastSeq`, in seq order. */
export async function nextBulkItems(db: DbOrTx, jobId: number, lastSeq: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ seq: materialBulkJobItems.materialSeq })
    .from(materialBulkJobItems)
    .where(and(eq(materialBulkJobItems.jobId, jobId), sql`${materialBulkJobItems.materialSeq} > ${lastSeq}`))
    .orderBy(materialBulkJobItems.materialSeq)
    .limit(limit);
  return rows.map((r) => Number(r.seq));
}

export async function advanceBulkJob(db: DbOrTx, jobId: number, lastSeq: number, count: number): Promise<void> {
  await db
    .update(materialBulkJobs)
    .set({
      lastSeq,
      processed: sql`${materialBulkJobs.processed} + ${count}`,
      lockedAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(materialBulkJobs.id, jobId));
}

/** Ends the job (done, or failed with the error) and forgets its item list. */
export async function endBulkJob(
  db: DbOrTx,
  jobId: number,
  outcome: { status: 'done' | 'failed'; lastError?: string },
): Promise<void> {
  await db
    .update(materialBulkJobs)
    .set({
      status: outcome.status,
      lastError: outcome.lastError ?? null,
      lockedAt: null,
      finishedAt: sql`clock_timestamp()`,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(eq(materialBulkJobs.id, jobId));
  await db.delete(materialBulkJobItems).where(eq(materialBulkJobItems.jobId, jobId));
}

export async function findBulkJob(db: DbOrTx, sid: string): Promise<BulkJobRow | undefined> {
  const [row] = await db.select().from(materialBulkJobs).where(eq(materialBulkJobs.sid, sid)).limit(1);
  return row;
}

/** The job a confirmation's key started (material_bulk_jobs_idempotency_key). */
export async function findBulkJobByKey(db: DbOrTx, key: string): Promise<BulkJobRow | undefined> {
  const [row] = await db.select().from(materialBulkJobs).where(eq(materialBulkJobs.idempotencyKey, key)).limit(1);
  return row;
}

/** The chunk's materials, locked in seq order (a single edit locks its one row: no deadlock). */
export async function lockMaterialsBySeq(db: DbOrTx, seqs: number[]) {
  return db
    .select({ sid: materials.sid, seq: materials.seq, keywords: materials.keywords })
    .from(materials)
    .where(
      sql`${materials.seq} = ANY(${sql`ARRAY[${sql.join(
        seqs.map((s) => sql`${s}`),
        sql`, `,
      )}]::bigint[]`})`,
    )
    .orderBy(materials.seq)
    .for('update');
}

/**
 * Writes `set` on the chunk's materials where `changes` holds (a row already as asked is left
 * alone), counting the edit in each row's version as a single edit does. Returns the sids written.
 */
export async function updateChunk(db: DbOrTx, seqs: number[], set: SQL, changes: SQL): Promise<string[]> {
  const result = await db.execute(sql`
    UPDATE ${materials}
    SET ${set}, edit_version = edit_version + 1, updated_at = now()
    WHERE seq = ANY(${sql`ARRAY[${sql.join(
      seqs.map((s) => sql`${s}`),
      sql`, `,
    )}]::bigint[]`}) AND (${changes})
    RETURNING sid`);
  return rowsOf<{ sid: string }>(result).map((r) => r.sid);
}

/** Per-row keyword lists (and their search tokens), computed by the caller, written in one statement. */
export async function updateKeywords(
  db: DbOrTx,
  rows: Array<{ sid: string; keywords: string[]; tokens: string[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    UPDATE ${materials} m
    SET keywords = v.keywords, search_tokens = v.tokens, edit_version = m.edit_version + 1, updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(sid text, keywords text[], tokens text[])
    WHERE m.sid = v.sid`);
}
