import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf, tryTransactionLock } from '../../db/sql.js';

/** First key of every retention lock (pg_try_advisory_xact_lock(int, int)); the second names the rule. */
const RETENTION_LOCK = 7_310_627;

/** The start of the current China-time calendar year, as an instant. */
const CHINA_YEAR_START = sql`((date_trunc('year', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC')`;

/** Before this instant a row is past `days` days of age. */
function olderThanDays(days: number): SQL {
  return sql`now() - make_interval(days => ${days})`;
}

/**
 * Before this instant a row's keeping period of `years` is over: periods are counted from the end
 * of the China-time year the row was made in (会计档案管理办法 第十四条), so a row of 2025 kept 10
 * years goes once 2036 has begun.
 */
function keptYearsOver(years: number): SQL {
  return sql`(${CHINA_YEAR_START} - make_interval(years => ${years}))`;
}

/**
 * One batch of a rule, in its own short transaction holding the rule's advisory lock. Returns
 * how many rows it deleted or moved, or null when another server holds the lock (that server is
 * running the rule; this one leaves it to it).
 */
async function lockedBatch(db: Db, ruleKey: number, statement: SQL): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, RETENTION_LOCK, ruleKey))) return null;
    const result = rowsOf<{ n: number }>(await tx.execute(statement));
    return Number(result[0]?.n ?? 0);
  });
}

export interface RetentionStatements {
  /** Advisory-lock key of the rule (unique per rule). */
  key: number;
  /** Deletes (or moves) at most `limit` rows and selects their count as `n`. */
  batch(limit: number): SQL;
}

/** Runs one rule's batches until fewer than `limit` rows were left or another server has the rule. */
export async function runRetentionRule(db: Db, rule: RetentionStatements, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await lockedBatch(db, rule.key, rule.batch(limit));
    if (n === null) return total;
    total += n;
    if (n < limit) return total;
  }
}

/** The primary key of each table purged by age. */
const PURGED_BY_AGE = {
  outbox_messages: 'id',
  downloads: 'id',
  verification_codes: 'sid',
  change_feed: 'id',
  analytics_events: 'id',
} as const;

/** Rows of `table` made more than `days` ago, oldest first (an index on created_at serves it). */
export function purgeOlderThan(key: number, table: keyof typeof PURGED_BY_AGE, days: number): RetentionStatements {
  const t = sql.raw(table);
  const id = sql.raw(PURGED_BY_AGE[table]);
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from ${t} where ${id} in (
          select ${id} from ${t} where created_at < ${olderThanDays(days)} order by created_at limit ${limit}
        ) returning 1
      )
      select count(*)::int as n from gone`,
  };
}

/** Used proof-of-work challenges that have expired (an expired challenge is refused anyway). */
export function purgeExpiredChallenges(key: number): RetentionStatements {
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from used_challenges where signature in (
          select signature from used_challenges where expires_at < now() order by expires_at limit ${limit}
        ) returning 1
      )
      select count(*)::int as n from gone`,
  };
}

/**
 * Finished media jobs (done or failed) that ended more than `days` ago, except each material's
 * newest of each kind: its renditions job the console shows as the state of its files, its
 * reframes' a failure not yet told to the buyer.
 */
export function purgeFinishedMediaJobs(key: number, days: number): RetentionStatements {
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from media_jobs where id in (
          select j.id from media_jobs j
          where j.status in ('done', 'failed') and j.finished_at < ${olderThanDays(days)}
            and exists (
              select 1 from media_jobs n where n.material_sid = j.material_sid and n.kind = j.kind and n.id > j.id
            )
          order by j.finished_at limit ${limit}
        ) returning 1
      )
      select count(*)::int as n from gone`,
  };
}

/**
 * Wrong-password counters whose window began more than `days` ago and whose lock, if any, has
 * ended: they no longer count (the window and the lock last minutes), and the next wrong password
 * starts a new row.
 */
export function purgeSignInGuards(key: number, days: number): RetentionStatements {
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from sign_in_guards where account_key in (
          select account_key from sign_in_guards
          where window_started_at < ${olderThanDays(days)} and (locked_until is null or locked_until <= now())
          order by window_started_at limit ${limit}
        ) and (locked_until is null or locked_until <= now())
        returning 1
      )
      select count(*)::int as n from gone`,
  };
}

/**
 * Moves rows of `table` made more than `days` ago into `<table>_archive`, in one statement: a row
 * is deleted and inserted together, so it is always in exactly one of the two tables.
 */
export function archiveOlderThan(
  key: number,
  table: 'payment_events' | 'audit_logs',
  days: number,
): RetentionStatements {
  const columns =
    table === 'payment_events'
      ? sql.raw('id, order_sid, gateway, kind, trade_no, amount_cents, verified, outcome, payload, created_at')
      : sql.raw('id, operator_sid, action, entity, entity_sid, refs, before, after, created_at');
  const t = sql.raw(table);
  const archive = sql.raw(`${table}_archive`);
  return {
    key,
    batch: (limit) => sql`
      with moved as (
        delete from ${t} where id in (
          select id from ${t} where created_at < ${olderThanDays(days)} order by created_at limit ${limit}
        ) returning ${columns}
      ), kept as (
        insert into ${archive} (${columns}) select ${columns} from moved returning 1
      )
      select count(*)::int as n from moved`,
  };
}

/** Archived rows whose keeping period of `years` (from the end of their China year) is over. */
export function purgeArchiveAfterYears(
  key: number,
  table: 'payment_events_archive' | 'audit_logs_archive',
  years: number,
): RetentionStatements {
  const t = sql.raw(table);
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from ${t} where id in (
          select id from ${t} where created_at < ${keptYearsOver(years)} order by created_at limit ${limit}
        ) returning 1
      )
      select count(*)::int as n from gone`,
  };
}

/**
 * Board share links revoked, or expired, more than `days` ago (board_shares_revoked_idx and
 * board_shares_expires_idx). A live link is never taken: one revoked or expired less than `days`
 * ago ends later than the cutoff on both counts.
 */
export function purgeEndedBoardShares(key: number, days: number): RetentionStatements {
  return {
    key,
    batch: (limit) => sql`
      with gone as (
        delete from board_shares where token in (
          select token from board_shares
          where revoked_at < ${olderThanDays(days)} or expires_at < ${olderThanDays(days)}
          limit ${limit}
        ) returning 1
      )
      select count(*)::int as n from gone`,
  };
}
