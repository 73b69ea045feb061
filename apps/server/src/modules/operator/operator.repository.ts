import { OperatorRole } from '@gemstock/contract';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { preparedOnce } from '../../db/sql.js';
import { operators } from '../../db/schema/index.js';

import type { OperatorRow } from '../../db/rows.js';

export type { OperatorRow };

/** Every console request reads its operator (a disabled one is refused at once): prepared once. */
export async function findOperatorBySid(db: DbOrTx, sid: string): Promise<OperatorRow | undefined> {
  const statement = preparedOnce(db, 'operator_by_sid', (name) =>
    db
      .select()
      .from(operators)
      .where(eq(operators.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare(name),
  );
  const [row] = await statement.execute({ sid });
  return row;
}

/** Matches the unique index on lower(username): operator names are case-insensitive. */
export async function findOperatorByUsername(db: DbOrTx, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(sql`lower(${operators.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

/** Inserts an operator; undefined when the username is taken (checked by the index, race-safe). */
export async function insertOperator(
  db: DbOrTx,
  values: {
    sid: string;
    username: string;
    passwordHash: string;
    name: string | null;
    roles: string[];
    mustChangePassword: boolean;
  },
): Promise<OperatorRow | undefined> {
  try {
    const [row] = await db.insert(operators).values(values).returning();
    return row;
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'operators_username_key') return undefined;
    throw error;
  }
}

export async function touchOperatorLogin(db: DbOrTx, sid: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .update(operators)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(operators.sid, sid))
    .returning();
  return row;
}

/** Revokes every token issued to the operator so far. */
export async function bumpOperatorTokenVersion(db: DbOrTx, sid: string): Promise<void> {
  await db
    .update(operators)
    .set({ tokenVersion: sql`${operators.tokenVersion} + 1` })
    .where(eq(operators.sid, sid));
}

/** The accounts 管理员 manages: a handful, read whole (the cap only guards against the unexpected). */
export async function listOperators(db: DbOrTx, limit: number): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.createdAt), asc(operators.sid)).limit(limit);
}

export interface OperatorChange {
  name?: string | null;
  roles?: string[];
  enabled?: boolean;
  passwordHash?: string;
  mustChangePassword?: boolean;
  totpSecret?: string | null;
  totpPendingSecret?: string | null;
  totpLastStep?: number | null;
}

/**
 * Writes `change` to the operator; with `endSessions` its token version moves on in the same
 * statement, so no token issued before the change is accepted after it. Undefined when no such
 * operator.
 */
export async function updateOperatorRow(
  db: DbOrTx,
  sid: string,
  change: OperatorChange,
  endSessions = false,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .update(operators)
    .set({ ...change, ...(endSessions ? { tokenVersion: sql`${operators.tokenVersion} + 1` } : {}) })
    .where(eq(operators.sid, sid))
    .returning();
  return row;
}

/**
 * The sids of the enabled administrators, their rows locked until the transaction ends: two
 * administrators disabling or demoting each other at once are served one after the other, and
 * the second sees the first's change.
 */
export async function lockEnabledAdministrators(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ sid: operators.sid })
    .from(operators)
    .where(and(eq(operators.enabled, true), sql`${OperatorRole.ADMIN} = any(${operators.roles})`))
    .for('update');
  return rows.map((r) => r.sid);
}

/** Whether any operator exists (the command line makes the first one an administrator). */
export async function anyOperatorExists(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ sid: operators.sid }).from(operators).limit(1);
  return row !== undefined;
}

/**
 * Records `step` as the operator's last accepted TOTP step, only if it is newer than the one on
 * record: of two sign-ins racing with one code, one wins. False when the step was used already.
 */
export async function claimTotpStep(db: DbOrTx, sid: string, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.sid, sid), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ sid: operators.sid });
  return rows.length === 1;
}
