import { ErrorCode, zNewPassword, zUsername, type TOperator, type ZAdminLoginRequest } from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import { assertNotLocked, failedSignIn, succeededSignIn } from '../user/sign-in-guard.js';
import {
  bumpOperatorTokenVersion,
  findOperatorByUsername,
  insertOperator,
  touchOperatorLogin,
  type OperatorRow,
} from './operator.repository.js';

/**
 * Operators live in their own table and sign tokens for the 'operator' audience: a buyer token
 * can never open the back office, nor an operator token act as a buyer.
 */

export interface NewOperator {
  username: string;
  password: string;
  name?: string | null;
}

function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  return new AppError(ErrorCode.VALIDATION, issue?.message ?? ErrorCode.VALIDATION.message);
}

/**
 * Creates an operator account; used by the CLI (`npm run operator:create`) and the demo seed.
 * Applies the same username and password rules as the forms. Throws USERNAME_TAKEN.
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
  });
  if (!row) throw new AppError(ErrorCode.USERNAME_TAKEN);
  return row;
}

/** Operators have the buyers' per-account limit on wrong passwords too (sign-in-guard.ts). */
export async function loginOperator(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'messages' | 'config'> & {
    log?: { warn(data: object, message: string): void };
  },
  input: z.output<typeof ZAdminLoginRequest>,
): Promise<string> {
  const operator = await findOperatorByUsername(deps.db, input.username);
  if (!operator) {
    await verifyAgainstDummy(input.password);
    throw new AppError(ErrorCode.INVALID_CREDENTIALS);
  }
  const account = { kind: 'operator', sid: operator.sid } as const;
  await assertNotLocked(deps, account);
  // Operators have no address on file: the lock is logged for whoever watches the server.
  if (!(await verifyPassword(operator.passwordHash, input.password))) throw await failedSignIn(deps, account, null);
  await succeededSignIn(deps, account);
  if (!operator.enabled) throw new AppError(ErrorCode.ACCOUNT_DISABLED);
  const signedIn = (await touchOperatorLogin(deps.db, operator.sid)) ?? operator;
  return deps.tokens.sign('operator', { sub: signedIn.sid, tv: signedIn.tokenVersion });
}

/** Signs the operator out on the server: every token issued to it stops working. */
export async function logoutOperator(deps: Pick<AppDeps, 'db'>, operator: OperatorRow): Promise<void> {
  await bumpOperatorTokenVersion(deps.db, operator.sid);
}

export function presentOperator(row: OperatorRow): TOperator {
  return {
    sid: row.sid,
    username: row.username,
    name: row.name,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}
