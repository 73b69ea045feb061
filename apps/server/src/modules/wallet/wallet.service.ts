import { ErrorCode, type TWalletResponse, ownerSidOf } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import type { UserRow } from '../user/user.repository.js';
import {
  debitLot,
  expireLapsedLots,
  getWalletSummary,
  hasValidLot,
  countWalletLots,
  insertRechargeLot,
  listWalletLots,
  lockValidLots,
  type WalletLotRow,
  type WalletSummary,
} from './wallet.repository.js';

/**
 * Balance and VIP state of the wallet a main account owns (sub-accounts pay from their
 * parent's: pass `ownerSidOf(user)`). Lapsed lots are written off first.
 */
export async function walletSummaryOf(db: DbOrTx, ownerSid: string, now: Date = new Date()): Promise<WalletSummary> {
  return getWalletSummary(db, ownerSid, now);
}

/** GET /api/user/wallet: a page of the recharges of the wallet the account pays from (the parent's for a sub-account). */
export async function describeWallet(
  { db }: { db: DbOrTx },
  user: UserRow,
  query: { page: number; page_size: number; cursor?: string | undefined },
  now: Date = new Date(),
): Promise<TWalletResponse> {
  const ownerSid = ownerSidOf(user);
  // The summary writes off lapsed lots first, so the lots listed after it are up to date.
  const summary = await getWalletSummary(db, ownerSid, now);
  const [found, counted] = await Promise.all([
    listWalletLots(db, ownerSid, listPageOf(query)),
    countWalletLots(db, ownerSid),
  ]);
  const { rows: lots, nextCursor } = pageWithCursor(found, query.page_size, (lot) => ({
    at: lot.position,
    sid: lot.sid,
  }));
  return {
    ...cappedTotal(counted),
    nextCursor,
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

/* The wallet's front door for paying and recharging (the payment module's wallet method and settlement). */

/** VIP while any recharge lot of the wallet is still valid (even when its money is spent). */
export async function isVipWallet(db: DbOrTx, ownerSid: string, now: Date): Promise<boolean> {
  return hasValidLot(db, ownerSid, now);
}

/** Writes lapsed money off (its own transaction, idempotent), so it can never be spent. */
export async function writeOffLapsedMoney(db: DbOrTx, ownerSid: string, now: Date): Promise<void> {
  await expireLapsedLots(db, ownerSid, now);
}

/**
 * Locks the owner's valid lots, earliest-expiring first, until the caller's transaction ends:
 * VIP status and balance are then fixed until commit.
 */
export async function lockWallet(tx: DbOrTx, ownerSid: string, now: Date): Promise<WalletLotRow[]> {
  return lockValidLots(tx, ownerSid, now);
}

export function balanceOf(lots: readonly WalletLotRow[]): number {
  return lots.reduce((sum, lot) => sum + lot.remainingCents, 0);
}

/**
 * Takes `amountCents` for an order from the locked lots, lot by lot in their order (a ledger
 * 'spend' entry each). The caller checked the balance; a refused debit (impossible under the
 * row locks) throws CONFLICT so nothing of the payment stays.
 */
export async function debitWallet(
  tx: DbOrTx,
  lots: readonly WalletLotRow[],
  input: { ownerSid: string; orderSid: string; amountCents: number },
): Promise<void> {
  let due = input.amountCents;
  for (const lot of lots) {
    if (due === 0) break;
    if (lot.remainingCents === 0) continue;
    const take = Math.min(due, lot.remainingCents);
    const debited = await debitLot(tx, {
      ownerSid: input.ownerSid,
      lotSid: lot.sid,
      orderSid: input.orderSid,
      amountCents: take,
    });
    if (!debited) throw new AppError(ErrorCode.CONFLICT);
    due -= take;
  }
}

/** A paid recharge becomes a lot valid until `validBefore` (a repeat inserts nothing). */
export async function creditRecharge(
  tx: DbOrTx,
  input: { ownerSid: string; orderSid: string; amountCents: number; validBefore: Date; createdAt: Date },
): Promise<void> {
  await insertRechargeLot(tx, input);
}
