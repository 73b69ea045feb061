import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { operators } from '../../db/schema/index.js';

import type { OperatorRow } from '../../db/rows.js';

export type { OperatorRow };

export async function findOperatorBySid(db: DbOrTx, sid: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.sid, sid)).limit(1);
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
  values: { sid: string; username: string; passwordHash: string; name: string | null },
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
