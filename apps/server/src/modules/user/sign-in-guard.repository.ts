import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { signInGuards } from '../../db/schema/index.js';

export interface SignInLimits {
  /** Wrong passwords within the window that lock the account. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

export interface WrongPasswordResult {
  /** Wrong passwords counted in the current window, this one included. */
  failures: number;
  /** Set while the account is locked. */
  lockedUntil: Date | null;
  /** True for exactly the one wrong password that locked the account. */
  justLocked: boolean;
}

/** The end of the account's lock, or null when it may sign in. Read with the database clock. */
export async function findActiveLock(db: DbOrTx, accountKey: string): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: signInGuards.lockedUntil })
    .from(signInGuards)
    .where(and(eq(signInGuards.accountKey, accountKey), gt(signInGuards.lockedUntil, sql`now()`)));
  return row?.lockedUntil ?? null;
}

/**
 * Counts one wrong password in a single upsert, so parallel attempts on any number of servers
 * each count once (the row lock orders them). A window older than `windowSeconds` starts again
 * at 1; reaching `maxFailures` sets the lock, and a lock in force is never shortened.
 */
export async function recordWrongPassword(
  db: DbOrTx,
  accountKey: string,
  limits: SignInLimits,
): Promise<WrongPasswordResult> {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const lock = sql`make_interval(secs => ${limits.lockSeconds})`;
  const expired = sql`g.window_started_at <= now() - ${window}`;
  const counted = sql`(case when ${expired} then 1 else g.failures + 1 end)`;
  const result = await db.execute<{ failures: number; locked_until: string | Date | null }>(sql`
    insert into sign_in_guards as g (account_key, failures, window_started_at, locked_until)
    values (${accountKey}, 1, now(), case when 1 >= ${limits.maxFailures} then now() + ${lock} end)
    on conflict (account_key) do update set
      failures = ${counted},
      window_started_at = case when ${expired} then now() else g.window_started_at end,
      locked_until = case
        when g.locked_until > now() then g.locked_until
        when ${counted} >= ${limits.maxFailures} then now() + ${lock}
        else null
      end
    returning failures, locked_until`);
  const row = (result as unknown as { rows: { failures: number; locked_until: string | Date | null }[] }).rows[0];
  if (!row) throw new Error('sign-in guard upsert returned no row');
  const failures = Number(row.failures);
  const lockedUntil = row.locked_until === null ? null : new Date(row.locked_until);
  return { failures, lockedUntil, justLocked: failures === limits.maxFailures };
}

/** A right password forgets the wrong ones, unless a lock is in force. */
export async function clearWrongPasswords(db: DbOrTx, accountKey: string): Promise<void> {
  await db
    .delete(signInGuards)
    .where(
      and(
        eq(signInGuards.accountKey, accountKey),
        or(isNull(signInGuards.lockedUntil), lte(signInGuards.lockedUntil, sql`now()`)),
      ),
    );
}
