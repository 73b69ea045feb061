import { ErrorCode, type TWalletResponse, ownerSidOf } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { cappedTotal, listPageOf, pageWithCursor } from '../../lib/list-cursor.js';
import type { UserRow } from '../../db/rows.js';
import {
  creditLotRefund,
  debitLot,
  expireLapsedLots,
  findRechargeLot,
  getWalletSummary,
  countWalletLots,
  insertRechargeLot,
  listWalletLots,
  listOrderSpends,
  type OrderSpend,
  takeBackRechargeLot,
  type WalletLotRow,
} from './wallet.repository.js';

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

/** Writes lapsed money off (its own transaction, idempotent), so it can never be spent. */
export async function writeOffLapsedMoney(db: DbOrTx, ownerSid: string, now: Date): Promise<void> {
  await expireLapsedLots(db, ownerSid, now);
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

/* The wallet's front door for refunds (modules/payment/refund.service.ts, docs/decisions/0029). */

export interface WalletRefundPlan {
  /** What goes back to the wallet. */
  refundCents: number;
  /** The part that goes back to recharges that have lapsed: written off at once, as it would have been. */
  lapsedCents: number;
}

/**
 * Which lots get what back of `amountCents` (at most what the order took): the lot that stays
 * valid longest first, so as little as possible lands in a lapsed recharge.
 */
function allocateRefund(spends: OrderSpend[], amountCents: number): (OrderSpend & { backCents: number })[] {
  let left = amountCents;
  const byValidity = [...spends].sort((a, b) => b.validBefore.getTime() - a.validBefore.getTime());
  const out: (OrderSpend & { backCents: number })[] = [];
  for (const spend of byValidity) {
    if (left === 0) break;
    const back = Math.min(left, spend.amountCents);
    out.push({ ...spend, backCents: back });
    left -= back;
  }
  return out;
}

/** What refunding `amountCents` of a wallet payment would do. */
export async function planWalletRefund(
  db: DbOrTx,
  input: { orderSid: string; amountCents: number; now: Date },
): Promise<WalletRefundPlan> {
  const parts = allocateRefund(await listOrderSpends(db, input.orderSid), input.amountCents);
  return {
    refundCents: parts.reduce((sum, p) => sum + p.backCents, 0),
    lapsedCents: parts.filter((p) => p.validBefore <= input.now).reduce((sum, p) => sum + p.backCents, 0),
  };
}

/**
 * Gives `amountCents` of a wallet payment back to the recharges it was taken from (each keeps
 * its own end date), inside the refund's transaction. A repeat gives nothing twice.
 */
export async function refundWalletPayment(
  tx: DbOrTx,
  input: { ownerSid: string; orderSid: string; amountCents: number; now: Date },
): Promise<WalletRefundPlan> {
  // Lots are locked in the order a wallet payment locks them, so the two never wait on each other in a circle.
  const parts = allocateRefund(await listOrderSpends(tx, input.orderSid), input.amountCents).sort(
    (a, b) => a.validBefore.getTime() - b.validBefore.getTime() || (a.lotSid < b.lotSid ? -1 : 1),
  );
  let refundCents = 0;
  let lapsedCents = 0;
  for (const part of parts) {
    const lapsed = part.validBefore <= input.now;
    const credited = await creditLotRefund(tx, {
      ownerSid: input.ownerSid,
      lotSid: part.lotSid,
      orderSid: input.orderSid,
      amountCents: part.backCents,
      lapsed,
    });
    if (!credited) continue;
    refundCents += part.backCents;
    if (lapsed) lapsedCents += part.backCents;
  }
  return { refundCents, lapsedCents };
}

/** Whether a recharge may be refunded: none of its money spent, and its month still running. */
export async function isRechargeUntouched(db: DbOrTx, orderSid: string, now: Date): Promise<boolean> {
  const lot = await findRechargeLot(db, orderSid);
  return lot !== undefined && lot.remainingCents === lot.totalCents && lot.validBefore > now;
}

/** A refunded recharge leaves the wallet and its VIP month ends; false when it was spent or has lapsed meanwhile. */
export async function takeBackRecharge(tx: DbOrTx, input: { orderSid: string; now: Date }): Promise<boolean> {
  return takeBackRechargeLot(tx, input);
}
