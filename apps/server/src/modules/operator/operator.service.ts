import { randomInt } from 'node:crypto';
import {
  AuditAction,
  AuditEntity,
  ErrorCode,
  isOperatorRole,
  OperatorRole,
  zNewPassword,
  zUsername,
  type TOperator,
  type TOperatorAccount,
  type TOperatorWithPasswordResponse,
  type TTotpSetupResponse,
  type ZAdminLoginRequest,
  type ZChangeOperatorPasswordRequest,
  type ZCreateOperatorRequest,
  type ZResetOperatorPasswordRequest,
  type ZTotpDisableRequest,
  type ZUpdateOperatorRequest,
} from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { recordOperatorAction } from '../audit/index.js';
import { assertNotLocked, failedSignIn, succeededSignIn } from '../user/index.js';
import {
  anyOperatorExists,
  bumpOperatorTokenVersion,
  claimTotpStep,
  findOperatorBySid,
  findOperatorByUsername,
  insertOperator,
  listOperators,
  lockEnabledAdministrators,
  type OperatorChange,
  touchOperatorLogin,
  updateOperatorRow,
  type OperatorRow,
} from './operator.repository.js';
import { acceptedTotpStep, newTotpSecret } from './totp.js';

/**
 * Operators live in their own table and sign tokens for the 'operator' audience: a buyer token
 * can never open the back office, nor an operator token act as a buyer. What an operator may do
 * is its roles (contract operator-roles.ts), read from its row on every request.
 */

export interface NewOperator {
  username: string;
  password: string;
  name?: string | null;
  /** 管理员 when not given: the command line and the demo make administrators. */
  roles?: readonly OperatorRole[];
  /** The password was chosen for the operator by someone else: the console asks for a new one. */
  mustChangePassword?: boolean;
}

function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  return new AppError(ErrorCode.VALIDATION, issue?.message ?? ErrorCode.VALIDATION.message);
}

/**
 * Creates an operator account; used by the CLI (`npm run operator:create`), the demo seed and
 * 账号管理. Applies the same username and password rules as the forms. Throws USERNAME_TAKEN.
 */
export async function createOperator(db: DbOrTx, input: NewOperator): Promise<OperatorRow> {
  const username = zUsername.safeParse(input.username);
  if (!username.success) throw validationError(username.error);
  const password = zNewPassword.safeParse(input.password);
  if (!password.success) throw validationError(password.error);
  const row = await insertOperator(db, {
    sid: newSid(),
    username: username.data,
    passwordHash: await hashPassword(password.data),
    name: input.name?.trim() || null,
    roles: [...(input.roles ?? [OperatorRole.ADMIN])],
    mustChangePassword: input.mustChangePassword ?? false,
  });
  if (!row) throw new AppError(ErrorCode.USERNAME_TAKEN);
  return row;
}

export { anyOperatorExists };

/** Where a sign-in came from, for the audit. */
export interface SignInOrigin {
  ip: string;
}

type LoginDeps = Pick<AppDeps, 'db' | 'tokens' | 'messages' | 'config'> & {
  log?: { warn(data: object, message: string): void };
};

type FailedReason = 'unknown_username' | 'locked' | 'password' | 'totp' | 'disabled';

/** A refused sign-in, in the audit: who it claimed to be and why it was refused (never the password). */
async function recordFailedSignIn(
  db: DbOrTx,
  operator: OperatorRow | undefined,
  username: string,
  reason: FailedReason,
  origin: SignInOrigin,
): Promise<void> {
  await recordOperatorAction(db, {
    operatorSid: operator?.sid ?? null,
    action: AuditAction.OPERATOR_LOGIN_FAILED,
    entity: AuditEntity.OPERATOR,
    entitySid: operator?.sid ?? null,
    before: null,
    after: { username, reason, ip: origin.ip },
  });
}

/**
 * Signs an operator in. Operators have the buyers' per-account limit on wrong passwords
 * (sign-in-guard.ts), and a wrong authenticator code counts as a wrong password. Every refusal
 * but "the code is missing" and every sign-in is written to the audit.
 */
