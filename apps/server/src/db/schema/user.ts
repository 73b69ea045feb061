import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Buyers: main accounts (level 0) and their sub-accounts (level 1). A sub-account signs in with
 * a username and inherits its parent's company.
 */
export const users = pgTable(
  'users',
  {
    sid: text().primaryKey(),
    email: text(),
    mobile: text(),
    username: text(),
    passwordHash: text().notNull(),
    name: text(),
    company: text(),
    companyLicense: text(),
    companyAddress: text(),
    level: smallint().notNull().default(0),
    parentSid: text().references((): AnyPgColumn => users.sid),
    enabled: boolean().notNull().default(true),
    subEnabled: boolean().notNull().default(true),
    downloadCount: integer().notNull().default(0),
    /** Bumped when a password changes or the account is disabled: older tokens stop working. */
    tokenVersion: integer().notNull().default(0),
    source: text(),
    referrer: text(),
    agreedTermsAt: timestamp({ withTimezone: true }),
    adultConfirmedAt: timestamp({ withTimezone: true }),
    /** A coupon to show once at the next user-info load (an operator's grant); cleared when shown. */
    pendingCouponSid: text(),
    /**
     * A sub-account's monthly budget in cents, set by its main account: its orders approved in one
     * China-time calendar month may not add up to more. Null = no limit.
     */
    monthlyBudgetCents: bigint({ mode: 'number' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.mobile),
    uniqueIndex('users_username_key').on(t.username),
    // A main account's sub-accounts, oldest first (the list's order).
    index('users_parent_idx').on(t.parentSid, t.createdAt, t.sid),
    // 企业客户: the companies (main accounts) newest first, and found by any part of the company
    // name (trigrams serve `ILIKE '%…%'`) or by the taxpayer number.
    index('users_main_created_idx')
      .on(t.createdAt.desc(), t.sid.desc())
      .where(sql`${t.level} = 0`),
    // The console's order search by any part of a buyer's e-mail.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_company_trgm_idx')
      .using('gin', t.company.op('gin_trgm_ops'))
      .where(sql`${t.level} = 0`),
    index('users_company_license_idx')
      .on(t.companyLicense)
      .where(sql`${t.level} = 0`),
  ],
);

/** One row per code sent; only the hash of the code is kept. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    sid: text().primaryKey(),
    channel: text().notNull(),
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: now(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.createdAt.desc()),
    // The per-client-address sending cap counts recent rows by ip.
    index('verification_codes_ip_idx').on(t.ip, t.createdAt.desc()),
    // The hourly purge takes the oldest rows first, a batch at a time.
    index('verification_codes_created_idx').on(t.createdAt),
  ],
);

/**
 * Wrong passwords per account, shared by every server: `failures` counts the wrong passwords
 * since `windowStartedAt`; reaching the limit sets `lockedUntil`, and until then the account
 * cannot sign in, whatever the password. `accountKey` is `user:<sid>` or `operator:<sid>`.
 */
export const signInGuards = pgTable(
  'sign_in_guards',
  {
    accountKey: text().primaryKey(),
    failures: integer().notNull().default(0),
    windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
  },
  // The retention job deletes guards whose window and lock are long over.
  (t) => [index('sign_in_guards_window_idx').on(t.windowStartedAt)],
);

/**
 * Proof-of-work challenges already redeemed (by their signature), kept until they expire, so a
 * solved challenge opens one request on one server only.
 */
export const usedChallenges = pgTable(
  'used_challenges',
  {
    signature: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('used_challenges_expires_idx').on(t.expiresAt)],
);
