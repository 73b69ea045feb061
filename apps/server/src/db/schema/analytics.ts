import { bigint, bigserial, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Raw analytics events (docs/decisions/0041): page views from the buyer site's beacon, and the
 * detail views and cart additions the server records where they happen. Searches are in
 * search_logs and orders, payments, invoices, surveys and demands in their own tables: the daily
 * rollup reads them there, nothing is copied. No client address is kept; `visitor` is a random id
 * the browser made. Rows live RETENTION.analyticsEventDays (the retention job).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** page_view, detail_view, cart_add. */
    kind: text().notNull(),
    visitor: text(),
    userSid: text(),
    route: text(),
    referrer: text(),
    source: text(),
    utmSource: text(),
    utmMedium: text(),
    utmCampaign: text(),
    /** desktop, mobile, tablet (page views). */
    device: text(),
    /** What the event is about: the material of a detail view or a cart addition. */
    subject: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One day's rows for its rollup (and today's figures), and the old rows for retention.
  (t) => [index('analytics_events_created_idx').on(t.createdAt)],
);

/**
 * Daily rollups, one row per China-time day, metric and dimension (a keyword, a pay way…; '' when
 * none), written by the background rollup (delete the day, insert it again, in one transaction:
 * repeating it changes nothing). `rolled` marks a day as computed. The dashboard reads only this
 * table for the days before today, so its cost follows the number of days asked, not the events.
 * Kept for good: a year is a few thousand rows.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    metric: text().notNull(),
    dim: text().notNull().default(''),
    value: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dim] })],
);