export async function loginOperator(
  deps: LoginDeps,
  input: z.output<typeof ZAdminLoginRequest>,
  origin: SignInOrigin,
): Promise<string> {
  const operator = await findOperatorByUsername(deps.db, input.username);
  if (!operator) {
    await verifyAgainstDummy(input.password);
    await recordFailedSignIn(deps.db, undefined, input.username, 'unknown_username', origin);
    throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  }
  const account = { kind: 'operator', sid: operator.sid } as const;
  try {
    await assertNotLocked(deps, account);
  } catch (error) {
    await recordFailedSignIn(deps.db, operator, input.username, 'locked', origin);
    throw error;
  }
  // Operators have no address on file: the lock is logged for whoever watches the server.
  if (!(await verifyPassword(operator.passwordHash, input.password))) {
    const refusal = await failedSignIn(deps, account, null);
    await recordFailedSignIn(deps.db, operator, input.username, 'password', origin);
    throw refusal;
  }
  if (operator.totpSecret) {
    if (!input.totp) throw new AppError(ErrorCode.TOTP_REQUIRED);
    const step = await acceptedTotpStep(operator.totpSecret, input.totp, operator.totpLastStep);
    if (step === null || !(await claimTotpStep(deps.db, operator.sid, step))) {
      const refusal = await failedSignIn(deps, account, null);
      await recordFailedSignIn(deps.db, operator, input.username, 'totp', origin);
      throw refusal.spec === ErrorCode.INVALID_CREDENTIALS ? new AppError(ErrorCode.TOTP_INVALID) : refusal;
    }
  }
  await succeededSignIn(deps, account);
  if (!operator.enabled) {
    await recordFailedSignIn(deps.db, operator, input.username, 'disabled', origin);
    throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  }
  const signedIn = (await touchOperatorLogin(deps.db, operator.sid)) ?? operator;
  await recordOperatorAction(deps.db, {
    operatorSid: operator.sid,
    action: AuditAction.OPERATOR_LOGIN,
    entity: AuditEntity.OPERATOR,
    entitySid: operator.sid,
    before: null,
    after: { ip: origin.ip, totp: operator.totpSecret !== null },
  });
  return deps.tokens.sign('operator', { sub: signedIn.sid, tv: signedIn.tokenVersion });
}

/** 退出: signs the operator out on the server; every token issued to it stops working. */
export async function logoutOperator(deps: Pick<AppDeps, 'db'>, operator: OperatorRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await bumpOperatorTokenVersion(tx, operator.sid);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.OPERATOR_LOGOUT,
      entity: AuditEntity.OPERATOR,
      entitySid: operator.sid,
      before: null,
      after: null,
    });
  });
}

function rolesOf(row: OperatorRow): OperatorRole[] {
  return row.roles.filter(isOperatorRole);
}

export function presentOperator(row: OperatorRow): TOperator {
  return {
    sid: row.sid,
    username: row.username,
    name: row.name,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    roles: rolesOf(row),
    totpEnabled: row.totpSecret !== null,
    mustChangePassword: row.mustChangePassword,
  };
}

export function presentOperatorAccount(row: OperatorRow): TOperatorAccount {
  return { ...presentOperator(row), enabled: row.enabled, createdAt: row.createdAt.toISOString() };
}

async function assertPassword(row: OperatorRow, password: string): Promise<void> {
  if (!(await verifyPassword(row.passwordHash, password))) throw new AppError(ErrorCode.CURRENT_PASSWORD_WRONG);
}

/**
 * The operator changes its own password: every session ends (a stolen token with it), and the
 * one making the change goes on with the token answered.
 */
export async function changeOwnPassword(
  deps: Pick<AppDeps, 'db' | 'tokens'>,
  operator: OperatorRow,
  input: z.output<typeof ZChangeOperatorPasswordRequest>,
): Promise<string> {
  await assertPassword(operator, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const row = await deps.db.transaction(async (tx) => {
    const changed = await updateOperatorRow(tx, operator.sid, { passwordHash, mustChangePassword: false }, true);
    if (!changed) throw new AppError(ErrorCode.TOKEN_INVALID);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.OPERATOR_PASSWORD_CHANGE,
      entity: AuditEntity.OPERATOR,
      entitySid: operator.sid,
      before: null,
      after: null,
    });
    return changed;
  });
  return deps.tokens.sign('operator', { sub: row.sid, tv: row.tokenVersion });
}

