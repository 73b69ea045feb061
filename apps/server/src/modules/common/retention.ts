import type { AppDeps } from '../../app-deps.js';
import {
  archiveOlderThan,
  purgeArchiveAfterYears,
  purgeEndedBoardShares,
  purgeExpiredChallenges,
  purgeFinishedMediaJobs,
  purgeOlderThan,
  purgeSignInGuards,
  type RetentionStatements,
  runRetentionRule,
} from './retention.repository.js';

/**
 * How long each table that only grows keeps its rows (docs/decisions/0027-how-long-each-table-lives.md,
 * listed per table in docs/operations.md). Tables not named here are kept (orders, invoices, the
 * ledger, licences…) or already have their own purge (search logs, unused uploads, heartbeats).
 */
export const RETENTION = {
  /**
   * Verification codes: expired within minutes, but a day's codes count against the daily sending
   * cap (China-time day), so they stay two days.
   */
  verificationCodeDays: 2,
  /** Dev-outbox messages (no mail or SMS provider): a code in it is dead within minutes. */
  outboxDays: 7,
  /** Download records: network logs are kept at least six months (网络安全法 第二十一条). */
  downloadDays: 200,
  /** Finished media jobs: their errors matter while an operator may still look at them. */
  mediaJobDays: 30,
  /** Wrong-password counters: their window and lock last minutes. */
  signInGuardDays: 1,
  /** Payment events and audit entries stay in the hot tables through the year's closing and tax filing. */
  hotDays: 730,
  /** Raw gateway deliveries are original vouchers: 30 years (会计档案管理办法, 附表一). */
  paymentEventYears: 30,
  /** Operator audit entries: 10 years, like the other accounting material the law names. */
  auditYears: 10,
  /**
   * Change announcements between servers: only the newest id of a channel is read, by a server
   * catching up after a lost connection (ops/change-feed.ts); a day covers any such gap.
   */
  changeFeedDays: 1,
  /**
   * Raw analytics events (page views, detail views, cart additions): the daily rollups keep the
   * figures for good; the rows are kept a little longer than the rollup looks back (31 days).
   */
  analyticsEventDays: 90,
  /**
   * Board share links that were revoked or expired: they open nothing any more, and are kept a
   * month as the record of what was shown to a client (the company may still ask "was that link
   * still open last week?"), then go, so a board whose links are made and revoked again and again
   * does not grow (decision 0047).
   */
  boardShareDays: 30,
} as const;

/** How often the retention pass runs (server.ts). */
export const RETENTION_INTERVAL_MS = 3_600_000;
/** Rows per batch: one short transaction each, so no lock or transaction grows with the backlog. */
export const RETENTION_BATCH = 1000;

interface Rule extends RetentionStatements {
  name: string;
}

const RULES: readonly Rule[] = [
  { name: 'outbox_messages', ...purgeOlderThan(1, 'outbox_messages', RETENTION.outboxDays) },
  { name: 'downloads', ...purgeOlderThan(2, 'downloads', RETENTION.downloadDays) },
  { name: 'media_jobs', ...purgeFinishedMediaJobs(3, RETENTION.mediaJobDays) },
  { name: 'sign_in_guards', ...purgeSignInGuards(4, RETENTION.signInGuardDays) },
  { name: 'payment_events', ...archiveOlderThan(5, 'payment_events', RETENTION.hotDays) },
  { name: 'audit_logs', ...archiveOlderThan(6, 'audit_logs', RETENTION.hotDays) },
  {
    name: 'payment_events_archive',
    ...purgeArchiveAfterYears(7, 'payment_events_archive', RETENTION.paymentEventYears),
  },
  { name: 'audit_logs_archive', ...purgeArchiveAfterYears(8, 'audit_logs_archive', RETENTION.auditYears) },
  { name: 'verification_codes', ...purgeOlderThan(9, 'verification_codes', RETENTION.verificationCodeDays) },
  { name: 'used_challenges', ...purgeExpiredChallenges(10) },
  { name: 'change_feed', ...purgeOlderThan(11, 'change_feed', RETENTION.changeFeedDays) },
  { name: 'analytics_events', ...purgeOlderThan(12, 'analytics_events', RETENTION.analyticsEventDays) },
  { name: 'board_shares', ...purgeEndedBoardShares(13, RETENTION.boardShareDays) },
];

export type RetentionResult = Record<string, number>;

/**
 * One background pass: each rule deletes (or moves to its archive) what is past its lifetime, in
 * batches of `batch` rows, each batch its own transaction under the rule's advisory lock. Safe to
 * repeat and to run on several servers at once: a rule another server is running is left to it,
 * and a row is only ever deleted by the statement that selected it as past its lifetime.
 * Returns the rows each rule removed.
 */
export async function enforceRetention(
  deps: Pick<AppDeps, 'db'>,
  batch: number = RETENTION_BATCH,
): Promise<RetentionResult> {
  const result: RetentionResult = {};
  for (const rule of RULES) {
    result[rule.name] = await runRetentionRule(deps.db, rule, batch);
  }
  return result;
}
