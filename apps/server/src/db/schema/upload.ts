import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

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
