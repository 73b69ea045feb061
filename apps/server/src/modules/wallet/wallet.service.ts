import type { TWalletResponse } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { ownerSidOf } from '../user/account-owner.js';
import type { UserRow } from '../user/user.repository.js';
import { getWalletSummary, listWalletLots, type WalletSummary } from './wallet.repository.js';

/**
 * Balance and VIP state of the wallet a main account owns (sub-accounts pay from their
 * parent's: pass `ownerSidOf(user)`). Lapsed lots are written off first.
 */
export async function walletSummaryOf(db: DbOrTx, ownerSid: string, now: Date = new Date()): Promise<WalletSummary> {
  return getWalletSummary(db, ownerSid, now);
}

/** GET /api/user/wallet: the recharges of the wallet the account pays from (the parent's for a sub-account). */
export async function describeWallet(db: DbOrTx, user: UserRow, now: Date = new Date()): Promise<TWalletResponse> {
  const ownerSid = ownerSidOf(user);
  // The summary writes off lapsed lots first, so the lots listed after it are up to date.
  const summary = await getWalletSummary(db, ownerSid, now);
  const lots = await listWalletLots(db, ownerSid);
  return {
    orders: lots.map((lot) => ({
      sid: lot.orderSid,
      createdAt: lot.createdAt.toISOString(),
      total: lot.totalCents,
      balance: lot.validBefore > now ? lot.remainingCents : 0,
      validBefore: lot.validBefore.toISOString(),
      isValid: lot.validBefore > now,
    })),
    balance: summary.balanceCents,
    isVip: summary.isVip,
    vipValidBefore: summary.vipValidBefore?.toISOString() ?? null,
  };
}
