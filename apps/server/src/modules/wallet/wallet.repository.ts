import { and, eq, gt, max, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerEntries, walletLots } from '../../db/schema/index.js';

export interface WalletSummary {
  balanceCents: number;
  /** End of the newest VIP month still running, or null when the account is not VIP. */
  vipValidBefore: Date | null;
  isVip: boolean;
}

/**
 * Wallet state of an owner (a main account; sub-accounts pay from their parent's wallet).
 * The balance is the sum of the append-only ledger; VIP is active while a paid lot is valid.
 */
export async function getWalletSummary(db: DbOrTx, ownerSid: string): Promise<WalletSummary> {
  const [balance] = await db
    .select({ cents: sum(ledgerEntries.amountCents).mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userSid, ownerSid));
  const [lot] = await db
    .select({ validBefore: max(walletLots.validBefore) })
    .from(walletLots)
    .where(and(eq(walletLots.userSid, ownerSid), gt(walletLots.validBefore, sql`now()`)));
  const vipValidBefore = lot?.validBefore ?? null;
  return { balanceCents: balance?.cents ?? 0, vipValidBefore, isVip: vipValidBefore !== null };
}
