import { and, asc, eq, getTableColumns, gt, lte, max, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerEntries, walletLots } from '../../db/schema/index.js';
import { preparedIn, preparedSqlIn, rowsOf } from '../../db/sql.js';
import { newSid } from '../../lib/ids.js';
import { afterPosition, countUpTo, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

export type WalletLotRow = typeof walletLots.$inferSelect;
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;

/** Kinds of ledger entries. Recharges are positive; spends and expiries are negative. */
export const LedgerKind = { RECHARGE: 'recharge', SPEND: 'spend', EXPIRE: 'expire' } as const;
export type LedgerKind = (typeof LedgerKind)[keyof typeof LedgerKind];

/** Idempotency keys of ledger entries: one money move per (what, order, lot), ever. */
export const ledgerKeys = {
  recharge: (orderSid: string) => `recharge:${orderSid}`,
  spend: (orderSid: string, lotSid: string) => `spend:${orderSid}:${lotSid}`,
  expire: (lotSid: string) => `expire:${lotSid}`,
};

export interface WalletSummary {
  balanceCents: number;
  /** End of the newest VIP month still running, or null when the account is not VIP. */
  vipValidBefore: Date | null;
  isVip: boolean;
}

/**
 * Wallet state of an owner (a main account; sub-accounts pay from their parent's wallet).
 * Lapsed lots are written off first, so what the valid lots hold is exactly the money still
 * spendable and equals the sum of the append-only ledger (every entry moves one lot's remainder
 * by its amount). It is read from those few lots rather than summed over a ledger that grows
 * with every wallet payment. VIP is active while a paid lot is valid, even when its money is
 * spent.
 */
export async function getWalletSummary(db: DbOrTx, ownerSid: string, now: Date = new Date()): Promise<WalletSummary> {
  await expireLapsedLots(db, ownerSid, now);
  const [lot] = await db
    .select({
      cents: sum(walletLots.remainingCents).mapWith(Number),
      validBefore: max(walletLots.validBefore),
    })
    .from(walletLots)
    .where(and(eq(walletLots.userSid, ownerSid), gt(walletLots.validBefore, now)));
  const vipValidBefore = lot?.validBefore ?? null;
  return { balanceCents: lot?.cents ?? 0, vipValidBefore, isVip: vipValidBefore !== null };
}

/**
 * Writes off what is left in the owner's lapsed lots: one 'expire' entry per lot (its
 * idempotency key makes a repeat a no-op) and the lot's remaining set to 0, in one transaction.
 * Cheap when there is nothing to do (an indexed existence check without locks), so it runs
 * lazily before every wallet read and spend.
 */
export async function expireLapsedLots(db: DbOrTx, ownerSid: string, now: Date): Promise<number> {
  const lapsed = and(
    eq(walletLots.userSid, ownerSid),
    lte(walletLots.validBefore, now),
    gt(walletLots.remainingCents, 0),
  );
  const [any] = await preparedIn(db, 'wallet_lots_any_lapsed', (name) =>
    db
      .select({ sid: walletLots.sid })
      .from(walletLots)
      .where(
        and(
          eq(walletLots.userSid, sql.placeholder('owner')),
          sql`${walletLots.validBefore} <= ${sql.placeholder('now')}::timestamptz`,
          gt(walletLots.remainingCents, 0),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ owner: ownerSid, now: now.toISOString() });
  if (!any) return 0;
  return db.transaction(async (tx) => {
    const lots = await tx
      .select()
      .from(walletLots)
      .where(lapsed)
      .orderBy(asc(walletLots.validBefore), asc(walletLots.sid))
      .for('update');
    await writeOffLots(tx, ownerSid, lots);
    return lots.length;
  });
}

/** The write-off of lapsed lots the caller has locked: an 'expire' entry each, remaining 0. */
async function writeOffLots(tx: DbOrTx, ownerSid: string, lots: readonly WalletLotRow[]): Promise<void> {
  for (const lot of lots) {
    await tx
      .insert(ledgerEntries)
      .values({
        userSid: ownerSid,
        lotSid: lot.sid,
        orderSid: null,
        kind: LedgerKind.EXPIRE,
        amountCents: -lot.remainingCents,
        idempotencyKey: ledgerKeys.expire(lot.sid),
      })
      .onConflictDoNothing();
    await tx.update(walletLots).set({ remainingCents: 0 }).where(eq(walletLots.sid, lot.sid));
  }
}

/**
 * The lots a wallet payment spends from, in one statement: the owner's valid lots (empty ones
 * too: they make the account VIP), earliest-expiring first, and its lapsed lots that still hold
 * money, all locked until the transaction ends (two payments from one wallet take turns, and
 * neither can spend money the other has taken). The lapsed ones are written off in the same
 * transaction (what expireLapsedLots does in its own), so lapsed money is never spent and a
 * payment needs no separate look for it. Answers the valid lots.
 */
export async function lockLotsToSpend(tx: DbOrTx, ownerSid: string, now: Date): Promise<WalletLotRow[]> {
  const rows = await preparedIn(tx, 'wallet_lots_lock_to_spend', (name) =>
    tx
      .select({
        ...getTableColumns(walletLots),
        // Decided by PostgreSQL, at its microseconds, exactly as the condition below.
        lapsed: sql<boolean>`${walletLots.validBefore} <= ${sql.placeholder('now')}::timestamptz`,
      })
      .from(walletLots)
      .where(
        and(
          eq(walletLots.userSid, sql.placeholder('owner')),
          sql`(${walletLots.validBefore} > ${sql.placeholder('now')}::timestamptz OR ${walletLots.remainingCents} > 0)`,
        ),
      )
      .orderBy(asc(walletLots.validBefore), asc(walletLots.sid))
      .for('update')
      .prepare(name),
  ).execute({ owner: ownerSid, now: now.toISOString() });
  const lapsed = rows.filter((r) => r.lapsed);
  if (lapsed.length > 0) await writeOffLots(tx, ownerSid, lapsed);
  return rows.filter((r) => !r.lapsed).map(({ lapsed: _, ...lot }) => lot);
}

/**
 * Takes `amountCents` from one lot for an order and writes the matching 'spend' entry. The
 * conditional UPDATE refuses to take more than the lot holds; the ledger key refuses a second
 * debit of the same lot for the same order. Returns false when either refuses.
 */
export async function debitLot(
  tx: DbOrTx,
  input: { ownerSid: string; lotSid: string; orderSid: string; amountCents: number },
): Promise<boolean> {
  // One statement: the entry is written only from the lot the conditional UPDATE took from, and
  // a refused entry (its key exists) answers no row, so the caller rolls the take back too.
  const entry = await preparedSqlIn(
    tx,
    'wallet_debit_lot',
    () => sql`
      WITH taken AS (
        UPDATE ${walletLots} SET "remaining_cents" = "remaining_cents" - ${sql.placeholder('amount')}::bigint
        WHERE "sid" = ${sql.placeholder('lot')}::text AND "remaining_cents" >= ${sql.placeholder('amount')}::bigint
        RETURNING "sid"
      )
      INSERT INTO ${ledgerEntries} ("user_sid", "lot_sid", "order_sid", "kind", "amount_cents", "idempotency_key")
      SELECT ${sql.placeholder('owner')}::text, taken."sid", ${sql.placeholder('order')}::text, ${LedgerKind.SPEND},
        -${sql.placeholder('amount')}::bigint, ${sql.placeholder('key')}::text
      FROM taken
      ON CONFLICT DO NOTHING
      RETURNING "id"`,
  ).execute({
    amount: input.amountCents,
    lot: input.lotSid,
    owner: input.ownerSid,
    order: input.orderSid,
    key: ledgerKeys.spend(input.orderSid, input.lotSid),
  });
  return rowsOf(entry).length === 1;
}

/**
 * A paid recharge: a new lot holding the amount until `validBefore`, and its 'recharge' entry.
 * The lot is unique per order and the entry per order key, so a repeat inserts nothing.
 */
export async function insertRechargeLot(
  tx: DbOrTx,
  input: { ownerSid: string; orderSid: string; amountCents: number; validBefore: Date; createdAt: Date },
): Promise<WalletLotRow | undefined> {
  const [lot] = await tx
    .insert(walletLots)
    .values({
      sid: newSid(),
      userSid: input.ownerSid,
      orderSid: input.orderSid,
      totalCents: input.amountCents,
      remainingCents: input.amountCents,
      validBefore: input.validBefore,
      createdAt: input.createdAt,
    })
    .onConflictDoNothing()
    .returning();
  if (!lot) return undefined;
  await tx
    .insert(ledgerEntries)
    .values({
      userSid: input.ownerSid,
      lotSid: lot.sid,
      orderSid: input.orderSid,
      kind: LedgerKind.RECHARGE,
      amountCents: input.amountCents,
      idempotencyKey: ledgerKeys.recharge(input.orderSid),
    })
    .onConflictDoNothing();
  return lot;
}

export type WalletLotListRow = WalletLotRow & { position: string };

/**
 * A page of the owner's recharges, newest first (GET /api/user/wallet), each with its position
 * for the next page's cursor; read in the order of wallet_lots_user_created_idx.
 */
export function listWalletLotsQuery(db: DbOrTx, ownerSid: string, page: ListPage) {
  return db
    .select({ ...getTableColumns(walletLots), position: positionAt(walletLots.createdAt) })
    .from(walletLots)
    .where(
      and(
        eq(walletLots.userSid, ownerSid),
        page.after ? afterPosition(walletLots.createdAt, walletLots.sid, page.after) : undefined,
      ),
    )
    .orderBy(positionOrder(walletLots.createdAt, walletLots.sid))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listWalletLots(db: DbOrTx, ownerSid: string, page: ListPage): Promise<WalletLotListRow[]> {
  return listWalletLotsQuery(db, ownerSid, page);
}

/** The owner's recharges, counted up to COUNT_LIMIT. */
export async function countWalletLots(db: DbOrTx, ownerSid: string): Promise<number> {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(walletLots)
      .where(eq(walletLots.userSid, ownerSid)),
  );
}

export async function listLedgerEntries(db: DbOrTx, ownerSid: string): Promise<LedgerEntryRow[]> {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.userSid, ownerSid)).orderBy(asc(ledgerEntries.id));
}

