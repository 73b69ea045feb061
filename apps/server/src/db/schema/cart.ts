import { boolean, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const cartItems = pgTable(
  'cart_items',
  {
    userSid: text()
      .notNull()
      .references(() => users.sid),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    chosen: boolean().notNull().default(true),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userSid, t.materialSid] })],
);
