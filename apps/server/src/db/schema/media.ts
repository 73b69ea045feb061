import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { users } from './users.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Durable background work on media (renditions of an uploaded original). A worker claims the
 * oldest due job with `FOR UPDATE SKIP LOCKED`, so any number of servers can share the table;
 * a job left `running` by a crashed server is claimed again once its lock is stale.
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    /** What to do: 'renditions' (thumbnail, cover, watermarked preview; poster and clip for video). */
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
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // The claim query walks this partial index in due order.
    index('media_jobs_due_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('media_jobs_material_idx').on(t.materialSid, t.id.desc()),
    // The retention job deletes finished jobs long past (each material's newest stays).
    index('media_jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed')`),
  ],
);

/**
 * Direct uploads (modules/upload): one row per key handed out with upload credentials, so a key
 * nobody was given is never usable, the checked facts of the file are remembered (a second check
 * does not read the object again), and uploads never used are purged with their objects.
 */
export const directUploads = pgTable(
  'direct_uploads',
  {
    /** `private/uploads/<userSid>/<purpose>/<random>[.ext]` */
    key: text().primaryKey(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    /** product | logo | reference */
    purpose: text().notNull(),
    /** The type the credentials were limited to, when the browser named one. */
    declaredContentType: text(),
    /** The credentials are refused after this moment. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when the embedded default's upload target takes the file: one file per credentials. */
    uploadedAt: timestamp({ withTimezone: true }),
    /** Set by the first successful check, with what the file's bytes said. */
    checkedAt: timestamp({ withTimezone: true }),
    contentType: text(),
    width: integer(),
    height: integer(),
    bytes: integer(),
    /** Set when an order or a brief takes the file: it is then never purged. */
    usedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    // The purge walks the unused uploads, oldest first.
    index('direct_uploads_unused_idx')
      .on(t.createdAt)
      .where(sql`${t.usedAt} is null`),
  ],
);
