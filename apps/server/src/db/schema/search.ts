import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const searchLogs = pgTable(
  'search_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    keyword: text().notNull(),
    userSid: text(),
    /** Who searched: the account, or a keyed hash of the client address for visitors. */
    searcherKey: text(),
    resultCount: integer(),
    createdAt: now(),
  },
  (t) => [index('search_logs_created_idx').on(t.createdAt.desc())],
);

/**
 * The searched terms shown as 热门搜索, recomputed from search_logs in the background (never per
 * request): only terms that found something, searched by enough different people.
 */
export const hotKeywords = pgTable('hot_keywords', {
  keyword: text().primaryKey(),
  rank: integer().notNull(),
  searchers: integer().notNull(),
  computedAt: now(),
});