/** A new secret, kept pending until a code from the app that scanned it turns TOTP on. */
export async function setUpTotp(
  deps: Pick<AppDeps, 'db'>,
  operator: OperatorRow,
  password: string,
): Promise<TTotpSetupResponse> {
  if (operator.totpSecret) throw new AppError(ErrorCode.TOTP_ALREADY_ENABLED);
  await assertPassword(operator, password);
  const totp = await newTotpSecret(operator.username);
  await updateOperatorRow(deps.db, operator.sid, { totpPendingSecret: totp.secret });
  return totp;
}

export async function enableTotp(deps: Pick<AppDeps, 'db'>, operator: OperatorRow, code: string): Promise<TOperator> {
  if (operator.totpSecret) throw new AppError(ErrorCode.TOTP_ALREADY_ENABLED);
  const pending = operator.totpPendingSecret;
  if (!pending) throw new AppError(ErrorCode.TOTP_NOT_PENDING);
  const step = await acceptedTotpStep(pending, code, null);
  if (step === null) throw new AppError(ErrorCode.TOTP_INVALID);
  return deps.db.transaction(async (tx) => {
    const row = await updateOperatorRow(tx, operator.sid, {
      totpSecret: pending,
      totpPendingSecret: null,
      totpLastStep: step,
    });
    if (!row) throw new AppError(ErrorCode.TOKEN_INVALID);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.OPERATOR_TOTP_ENABLE,
      entity: AuditEntity.OPERATOR,
      entitySid: operator.sid,
      before: null,
      after: null,
    });
    return presentOperator(row);
  });
}

