import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Messages kept instead of sent when no mail or SMS provider is configured. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text().notNull(),
    recipient: text().notNull(),
    code: text(),
    text: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt.desc())],
);
