import { MediaJobStatus } from '@gemstock/contract';
import { and, count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { materials, mediaJobs } from '../../db/schema/index.js';
import { preparedOnce, rowsOf } from '../../db/sql.js';

export type MediaJobRow = typeof mediaJobs.$inferSelect;

export const MEDIA_JOB_KIND_RENDITIONS = 'renditions';

/**
 * Which kinds of job a worker takes, as a LIKE pattern: the renditions worker its own kind only,
 * another module's worker its prefix (`reframe:%`).
 */
export type MediaJobKindPattern = string;

/** Any constant: two servers starting at once queue each outdated material once. */
const QUEUE_OUTDATED_LOCK = 7_310_701;

/**
 * Queues a renditions job for every ready material whose public files were made under an older
 * RENDITION_VERSION and that has no job pending; one statement under a lock, so servers starting
 * together do not queue a material twice. Returns how many were queued.
 */
export async function queueOutdatedRenditionJobs(db: DbOrTx, currentVersion: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_OUTDATED_LOCK})`);
    const result = await tx.execute(sql`
      insert into ${mediaJobs} (material_sid, kind)
      select m.sid, ${MEDIA_JOB_KIND_RENDITIONS} from ${materials} m
      where m.rendition_version < ${currentVersion} and m.status = 'ready'
        and not exists (
          select 1 from ${mediaJobs} j
          where j.material_sid = m.sid and j.kind = ${MEDIA_JOB_KIND_RENDITIONS}
            and j.status in (${MediaJobStatus.QUEUED}, ${MediaJobStatus.RUNNING})
        )
      returning id`);
    return rowsOf<{ id: number }>(result).length;
  });
}

export async function insertMediaJob(db: DbOrTx, materialSid: string): Promise<MediaJobRow> {
  const [row] = await db.insert(mediaJobs).values({ materialSid, kind: MEDIA_JOB_KIND_RENDITIONS }).returning();
  return row!;
}

interface RawJobRow {
  id: number | string;
  material_sid: string;
  kind: string;
  status: string;
  attempts: number;
  last_error: string | null;
  run_after: Date | string;
  locked_at: Date | string | null;
  finished_at: Date | string | null;
  reported_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const asDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function fromRaw(r: RawJobRow): MediaJobRow {
  return {
    id: Number(r.id),
    materialSid: r.material_sid,
    kind: r.kind,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    runAfter: asDate(r.run_after)!,
    lockedAt: asDate(r.locked_at),
    finishedAt: asDate(r.finished_at),
    reportedAt: asDate(r.reported_at),
    createdAt: asDate(r.created_at)!,
    updatedAt: asDate(r.updated_at)!,
  };
}

/**
 * Claims the oldest due job of the kinds `kinds` matches: one statement, so two workers (threads,
 * processes or servers) never get the same job — the row lock is taken with SKIP LOCKED, a
 * competing claim moves on to the next row instead of waiting. A job still `running` whose lock
 * is older than `staleAfterMs` belonged to a worker that died and is claimed again.
 */
export async function claimNextMediaJob(
  db: DbOrTx,
  staleAfterMs: number,
  kinds: MediaJobKindPattern = MEDIA_JOB_KIND_RENDITIONS,
): Promise<MediaJobRow | null> {
  const result = await db.execute(sql`
    UPDATE ${mediaJobs}
    SET status = ${MediaJobStatus.RUNNING}, attempts = attempts + 1, locked_at = clock_timestamp(),
        updated_at = clock_timestamp()
    WHERE id = (
      SELECT id FROM ${mediaJobs}
      WHERE ((status = ${MediaJobStatus.QUEUED} AND run_after <= clock_timestamp())
          OR (status = ${MediaJobStatus.RUNNING}
              AND locked_at < clock_timestamp() - make_interval(secs => ${staleAfterMs / 1000})))
        AND kind LIKE ${kinds}
      ORDER BY run_after, id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING *`);
  const row = rowsOf<RawJobRow>(result)[0];
  return row ? fromRaw(row) : null;
}

/**
 * Ends a claimed job; false when the claim was lost meanwhile (its lock went stale and another
 * worker claimed it again). The attempt count, raised by every claim, is the fencing token: a
 * timestamp would not do, as drivers round the database's microseconds to milliseconds.
 */
export async function finishMediaJob(
  db: DbOrTx,
  job: Pick<MediaJobRow, 'id' | 'attempts'>,
  outcome:
    | { status: 'done' | 'failed'; lastError?: string | null }
    | { status: 'queued'; lastError: string; retryInMs: number },
): Promise<boolean> {
  const owned = and(
    eq(mediaJobs.id, job.id),
    eq(mediaJobs.status, MediaJobStatus.RUNNING),
    eq(mediaJobs.attempts, job.attempts),
  );
  const values =
    outcome.status === 'queued'
      ? {
          status: outcome.status,
          lastError: outcome.lastError,
          lockedAt: null,
          runAfter: sql`clock_timestamp() + make_interval(secs => ${outcome.retryInMs / 1000})`,
          updatedAt: sql`clock_timestamp()`,
        }
      : {
          status: outcome.status,
          lastError: outcome.lastError ?? null,
          lockedAt: null,
          finishedAt: sql`clock_timestamp()`,
          updatedAt: sql`clock_timestamp()`,
        };
  const rows = await db.update(mediaJobs).set(values).where(owned).returning({ id: mediaJobs.id });
  return rows.length > 0;
}

/**
 * Keeps a long job's claim fresh (a reframe may encode for an hour), so that only a worker that
 * stopped refreshing it looks dead; false when the claim was lost.
 */
export async function touchMediaJob(db: DbOrTx, job: Pick<MediaJobRow, 'id' | 'attempts'>): Promise<boolean> {
  const rows = await db
    .update(mediaJobs)
    .set({ lockedAt: sql`clock_timestamp()` })
    .where(
      and(eq(mediaJobs.id, job.id), eq(mediaJobs.status, MediaJobStatus.RUNNING), eq(mediaJobs.attempts, job.attempts)),
    )
    .returning({ id: mediaJobs.id });
  return rows.length > 0;
}

/** The material's renditions job waiting or running, if any. */
export async function findPendingMediaJob(db: DbOrTx, materialSid: string): Promise<MediaJobRow | undefined> {
  const [row] = await db
    .select()
    .from(mediaJobs)
    .where(
      and(
        eq(mediaJobs.materialSid, materialSid),
        eq(mediaJobs.kind, MEDIA_JOB_KIND_RENDITIONS),
        inArray(mediaJobs.status, [MediaJobStatus.QUEUED, MediaJobStatus.RUNNING]),
      ),
    )
    .limit(1);
  return row;
}

/** Kinds of the material's jobs waiting or running among those `kinds` matches. */
export async function findOpenMediaJobKinds(
  db: DbOrTx,
  materialSid: string,
  kinds: MediaJobKindPattern,
): Promise<Set<string>> {
  const rows = await db
    .select({ kind: mediaJobs.kind })
    .from(mediaJobs)
    .where(
      and(
        eq(mediaJobs.materialSid, materialSid),
        like(mediaJobs.kind, kinds),
        inArray(mediaJobs.status, [MediaJobStatus.QUEUED, MediaJobStatus.RUNNING]),
      ),
    );
  return new Set(rows.map((r) => r.kind));
}

/** Any constant but QUEUE_OUTDATED_LOCK's: a job queued under a cap is counted and inserted under it. */
const QUEUE_CAPPED_LOCK = 7_310_702;

/**
 * Queues a job of `kind` for the material unless one is already waiting or running ('open'),
 * or unless `cap.max` jobs of the kinds `cap.kinds` matches are ('full': nothing queued). Counted
 * and inserted under one lock, so the cap holds across servers; the open-reframe unique index
 * makes a second insert for the same work do nothing even without it.
 */
export async function queueMediaJobOnce(
  db: DbOrTx,
  job: { materialSid: string; kind: string },
  cap: { kinds: MediaJobKindPattern; max: number },
): Promise<'queued' | 'open' | 'full'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CAPPED_LOCK})`);
    const [open] = await tx
      .select({ id: mediaJobs.id })
      .from(mediaJobs)
      .where(
        and(
          eq(mediaJobs.materialSid, job.materialSid),
          eq(mediaJobs.kind, job.kind),
          inArray(mediaJobs.status, [MediaJobStatus.QUEUED, MediaJobStatus.RUNNING]),
        ),
      )
      .limit(1);
    if (open) return 'open';
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(mediaJobs)
      .where(
        and(
          like(mediaJobs.kind, cap.kinds),
          inArray(mediaJobs.status, [MediaJobStatus.QUEUED, MediaJobStatus.RUNNING]),
        ),
      )) as [{ n: number }];
    if (n >= cap.max) return 'full';
    const inserted = await tx.insert(mediaJobs).values(job).onConflictDoNothing().returning({ id: mediaJobs.id });
    return inserted.length > 0 ? 'queued' : 'open';
  });
}

