import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * One row per running server process (src/ops/cluster.ts): registered at start, refreshed every
 * HEARTBEAT_INTERVAL_SECONDS with one upsert, deleted on a clean shutdown. Rows of processes
 * that died without one are deleted after an hour by any live server. Times are the
 * database's own clock, so servers' clocks need not agree.
 */
export const serverHeartbeats = pgTable(
  'server_heartbeats',
  {
    /** Random per process start. */
    instanceId: text().primaryKey(),
    host: text().notNull(),
    pid: integer().notNull(),
    /** 'local' or 's3'. */
    storageDriver: text().notNull(),
    /** Which storage: the local media directory, or the S3 endpoint and bucket. */
    storageIdentity: text().notNull(),
    startedAt: now(),
    lastSeenAt: now(),
  },
  // The live-peers query: last_seen_at within the window.
  (t) => [index('server_heartbeats_last_seen_idx').on(t.lastSeenAt)],
);