export async function disableTotp(
  deps: Pick<AppDeps, 'db'>,
  operator: OperatorRow,
  input: z.output<typeof ZTotpDisableRequest>,
): Promise<TOperator> {
  if (!operator.totpSecret) throw new AppError(ErrorCode.TOTP_NOT_ENABLED);
  await assertPassword(operator, input.password);
  const step = await acceptedTotpStep(operator.totpSecret, input.code, operator.totpLastStep);
  if (step === null || !(await claimTotpStep(deps.db, operator.sid, step))) throw new AppError(ErrorCode.TOTP_INVALID);
  return deps.db.transaction(async (tx) => {
    const row = await updateOperatorRow(tx, operator.sid, {
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
    if (!row) throw new AppError(ErrorCode.TOKEN_INVALID);
    await recordOperatorAction(tx, {
      operatorSid: operator.sid,
      action: AuditAction.OPERATOR_TOTP_DISABLE,
      entity: AuditEntity.OPERATOR,
      entitySid: operator.sid,
      before: null,
      after: null,
    });
    return presentOperator(row);
  });
}

/* 账号管理 (管理员). */

/** More operators than a console table shows at once is not a situation this product has. */
const OPERATOR_LIST_CAP = 500;

export async function listOperatorAccounts(deps: Pick<AppDeps, 'db'>): Promise<TOperatorAccount[]> {
  return (await listOperators(deps.db, OPERATOR_LIST_CAP)).map(presentOperatorAccount);
}

/** Letters and digits that cannot be mistaken for one another when read out or copied by hand. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** An initial password: 14 characters, about 80 bits. */
export function newInitialPassword(): string {
  let out = '';
  for (let i = 0; i < 14; i += 1) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}

export async function createOperatorAccount(
  deps: Pick<AppDeps, 'db'>,
  admin: OperatorRow,
  input: z.output<typeof ZCreateOperatorRequest>,
): Promise<TOperatorWithPasswordResponse> {
  const made = input.password ? null : newInitialPassword();
  return deps.db.transaction(async (tx) => {
    const row = await createOperator(tx, {
      username: input.username,
      password: input.password ?? made!,
      name: input.name ?? null,
      roles: input.roles,
      mustChangePassword: true,
    });
    await recordOperatorAction(tx, {
      operatorSid: admin.sid,
      action: AuditAction.OPERATOR_CREATE,
      entity: AuditEntity.OPERATOR,
      entitySid: row.sid,
      before: null,
      after: { username: row.username, name: row.name, roles: row.roles },
    });
    return { operator: presentOperatorAccount(row), password: made };
  });
}

function holdsAdmin(roles: readonly string[], enabled: boolean): boolean {
  return enabled && roles.includes(OperatorRole.ADMIN);
}

/**
 * Changes an operator's name, roles or enabled state. Disabling also moves its token version on:
 * its sessions end now (the guard reads `enabled` on every request) and stay ended if it is
 * enabled again. An administrator cannot lock itself out, and the last enabled administrator
 * cannot be disabled or demoted.
 */
export async function updateOperatorAccount(
  deps: Pick<AppDeps, 'db'>,
  admin: OperatorRow,
  sid: string,
  patch: z.output<typeof ZUpdateOperatorRequest>,
): Promise<TOperatorAccount> {
  return deps.db.transaction(async (tx) => {
    const administrators = await lockEnabledAdministrators(tx);
    const target = await findOperatorBySid(tx, sid);
    if (!target) throw new AppError(ErrorCode.OPERATOR_NOT_FOUND);
    const roles = patch.roles ?? target.roles;
    const enabled = patch.enabled ?? target.enabled;
    const losesAdmin = holdsAdmin(target.roles, target.enabled) && !holdsAdmin(roles, enabled);
    if (losesAdmin && target.sid === admin.sid) throw new AppError(ErrorCode.OPERATOR_SELF_LOCKOUT);
    if (losesAdmin && administrators.filter((s) => s !== target.sid).length === 0) {
      throw new AppError(ErrorCode.LAST_ADMINISTRATOR);
    }
    const change: OperatorChange = {};
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (patch.name !== undefined && patch.name !== target.name) {
      change.name = patch.name;
      before.name = target.name;
      after.name = patch.name;
    }
    if (patch.roles && patch.roles.join() !== target.roles.join()) {
      change.roles = patch.roles;
      before.roles = target.roles;
      after.roles = patch.roles;
    }
    if (patch.enabled !== undefined && patch.enabled !== target.enabled) {
      change.enabled = patch.enabled;
      before.enabled = target.enabled;
      after.enabled = patch.enabled;
    }
    if (Object.keys(change).length === 0) return presentOperatorAccount(target);
    const row = await updateOperatorRow(tx, sid, change, change.enabled === false);
    if (!row) throw new AppError(ErrorCode.OPERATOR_NOT_FOUND);
    await recordOperatorAction(tx, {
      operatorSid: admin.sid,
      action: AuditAction.OPERATOR_UPDATE,
      entity: AuditEntity.OPERATOR,
      entitySid: sid,
      before,
      after,
    });
    return presentOperatorAccount(row);
  });
}

/**
 * A new password for an operator who lost theirs (made up when not given, answered once): its
 * sessions end, a sign-in lock is lifted, and with `clearTotp` TOTP is turned off (a lost phone).
 * The operator is asked for a password of its own at the next sign-in.
 */
export async function resetOperatorPassword(
  deps: Pick<AppDeps, 'db'>,
  admin: OperatorRow,
  sid: string,
  input: z.output<typeof ZResetOperatorPasswordRequest>,
): Promise<TOperatorWithPasswordResponse> {
  const made = input.password ? null : newInitialPassword();
  const passwordHash = await hashPassword(input.password ?? made!);
  return deps.db.transaction(async (tx) => {
    const change: OperatorChange = { passwordHash, mustChangePassword: true };
    if (input.clearTotp) Object.assign(change, { totpSecret: null, totpPendingSecret: null, totpLastStep: null });
    const row = await updateOperatorRow(tx, sid, change, true);
    if (!row) throw new AppError(ErrorCode.OPERATOR_NOT_FOUND);
    await succeededSignIn({ db: tx }, { kind: 'operator', sid });
    await recordOperatorAction(tx, {
      operatorSid: admin.sid,
      action: AuditAction.OPERATOR_RESET_PASSWORD,
      entity: AuditEntity.OPERATOR,
      entitySid: sid,
      before: null,
      after: { clearTotp: input.clearTotp },
    });
    return { operator: presentOperatorAccount(row), password: made };
  });
}
