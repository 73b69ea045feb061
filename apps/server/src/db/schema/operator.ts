import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Operators run the catalogue and back office; they are not buyers. */
export const operators = pgTable(
  'operators',
  {
    sid: text().primaryKey(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    name: text(),
    enabled: boolean().notNull().default(true),
    tokenVersion: integer().notNull().default(0),
    /**
     * What the operator may do in the console (contract OperatorRole: admin, content, finance,
     * service); checked on every request, so a change applies to open sessions at once. An
     * account without roles can sign in and reach nothing but its own account.
     */
    roles: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The base32 TOTP secret once the operator turned on sign-in with an authenticator app. */
    totpSecret: text(),
    /** A secret shown as a QR code and not yet confirmed with a code from the app. */
    totpPendingSecret: text(),
    /** The last TOTP time step accepted: a code is good for one sign-in only. */
    totpLastStep: integer(),
    /** Set when an administrator chose the password (creation, reset): the console asks for a new one. */
    mustChangePassword: boolean().notNull().default(false),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [uniqueIndex('operators_username_key').on(sql`lower(${t.username})`)],
);
