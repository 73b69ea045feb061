import { AccountLevel } from './enums.js';

/**
 * The account that owns a buyer's purchases, wallet and licences: a sub-account buys for its
 * main account, a main account for itself.
 */
export function ownerSidOf(user: { sid: string; level: number; parentSid: string | null }): string {
  return user.level === AccountLevel.SUB && user.parentSid ? user.parentSid : user.sid;
}
