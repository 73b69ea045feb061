import { CODE_MAX_ATTEMPTS } from '@gemstock/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { usedChallenges, verificationCodes } from '../../db/schema/index.js';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** Namespaces of the advisory locks taken while deciding whether a code may be sent. */
const LOCK_TARGET = 7101;
const LOCK_IP = 7102;

/**
 * Serialises concurrent sends for the same address and the same client address until the
 * transaction ends, so two requests in the same instant cannot both slip under a cap.
 * Locks are always taken target first, then ip, so they cannot deadlock.
 */
export async function lockSendingFor(tx: DbOrTx, target: string, ip: string | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LOCK_TARGET))}, hashtext(${target}))`);
  if (ip) await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(LOCK_IP))}, hashtext(${ip}))`);
}

export interface RecentSends {
  /** Codes sent to the target within the resend window. */
  inResendWindow: number;
  lastHour: number;
  /** Codes sent to the target since midnight China time (the cap's message says 明天再试). */
  lastDay: number;
  /** Codes requested from the client address in the last hour, whatever the target. */
  ipLastHour: number;
}

/**
 * Midnight of today in China time (UTC+8 all year), by the database clock; written through
 * UTC so that the session's TimeZone setting cannot move it.
 */
const CHINA_DAY_START = sql.raw(
  `((date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '8 hours') - interval '8 hours') AT TIME ZONE 'UTC')`,
);

/** Counts use the database clock, so several API servers agree on every window. */
export async function countRecentSends(
  db: DbOrTx,
  target: string,
  ip: string | null,
  resendSeconds: number,
): Promise<RecentSends> {
  const [byTarget] = await db
    .select({
      inResendWindow:
        sql<number>`count(*) filter (where ${verificationCodes.createdAt} > now() - make_interval(secs => ${resendSeconds}))`.mapWith(
          Number,
        ),
      lastHour: sql<number>`count(*) filter (where ${verificationCodes.createdAt} > now() - interval '1 hour')`.mapWith(
        Number,
      ),
      lastDay: sql<number>`count(*) filter (where ${verificationCodes.createdAt} >= ${CHINA_DAY_START})`.mapWith(
        Number,
      ),
    })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), sql`${verificationCodes.createdAt} > now() - interval '1 day'`));
  let ipLastHour = 0;
  if (ip) {
    const [byIp] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.ip, ip), sql`${verificationCodes.createdAt} > now() - interval '1 hour'`));
    ipLastHour = byIp?.n ?? 0;
  }
  return {
    inResendWindow: byTarget?.inResendWindow ?? 0,
    lastHour: byTarget?.lastHour ?? 0,
    lastDay: byTarget?.lastDay ?? 0,
    ipLastHour,
  };
}

export async function insertVerificationCode(
  db: DbOrTx,
  values: {
    sid: string;
    channel: string;
    target: string;
    purpose: string;
    codeHash: string;
    ip: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  const { ttlSeconds, ...row } = values;
  await db.insert(verificationCodes).values({ ...row, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
}

export async function deleteVerificationCode(db: DbOrTx, sid: string): Promise<void> {
  await db.delete(verificationCodes).where(eq(verificationCodes.sid, sid));
}

/** Records a redeemed challenge; false when it was redeemed before (on any server). */
export async function markChallengeUsed(db: DbOrTx, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(usedChallenges)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: usedChallenges.signature });
  return rows.length > 0;
}

/** Only the newest code for an address and purpose counts; older ones are superseded. */
export async function findNewestCode(
  db: DbOrTx,
  channel: string,
  target: string,
  purpose: string,
): Promise<(VerificationCodeRow & { isExpired: boolean }) | undefined> {
  const [row] = await db
    .select({ row: verificationCodes, isExpired: sql<boolean>`${verificationCodes.expiresAt} <= now()` })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.channel, channel),
        eq(verificationCodes.target, target),
        eq(verificationCodes.purpose, purpose),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.sid))
    .limit(1);
  return row ? { ...row.row, isExpired: row.isExpired } : undefined;
}

/**
 * Takes one of the code's tries before comparing, in one conditional UPDATE: parallel guesses
 * cannot compare more than CODE_MAX_ATTEMPTS times between them. Returns the stored hash, or
 * undefined when the code is used, expired or out of tries.
 */
export async function takeAttempt(db: DbOrTx, sid: string): Promise<string | undefined> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.sid, sid),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash });
  return row?.codeHash;
}

/** Marks a code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, sid: string): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(verificationCodes.sid, sid), isNull(verificationCodes.consumedAt)))
    .returning({ sid: verificationCodes.sid });
  return rows.length > 0;
}
