import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Answers to the satisfaction survey: one per account (a second answer changes nothing), and the
 * reward coupon at most once per company (`ownerSid`), both held by unique indexes.
 */
export const surveys = pgTable(
  'surveys',
  {
    sid: text().primaryKey(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    /** The company: the main account (a sub-account answers for its main account's company). */
    ownerSid: text()
      .notNull()
      .references(() => users.sid),
    /** Half stars allowed: stored as tenths (45 = 4.5). */
    satisfactionTenths: smallint().notNull(),
    scoreTenths: smallint().notNull(),
    feedback: text(),
    couponSid: text(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('surveys_user_key').on(t.userSid),
    uniqueIndex('surveys_rewarded_owner_key')
      .on(t.ownerSid)
      .where(sql`${t.couponSid} is not null`),
    // The console's answers, newest first, sid breaking ties the same way.
    index('surveys_created_idx').on(t.createdAt.desc(), t.sid.desc()),
  ],
);

/**
 * Running totals of the survey, kept in the transaction of each answer, so the operators'
 * averages never re-read every answer. One row (`id` = 1).
 */
export const surveyTotals = pgTable('survey_totals', {
  id: smallint().primaryKey(),
  answers: integer().notNull().default(0),
  satisfactionTenths: bigint({ mode: 'number' }).notNull().default(0),
  scoreTenths: bigint({ mode: 'number' }).notNull().default(0),
});