/** VIP while any recharge lot of the wallet is still valid (even when its money is spent). */
export async function hasValidLot(db: DbOrTx, ownerSid: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(walletLots)
    .where(and(eq(walletLots.userSid, ownerSid), gt(walletLots.validBefore, now)))
    .limit(1);
  return row !== undefined;
}

/** A refund's ledger entries (docs/decisions/0029): money given back to a lot, or taken back from a refunded recharge. */
export const REFUND_LEDGER_KIND = 'refund';

export const refundLedgerKeys = {
  /** The part of a wallet payment that goes back to one lot. */
  toLot: (orderSid: string, lotSid: string) => `refund:${orderSid}:${lotSid}`,
  /** That part written off at once because its lot has lapsed (as it would have been unspent). */
  lapsed: (orderSid: string, lotSid: string) => `expire:refund:${orderSid}:${lotSid}`,
  /** A refunded recharge's money leaving the wallet. */
  recharge: (orderSid: string) => `refund:recharge:${orderSid}`,
};

export interface OrderSpend {
  lotSid: string;
  /** What the order took from the lot (positive). */
  amountCents: number;
  validBefore: Date;
}

/** What a wallet payment took from each lot (its 'spend' entries), with the lot's validity. */
export async function listOrderSpends(db: DbOrTx, orderSid: string): Promise<OrderSpend[]> {
  const rows = await db
    .select({ lotSid: walletLots.sid, amountCents: ledgerEntries.amountCents, validBefore: walletLots.validBefore })
    .from(ledgerEntries)
    .innerJoin(walletLots, eq(walletLots.sid, ledgerEntries.lotSid))
    .where(and(eq(ledgerEntries.orderSid, orderSid), eq(ledgerEntries.kind, LedgerKind.SPEND)))
    .orderBy(asc(ledgerEntries.id));
  return rows.map((r) => ({ lotSid: r.lotSid, amountCents: -r.amountCents, validBefore: r.validBefore }));
}

