import type { DbOrTx } from '../../db/client.js';
import { findUsersByMobiles, findUsersBySids, type UserRow } from './user.repository.js';

/** Accounts by mobile and by sid (an operator's coupon grant); unknown ones are simply absent. */
export async function findAccountsByMobilesOrSids(
  db: DbOrTx,
  input: { mobiles: string[]; sids: string[] },
): Promise<{ byMobile: UserRow[]; bySid: UserRow[] }> {
  const [byMobile, bySid] = await Promise.all([findUsersByMobiles(db, input.mobiles), findUsersBySids(db, input.sids)]);
  return { byMobile, bySid };
}