/**
 * Marks the failure of the material's newest job of `kind` as told, when that job failed and its
 * failure was not told yet: true once per failure, whichever server is asked.
 */
export async function reportFailedMediaJob(db: DbOrTx, materialSid: string, kind: string): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE ${mediaJobs} SET reported_at = clock_timestamp()
    WHERE id = (
      SELECT id FROM ${mediaJobs} WHERE material_sid = ${materialSid} AND kind = ${kind}
      ORDER BY id DESC LIMIT 1
    ) AND status = ${MediaJobStatus.FAILED} AND reported_at IS NULL
    RETURNING id`);
  return rowsOf<{ id: number }>(result).length > 0;
}

/** The newest renditions job of each material. */
export async function findLatestMediaJobs(db: DbOrTx, materialSids: string[]): Promise<Map<string, MediaJobRow>> {
  if (materialSids.length === 0) return new Map();
  // Runs for every page of the console's material list: prepared once.
  const statement = preparedOnce(db, 'media_jobs_latest_of_materials', (name) =>
    db
      .selectDistinctOn([mediaJobs.materialSid])
      .from(mediaJobs)
      .where(
        sql`${mediaJobs.materialSid} = ANY(${sql.placeholder('sids')}::text[]) AND ${mediaJobs.kind} = ${MEDIA_JOB_KIND_RENDITIONS}`,
      )
      .orderBy(mediaJobs.materialSid, desc(mediaJobs.id))
      .prepare(name),
  );
  const rows = await statement.execute({ sids: materialSids });
  return new Map(rows.map((r) => [r.materialSid, r]));
}

/** Jobs waiting or running, by status: walks the partial due index, so it costs the queue's size. */
export async function countPendingMediaJobs(db: DbOrTx): Promise<{ queued: number; running: number }> {
  const result = await db.execute(sql`
    select status, count(*)::int as n from ${mediaJobs}
    where status in (${MediaJobStatus.QUEUED}, ${MediaJobStatus.RUNNING})
    group by status`);
  const counts = { queued: 0, running: 0 };
  for (const row of rowsOf<{ status: string; n: number }>(result)) {
    if (row.status === MediaJobStatus.QUEUED) counts.queued = Number(row.n);
    if (row.status === MediaJobStatus.RUNNING) counts.running = Number(row.n);
  }
  return counts;
}
