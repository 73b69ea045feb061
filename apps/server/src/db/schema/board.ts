import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { materials } from './catalog.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A company's boards (收藏夹, decision 0047): shared by the main account and its sub-accounts,
 * owned by the main account (`owner_sid`), so a sub-account leaving does not take a board along.
 */
export const boards = pgTable(
  'boards',
  {
    sid: text().primaryKey(),
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    /** Who made it: a sub-account may rename or delete only the boards it made. */
    creatorSid: text()
      .notNull()
      .references(() => users.sid),
    name: text().notNull(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // The company's list, newest first, a keyset page at a time.
    index('boards_owner_created_idx').on(t.ownerSid, t.createdAt.desc(), t.sid.desc()),
    uniqueIndex('boards_owner_name_idx').on(t.ownerSid, t.name),
  ],
);

/**
 * A material on a board with the licence type it is to be bought with. `position` orders the
 * board with gaps (POSITION_GAP): a move writes one row, unless its neighbours touch.
 */
export const boardItems = pgTable(
  'board_items',
  {
    boardSid: text()
      .notNull()
      .references(() => boards.sid, { onDelete: 'cascade' }),
    materialSid: text()
      .notNull()
      .references(() => materials.sid),
    spec: smallint().notNull(),
    position: bigint({ mode: 'number' }).notNull(),
    addedBy: text()
      .notNull()
      .references(() => users.sid),
    createdAt: now(),
  },
  (t) => [
    primaryKey({ columns: [t.boardSid, t.materialSid] }),
    index('board_items_position_idx').on(t.boardSid, t.position),
  ],
);

/** Comments on a material of a board, oldest first. */
export const boardComments = pgTable(
  'board_comments',
  {
    sid: text().primaryKey(),
    boardSid: text()
      .notNull()
      .references(() => boards.sid, { onDelete: 'cascade' }),
    materialSid: text().notNull(),
    authorSid: text()
      .notNull()
      .references(() => users.sid),
    body: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    index('board_comments_item_idx').on(t.boardSid, t.materialSid, t.createdAt, t.sid),
    // An author's comments: the personal-information copy pages them and a deletion removes them.
    index('board_comments_author_idx').on(t.authorSid, t.sid),
  ],
);

/**
 * Read-only links to a board for a client: the token is the whole credential (unguessable),
 * ended by `revoked_at` or `expires_at`.
 */
export const boardShares = pgTable(
  'board_shares',
  {
    token: text().primaryKey(),
    boardSid: text()
      .notNull()
      .references(() => boards.sid, { onDelete: 'cascade' }),
    createdBy: text()
      .notNull()
      .references(() => users.sid),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    index('board_shares_board_idx').on(t.boardSid, t.createdAt),
    // The retention pass finds links that ended long ago by either end (RETENTION.boardShareDays).
    index('board_shares_revoked_idx')
      .on(t.revokedAt)
      .where(sql`revoked_at is not null`),
    index('board_shares_expires_idx')
      .on(t.expiresAt)
      .where(sql`expires_at is not null`),
  ],
);
