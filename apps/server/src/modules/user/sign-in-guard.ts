import { ErrorCode, MessageChannel } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { formatChinaDateTime } from '../../lib/china-time.js';
import {
  clearWrongPasswords,
  findActiveLock,
  recordWrongPassword,
  type SignInLimits,
} from './sign-in-guard.repository.js';

/**
 * The per-account limit on wrong passwords, for buyers, sub-accounts and operators alike. It is
 * kept in the database, so every server sees the same count; the per-address rate limit on the
 * login routes stays in front of it.
 */
export const SIGN_IN_LIMITS: SignInLimits = { maxFailures: 10, windowSeconds: 15 * 60, lockSeconds: 15 * 60 };

export type SignInAccount = { kind: 'user' | 'operator'; sid: string };

/** Where the owner hears about a lock: the account's own address, else (sub-accounts) its main account's. */
export interface LockNoticeAddress {
  email: string | null;
  mobile: string | null;
}

export type SignInGuardDeps = Pick<AppDeps, 'db' | 'messages' | 'config'> & {
  log?: { warn(data: object, message: string): void };
};

function keyOf(account: SignInAccount): string {
  return `${account.kind}:${account.sid}`;
}

/** "2026-11-25 10:15" in Beijing time: the minute the account may try again. */
function retryTime(lockedUntil: Date): string {
  // Rounded up, so "after 10:15" is never a moment before the lock really ends.
  return formatChinaDateTime(new Date(Math.ceil(lockedUntil.getTime() / 60_000) * 60_000)).slice(0, 16);
}

export function signInLockedError(lockedUntil: Date): AppError {
  return new AppError(
    ErrorCode.SIGN_IN_LOCKED,
    `密码错误次数过多，账号已暂时锁定，请于 ${retryTime(lockedUntil)} 后再试`,
  );
}

/** Refuses sign-in while the account is locked; call before looking at the password. */
export async function assertNotLocked(deps: Pick<AppDeps, 'db'>, account: SignInAccount): Promise<void> {
  const lockedUntil = await findActiveLock(deps.db, keyOf(account));
  if (lockedUntil) throw signInLockedError(lockedUntil);
}

/**
 * Counts a wrong password and returns the error to answer with: INVALID_CREDENTIALS, or the
 * lock message once the limit is reached. The wrong password that locks the account sends the
 * owner a notice (best effort: a failed notice is logged, never a failed request).
 */
export async function failedSignIn(
  deps: SignInGuardDeps,
  account: SignInAccount,
  notify: LockNoticeAddress | null,
): Promise<AppError> {
  const result = await recordWrongPassword(deps.db, keyOf(account), SIGN_IN_LIMITS);
  if (!result.lockedUntil) return new AppError(ErrorCode.INVALID_CREDENTIALS);
  if (result.justLocked) await sendLockNotice(deps, account, notify, result.lockedUntil);
  return signInLockedError(result.lockedUntil);
}

export async function succeededSignIn(deps: Pick<AppDeps, 'db'>, account: SignInAccount): Promise<void> {
  await clearWrongPasswords(deps.db, keyOf(account));
}

async function sendLockNotice(
  deps: SignInGuardDeps,
  account: SignInAccount,
  address: LockNoticeAddress | null,
  lockedUntil: Date,
): Promise<void> {
  const minutes = SIGN_IN_LIMITS.windowSeconds / 60;
  const text =
    `【${deps.config.siteName}】您的账号在 ${minutes} 分钟内密码错误已达 ${SIGN_IN_LIMITS.maxFailures} 次，` +
    `登录已暂时锁定至 ${retryTime(lockedUntil)}。如非本人操作，请尽快修改密码。`;
  const to = address?.email
    ? { channel: MessageChannel.EMAIL, to: address.email }
    : address?.mobile
      ? { channel: MessageChannel.SMS, to: address.mobile }
      : null;
  if (!to) {
    deps.log?.warn({ account: keyOf(account) }, 'sign-in locked after too many wrong passwords; no address to notify');
    return;
  }
  try {
    await deps.messages.send({ ...to, subject: `【${deps.config.siteName}】账号登录已暂时锁定`, text, code: null });
  } catch (error) {
    deps.log?.warn({ err: error, account: keyOf(account) }, 'sign-in lock notice could not be sent');
  }
}
