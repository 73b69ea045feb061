import type { DbOrTx } from '../../db/client.js';
import {
  findUserBySid,
  findUsersByMobiles,
  findUsersBySids,
  setPendingCoupons,
  type UserRow,
} from './user.repository.js';

/** The user module's front door for other modules that need an account by its sid. */
export async function findAccount(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  return findUserBySid(db, sid);
}

/** Accounts by mobile and by sid (an operator's coupon grant); unknown ones are simply absent. */
export async function findAccountsByMobilesOrSids(
  db: DbOrTx,
  input: { mobiles: string[]; sids: string[] },
): Promise<{ byMobile: UserRow[]; bySid: UserRow[] }> {
  const [byMobile, bySid] = await Promise.all([findUsersByMobiles(db, input.mobiles), findUsersBySids(db, input.sids)]);
  return { byMobile, bySid };
}

/** Each account's next user-info load shows its coupon once (GET /api/user `coupon`). */
export async function setAccountsPendingCoupon(
  tx: DbOrTx,
  entries: readonly { userSid: string; couponSid: string }[],
): Promise<void> {
  await setPendingCoupons(tx, entries);
}
