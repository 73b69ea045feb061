import {
  ErrorCode,
  type TSubUser,
  type ZCreateSubUserRequest,
  type ZResetEmailForSubRequest,
  type ZSubUserEnabledRequest,
  type ZSubUserPasswordRequest,
  type ZUpdateSubUserRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import { getWalletSummary } from '../wallet/wallet.repository.js';
import {
  countPendingAuditOrders,
  findSubAccountOf,
  findUserByEmail,
  findUserByMobile,
  findUserByUsername,
  listSubAccounts,
  updateUser,
  type UserPatch,
  type UserRow,
} from './user.repository.js';
import { createSubAccount, normaliseUsername, takenError } from './user.service.js';
import { presentSubUser } from './user.view.js';

/**
 * A main account manages its sub-accounts (spec §6). Every lookup is scoped to the caller:
 * another company's sub-account answers NOT_FOUND, exactly like one that does not exist.
 */

interface SubUserDeps {
  db: DbOrTx;
}

function assertSubAccountsEnabled(main: UserRow): void {
  if (main.level !== 0) throw new AppError(ErrorCode.MAIN_ACCOUNT_ONLY);
  if (!main.subEnabled) throw new AppError(ErrorCode.SUB_ACCOUNTS_DISABLED);
}

async function findOwnSubAccount(db: DbOrTx, main: UserRow, sid: string): Promise<UserRow> {
  const sub = await findSubAccountOf(db, main.sid, sid);
  if (!sub) throw new AppError(ErrorCode.NOT_FOUND, '子账号不存在');
  return sub;
}

async function presentSubUsers(db: DbOrTx, main: UserRow, rows: UserRow[]): Promise<TSubUser[]> {
  const waiting = await countPendingAuditOrders(
    db,
    rows.map((r) => r.sid),
  );
  // Sub-accounts pay from the main account's wallet, so its VIP status is theirs.
  const { isVip } = await getWalletSummary(db, main.sid);
  return rows.map((row) => presentSubUser(row, { orderWaiting: waiting.get(row.sid) ?? 0, vipValid: isVip }));
}

async function presentOne(db: DbOrTx, main: UserRow, row: UserRow): Promise<{ sub_user: TSubUser }> {
  const [subUser] = await presentSubUsers(db, main, [row]);
  if (!subUser) throw new AppError(ErrorCode.NOT_FOUND);
  return { sub_user: subUser };
}

async function applyPatch(
  db: DbOrTx,
  main: UserRow,
  sub: UserRow,
  patch: UserPatch,
  options: { bumpTokenVersion?: boolean } = {},
): Promise<{ sub_user: TSubUser }> {
  const result = await updateUser(db, sub.sid, patch, options);
  if (!result.ok) throw takenError(result.taken);
  return presentOne(db, main, result.value ?? sub);
}

export async function listSubUsers(deps: SubUserDeps, main: UserRow): Promise<{ sub_users: TSubUser[] }> {
  assertSubAccountsEnabled(main);
  return { sub_users: await presentSubUsers(deps.db, main, await listSubAccounts(deps.db, main.sid)) };
}

export async function createSubUser(
  deps: SubUserDeps,
  main: UserRow,
  input: z.output<typeof ZCreateSubUserRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  // Checked first for a precise answer; the unique indexes still decide when two requests race.
  if (await findUserByUsername(deps.db, normaliseUsername(input.username))) throw takenError('username');
  if (input.email && (await findUserByEmail(deps.db, input.email))) throw takenError('email');
  if (input.mobile && (await findUserByMobile(deps.db, input.mobile))) throw takenError('mobile');
  const sub = await createSubAccount(deps.db, main, input);
  return presentOne(deps.db, main, sub);
}

/** PUT semantics: the form sends both fields, and an absent one is cleared. */
export async function updateSubUser(
  deps: SubUserDeps,
  main: UserRow,
  sid: string,
  input: z.output<typeof ZUpdateSubUserRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, sid);
  const mobile = input.mobile ?? null;
  if (mobile && mobile !== sub.mobile && (await findUserByMobile(deps.db, mobile))) throw takenError('mobile');
  return applyPatch(deps.db, main, sub, { name: input.name, mobile });
}

/** Revokes the sub-account's tokens: whoever knew the old password is signed out. */
export async function setSubUserPassword(
  deps: SubUserDeps,
  main: UserRow,
  sid: string,
  input: z.output<typeof ZSubUserPasswordRequest>,
): Promise<void> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, sid);
  await updateUser(deps.db, sub.sid, { passwordHash: await hashPassword(input.password) }, { bumpTokenVersion: true });
}

export async function setSubUserEnabled(
  deps: SubUserDeps,
  main: UserRow,
  sid: string,
  input: z.output<typeof ZSubUserEnabledRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, sid);
  // Disabling also revokes its tokens, so a session in progress ends now, not at expiry.
  return applyPatch(
    deps.db,
    main,
    sub,
    { enabled: input.enabled },
    { bumpTokenVersion: !input.enabled && sub.enabled },
  );
}

/** The main account vouches for its sub-account's address; no code is sent (spec §6). */
export async function resetSubUserEmail(
  deps: SubUserDeps,
  main: UserRow,
  input: z.output<typeof ZResetEmailForSubRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, input.sid);
  if (sub.email === input.email) return presentOne(deps.db, main, sub);
  if (await findUserByEmail(deps.db, input.email)) throw takenError('email');
  return applyPatch(deps.db, main, sub, { email: input.email });
}
