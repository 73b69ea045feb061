import type { DbOrTx } from '../../db/client.js';
import { findUserBySid, type UserRow } from './user.repository.js';

/** The user module's front door for other modules that need an account by its sid. */
export async function findAccount(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  return findUserBySid(db, sid);
}
