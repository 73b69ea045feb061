import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What one server changed that the other servers cache (docs/decisions/0040): a row per change,
 * announced by `NOTIFY` on its channel in the same statement. A server that lost its listening
 * connection compares the newest id of each channel with the last it heard and catches up.
 * Rows live a day (the retention job); only the newest id of a channel is ever read.
 */
export const changeFeed = pgTable(
  'change_feed',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** What changed, e.g. 'catalog' (the buyer-side search caches). */
    channel: text().notNull(),
    /** The server instance that made the change (it already forgot its own caches). */
    origin: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The newest id of a channel (catch-up) and the day-old rows (retention).
  (t) => [index('change_feed_channel_id_idx').on(t.channel, t.id), index('change_feed_created_idx').on(t.createdAt)],
);
