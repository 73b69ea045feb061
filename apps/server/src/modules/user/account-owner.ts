import type { UserRow } from './user.repository.js';

/**
 * The account that owns a buyer's purchases, wallet and licences: a sub-account buys for its
 * main account, a main account for itself.
 */
export function ownerSidOf(user: Pick<UserRow, 'sid' | 'level' | 'parentSid'>): string {
  return user.level === 1 && user.parentSid ? user.parentSid : user.sid;
}
