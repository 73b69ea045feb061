import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { operators } from './operator.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Durable background work on media: renditions of an uploaded original, and the reframes of
 * licensed videos (decision 0046). A worker claims the oldest due job of its kinds with
 * `FOR UPDATE SKIP LOCKED`, so any number of servers can share the table; a job left `running`
 * by a crashed server is claimed again once its lock is stale.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    /**
     * What to do: 'renditions' (thumbnail, cover, watermarked preview; poster and clip for video),
     * or 'reframe:<w>x<h>' (a licensed video cut to that size; 天猫 and 京东 share the 800×800 one).
     */
    kind: text().notNull(),
    /** queued → running → done, or back to queued (retry later) or failed after the last attempt. */
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Not claimed before this moment (retry back-off). */
    runAfter: now(),
    /** When the running attempt was claimed; a stale lock means its server died. */
    lockedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * When a failed job's failure was told to the one waiting for it (a reframe's buyer, 4425):
     * told once, after which the next request queues the work again.
     */
    reportedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // The claim query walks this partial index in due order.
    index('media_jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('media_jobs_material_idx').on(t.materialSid, t.id.desc()),
    // One open reframe per material and size, whichever server was asked: a second request's
    // insert does nothing.
    uniqueIndex('media_jobs_open_reframe_idx')
      .on(t.materialSid, t.kind)
      .where(sql`${t.status} in ('queued', 'running') and ${t.kind} like 'reframe:%'`),
    // The retention job deletes finished jobs long past (each material's newest stays).
    index('media_jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
  ],
);

/**
 * An operator's upload of several files at once, kept so the batch and what became of each file
 * outlive the page it was started from (the console lists them). Its state and counts are read
 * from its files.
 */
export const uploadBatches = pgTable(
  'upload_batches',
  {
    sid: text().primaryKey(),
    operatorSid: text()
      .notNull()
      .references(() => operators.sid),
    /** Keywords given to every file of the batch at upload. */
    keywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    fileCount: integer().notNull(),
    createdAt: now(),
  },
  (t) => [index('upload_batches_created_idx').on(t.createdAt.desc(), t.sid.desc())],
);

/**
 * One file of a batch (contract UploadFileMachine): uploading until its bytes arrive, then
 * uploaded (a material exists and its own state says processing / 待审核 / 已上架 / 已驳回), or
 * refused as a duplicate, failed with a reason, or cancelled by the operator. Failed and
 * cancelled files may be uploaded again.
 */
export const uploadBatchFiles = pgTable(
  'upload_batch_files',
  {
    sid: text().primaryKey(),
    batchSid: text()
      .notNull()
      .references(() => uploadBatches.sid),
    /** Order in the batch, as the operator picked the files. */
    position: integer().notNull(),
    /** The file's name on the operator's computer (for the table only; never used as a path). */
    name: text().notNull(),
    /** Size the browser declared, before upload. */
    bytes: bigint({ mode: 'number' }).notNull(),
    state: text().notNull().default('uploading'),
    /** Why it failed or was refused, in Chinese. */
    reason: text(),
    materialSid: text().references(() => materials.sid),
    /** The material with the same content, when refused as a duplicate. */
    duplicateOfSid: text().references(() => materials.sid),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    index('upload_batch_files_batch_idx').on(t.batchSid, t.position),
    // The review queue narrowed to one batch, and a material's batch.
    index('upload_batch_files_material_idx')
      .on(t.materialSid)
      .where(sql`${t.materialSid} IS NOT NULL`),
  ],
);
