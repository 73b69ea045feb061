import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { operators, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type OperatorRow = typeof operators.$inferSelect;

export async function findUserBySid(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.sid, sid)).limit(1);
  return row;
}

export async function findOperatorBySid(db: DbOrTx, sid: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.sid, sid)).limit(1);
  return row;
}
