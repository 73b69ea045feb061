import {
  CodePurpose,
  ErrorCode,
  MessageChannel,
  type TSubUser,
  type TSubUsersResponse,
  type ZCreateSubUserRequest,
  type ZResetEmailForSubRequest,
  type ZSubUserEnabledRequest,
  type ZSubUserPasswordRequest,
  type ZUpdateSubUserRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import { hashPassword } from '../../lib/passwords.js';
import { getWalletSummary } from '../wallet/index.js';
import {
  countPendingAuditOrders,
  countSubAccounts,
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
import { monthSpendOf } from './sub-account-budget.js';
import { presentSubUser } from './user.view.js';
import { checkVerificationCode, consumeVerificationCode, type CodeAddress } from './verification-code.service.js';

/**
 * A main account manages its sub-accounts (spec §6). Every lookup is scoped to the caller:
 * another company's sub-account answers NOT_FOUND, exactly like one that does not exist.
 */

type SubUserDeps = Pick<AppDeps, 'db' | 'config'>;

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
  const sids = rows.map((r) => r.sid);
  const waiting = await countPendingAuditOrders(db, main.sid, sids);
  const spent = await monthSpendOf(db, sids, new Date());
  // Sub-accounts pay from the main account's wallet, so its VIP status is theirs.
  const { isVip } = await getWalletSummary(db, main.sid);
  return rows.map((row) =>
    presentSubUser(row, {
      orderWaiting: waiting.get(row.sid) ?? 0,
      vipValid: isVip,
      monthSpent: spent.get(row.sid) ?? 0,
    }),
  );
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

export async function listSubUsers(
  deps: SubUserDeps,
  main: UserRow,
  query: { page: number; page_size: number; cursor?: string | undefined },
): Promise<TSubUsersResponse> {
  assertSubAccountsEnabled(main);
  const [found, counted] = await Promise.all([
    listSubAccounts(deps.db, main.sid, listPageOf(query)),
    countSubAccounts(deps.db, main.sid),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (s) => ({ at: s.position, sid: s.sid }));
  return { ...cappedTotal(counted), nextCursor, sub_users: await presentSubUsers(deps.db, main, rows) };
}

/**
 * Creates a sub-account with a username. An address is never bound here: the main account could
 * name anyone's email or mobile and lock its owner out of registering, recovering or signing
 * in, so addresses are added afterwards with a code sent to them.
 */
export async function createSubUser(
  deps: SubUserDeps,
  main: UserRow,
  input: z.output<typeof ZCreateSubUserRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  if (input.email || input.mobile) throw new AppError(ErrorCode.SUB_CONTACT_NEEDS_CODE);
  // Checked first for a precise answer; the unique indexes still decide when two requests race.
  if (await findUserByUsername(deps.db, normaliseUsername(input.username))) throw takenError('username');
  const sub = await createSubAccount(deps.db, main, {
    username: input.username,
    password: input.password,
    name: input.name,
    monthlyBudgetCents: input.monthlyBudget ?? null,
  });
  return presentOne(deps.db, main, sub);
}

/**
 * Binds an address to a sub-account once a code sent to it has been given back: the code is
 * checked (using up one try), then consumed in the same transaction as the write, so one code
 * binds once.
 */
async function bindProvenAddress(
  deps: SubUserDeps,
  main: UserRow,
  sub: UserRow,
  address: { field: 'email' | 'mobile'; value: string },
  code: string,
  alsoSet: UserPatch = {},
): Promise<{ sub_user: TSubUser }> {
  const codeAddress: CodeAddress = {
    channel: address.field === 'email' ? MessageChannel.EMAIL : MessageChannel.SMS,
    target: address.value,
    purpose: CodePurpose.BIND,
  };
  const codeSid = await checkVerificationCode(deps, codeAddress, code);
  return deps.db.transaction(async (tx) => {
    await consumeVerificationCode(tx, codeSid);
    const patch = address.field === 'email' ? { email: address.value } : { mobile: address.value };
    const result = await updateUser(tx, sub.sid, { ...alsoSet, ...patch });
    if (!result.ok) throw takenError(result.taken);
    return presentOne(tx, main, result.value ?? sub);
  });
}

/**
 * PUT semantics: the form sends both fields, and an absent one is cleared. A new mobile is bound
 * only with a code sent to it; the current one is kept, or cleared, without any.
 */
export async function updateSubUser(
  deps: SubUserDeps,
  main: UserRow,
  sid: string,
  input: z.output<typeof ZUpdateSubUserRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, sid);
  const mobile = input.mobile ?? null;
  // Absent keeps the budget; null removes it.
  const budget: UserPatch = input.monthlyBudget === undefined ? {} : { monthlyBudgetCents: input.monthlyBudget };
  if (!mobile || mobile === sub.mobile) return applyPatch(deps.db, main, sub, { name: input.name, mobile, ...budget });
  if (await findUserByMobile(deps.db, mobile)) throw takenError('mobile');
  if (!input.code) throw new AppError(ErrorCode.SUB_CONTACT_NEEDS_CODE, '请输入发送到该手机号的验证码');
  return bindProvenAddress(deps, main, sub, { field: 'mobile', value: mobile }, input.code, {
    name: input.name,
    ...budget,
  });
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

/**
 * Sets a sub-account's email. Spec §6 had the main account vouch for the address without a code;
 * that let anyone's address be taken, so the code sent to the new address is required.
 */
export async function resetSubUserEmail(
  deps: SubUserDeps,
  main: UserRow,
  input: z.output<typeof ZResetEmailForSubRequest>,
): Promise<{ sub_user: TSubUser }> {
  assertSubAccountsEnabled(main);
  const sub = await findOwnSubAccount(deps.db, main, input.sid);
  if (sub.email === input.email) return presentOne(deps.db, main, sub);
  if (await findUserByEmail(deps.db, input.email)) throw takenError('email');
  return bindProvenAddress(deps, main, sub, { field: 'email', value: input.email }, input.code);
}
