import {
  CODE_DAILY_CAP,
  CODE_HOURLY_CAP,
  CODE_LENGTH,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  ErrorCode,
  type CodePurpose,
  type MessageChannel,
} from '@gemstock/contract';
import { createHmac } from 'node:crypto';
import { sameBytes } from '../../lib/constant-time.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newNumericCode, newSid } from '../../lib/ids.js';
import {
  consumeCode,
  countRecentSends,
  deleteVerificationCode,
  findNewestCode,
  insertVerificationCode,
  lockSendingFor,
  takeAttempt,
} from './verification-code.repository.js';

export type CodeDeps = Pick<AppDeps, 'db' | 'config' | 'messages'>;

/** Where a code goes and what it may be used for; a code works only for this exact triple. */
export interface CodeAddress {
  channel: MessageChannel;
  target: string;
  purpose: CodePurpose;
}

/**
 * Codes are kept as an HMAC keyed by a secret that is not in the database: six digits are only
 * a million guesses, so a plain or salted hash would fall to anyone holding a copy of the table.
 * The address and purpose are part of the MAC, so a row can never vouch for another address.
 */
function hashCode(secret: Uint8Array, address: CodeAddress, code: string): string {
  const key = createHmac('sha256', secret).update('gemstock/verification-code/v1').digest();
  return createHmac('sha256', key)
    .update(`${address.channel}\n${address.target}\n${address.purpose}\n${code}`)
    .digest('hex');
}

function codeMessageText(siteName: string, code: string): string {
  return `【${siteName}】您的验证码是 ${code}，${CODE_TTL_SECONDS / 60} 分钟内有效。`;
}

/**
 * Issues a code after the sending limits: one per address per CODE_RESEND_SECONDS, hourly and
 * daily caps per address. Past CODE_CHALLENGE_AFTER codes from one client address within an
 * hour, each further one needs a solved proof-of-work challenge (`challengeSolved`) instead of
 * being refused: a whole office behind one address can still register. A code that could not be
 * delivered is deleted, so it neither works nor counts against the caps.
 */
export async function sendVerificationCode(
  deps: CodeDeps,
  address: CodeAddress,
  ip: string | null,
  options: { challengeSolved?: boolean } = {},
): Promise<{ resendAfter: number }> {
  const { db, config, messages } = deps;
  const code = newNumericCode(CODE_LENGTH);
  const sid = newSid();

  await db.transaction(async (tx) => {
    await lockSendingFor(tx, address.target, ip);
    const recent = await countRecentSends(tx, address.target, ip, CODE_RESEND_SECONDS);
    if (recent.inResendWindow > 0) throw new AppError(ErrorCode.CODE_TOO_FREQUENT);
    if (recent.lastDay >= CODE_DAILY_CAP) throw new AppError(ErrorCode.CODE_DAILY_CAP);
    if (recent.lastHour >= CODE_HOURLY_CAP) throw new AppError(ErrorCode.CODE_HOURLY_CAP);
    if (recent.ipLastHour >= config.codeChallengeAfter && !options.challengeSolved) {
      throw new AppError(ErrorCode.CHALLENGE_REQUIRED);
    }
    await insertVerificationCode(tx, {
      sid,
      channel: address.channel,
      target: address.target,
      purpose: address.purpose,
      codeHash: hashCode(config.jwtSecret, address, code),
      ip,
      ttlSeconds: CODE_TTL_SECONDS,
    });
  });

  // Sent after the commit: a provider taking seconds must not hold the row locks meanwhile.
  try {
    await messages.send({
      channel: address.channel,
      to: address.target,
      subject: `【${config.siteName}】验证码`,
      text: codeMessageText(config.siteName, code),
      code,
    });
  } catch (error) {
    await deleteVerificationCode(db, sid);
    throw new AppError(ErrorCode.MESSAGE_SEND_FAILED, undefined, undefined, { cause: error });
  }
  return { resendAfter: CODE_RESEND_SECONDS };
}

/**
 * Checks a code against the newest one sent to the address for this purpose. Every check uses
 * up one of CODE_MAX_ATTEMPTS tries, right or wrong; a right code is not consumed here (see
 * consumeVerificationCode) so that the action it guards can consume it in its own transaction.
 * Returns the code's id.
 */
export async function checkVerificationCode(
  deps: Pick<CodeDeps, 'db' | 'config'>,
  address: CodeAddress,
  code: string,
): Promise<string> {
  const { db, config } = deps;
  const row = await findNewestCode(db, address.channel, address.target, address.purpose);
  if (!row) throw new AppError(ErrorCode.CODE_INVALID);
  const storedHash = await takeAttempt(db, row.sid);
  if (storedHash === undefined) {
    // Read again: a parallel request may have used the code up since it was read above, and
    // that is "used", not "too many tries".
    const fresh = (await findNewestCode(db, address.channel, address.target, address.purpose)) ?? row;
    if (fresh.sid !== row.sid || fresh.consumedAt || fresh.isExpired) throw new AppError(ErrorCode.CODE_EXPIRED);
    throw new AppError(ErrorCode.CODE_ATTEMPTS_EXCEEDED);
  }
  const given = Buffer.from(hashCode(config.jwtSecret, address, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  if (!sameBytes(given, stored)) throw new AppError(ErrorCode.CODE_INVALID);
  return row.sid;
}

/** Uses a checked code up, inside the transaction of the action it allowed. */
export async function consumeVerificationCode(tx: DbOrTx, sid: string): Promise<void> {
  if (!(await consumeCode(tx, sid))) throw new AppError(ErrorCode.CODE_EXPIRED);
}