/**
 * Gives one lot back what an order took from it: a 'refund' entry and the lot's remainder
 * raised by it, or, when the lot has lapsed, the entry and an 'expire' entry writing it off
 * again (the remainder stays 0), so every entry still moves its lot's remainder by its amount.
 * The keys make a repeat insert nothing; false then.
 */
export async function creditLotRefund(
  tx: DbOrTx,
  input: { ownerSid: string; lotSid: string; orderSid: string; amountCents: number; lapsed: boolean },
): Promise<boolean> {
  const [lot] = await tx.select().from(walletLots).where(eq(walletLots.sid, input.lotSid)).for('update');
  if (!lot) return false;
  const entry = await tx
    .insert(ledgerEntries)
    .values({
      userSid: input.ownerSid,
      lotSid: input.lotSid,
      orderSid: input.orderSid,
      kind: REFUND_LEDGER_KIND,
      amountCents: input.amountCents,
      idempotencyKey: refundLedgerKeys.toLot(input.orderSid, input.lotSid),
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (entry.length === 0) return false;
  if (input.lapsed) {
    await tx.insert(ledgerEntries).values({
      userSid: input.ownerSid,
      lotSid: input.lotSid,
      orderSid: input.orderSid,
      kind: LedgerKind.EXPIRE,
      amountCents: -input.amountCents,
      idempotencyKey: refundLedgerKeys.lapsed(input.orderSid, input.lotSid),
    });
    return true;
  }
  await tx
    .update(walletLots)
    .set({ remainingCents: sql`${walletLots.remainingCents} + ${input.amountCents}` })
    .where(eq(walletLots.sid, input.lotSid));
  return true;
}

export async function findRechargeLot(db: DbOrTx, orderSid: string): Promise<WalletLotRow | undefined> {
  const [row] = await db.select().from(walletLots).where(eq(walletLots.orderSid, orderSid)).limit(1);
  return row;
}

/**
 * A refunded recharge: its whole money leaves the wallet (a 'refund' entry of minus the total)
 * and the lot ends now, so the VIP month it paid for ends with it. Only while none of it was
 * spent and it has not lapsed: the conditional UPDATE refuses otherwise (false).
 */
export async function takeBackRechargeLot(tx: DbOrTx, input: { orderSid: string; now: Date }): Promise<boolean> {
  const [lot] = await tx
    .update(walletLots)
    .set({ remainingCents: 0, validBefore: input.now })
    .where(
      and(
        eq(walletLots.orderSid, input.orderSid),
        sql`${walletLots.remainingCents} = ${walletLots.totalCents}`,
        gt(walletLots.validBefore, input.now),
      ),
    )
    .returning();
  if (!lot) return false;
  await tx.insert(ledgerEntries).values({
    userSid: lot.userSid,
    lotSid: lot.sid,
    orderSid: input.orderSid,
    kind: REFUND_LEDGER_KIND,
    amountCents: -lot.totalCents,
    idempotencyKey: refundLedgerKeys.recharge(input.orderSid),
  });
  return true;
}
