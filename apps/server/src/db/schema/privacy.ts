import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Personal-information requests under PIPL (decision 0043): a copy of the account's data, a
 * correction, or the deletion of the account, answered within 15 working days (`dueAt`).
 * PrivacyRequestStateMachine in the contract: PENDING → DONE (carried out) or REFUSED. An account
 * has at most one waiting request of each kind, and a deletion is carried out once
 * (unique partial indexes). Kept for as long as the account's books (the proof that the request
 * was answered); the produced copy's file is removed when `archiveExpiresAt` passes.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    sid: text().primaryKey(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    /** The company: the main account (the user itself when it is one). */
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    kind: text().notNull(),
    status: text().notNull().default('PENDING'),
    /** What the user wrote: what is wrong (a correction), or a note. */
    detail: text(),
    /** A deletion: the unexpired wallet money the user agreed to give up when asking (cents). */
    forfeitedBalanceCents: bigint({ mode: 'number' }),
    /** 24:00 China time of the 15th working day after the request (contract working-days). */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    /** The operator's note (correction made) or reason (refusal). */
    resolution: text(),
    operatorSid: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** The produced copy (private storage key) and until when it may be downloaded. */
    archiveKey: text(),
    archiveExpiresAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('privacy_requests_open_kind_key')
      .on(t.userSid, t.kind)
      .where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('privacy_requests_erased_key')
      .on(t.userSid)
      .where(sql`${t.kind} = 'DELETION' and ${t.status} = 'DONE'`),
    // The user's own list, newest first.
    index('privacy_requests_user_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
    // The operators' queue by due time, with or without a state and a kind.
    index('privacy_requests_due_idx').on(t.dueAt, t.sid),
    index('privacy_requests_status_due_idx').on(t.status, t.dueAt, t.sid),
    index('privacy_requests_kind_due_idx').on(t.kind, t.dueAt, t.sid),
    index('privacy_requests_kind_status_due_idx').on(t.kind, t.status, t.dueAt, t.sid),
    // The retention job finds produced copies whose download period is over.
    index('privacy_requests_archive_expires_idx')
      .on(t.archiveExpiresAt)
      .where(sql`${t.archiveKey} is not null`),
  ],
);
