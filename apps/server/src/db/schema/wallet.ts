import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './order.js';
import { users } from './user.js';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A paid VIP recharge: a lot of money valid for one month. */
export const walletLots = pgTable(
  'wallet_lots',
  {
    sid: text().primaryKey(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    orderSid: text()
      .notNull()
      .references(() => orders.sid),
    totalCents: bigint({ mode: 'number' }).notNull(),
    remainingCents: bigint({ mode: 'number' }).notNull(),
    validBefore: timestamp({ withTimezone: true }).notNull(),
    createdAt: now(),
  },
  (t) => [
    uniqueIndex('wallet_lots_order_key').on(t.orderSid),
    index('wallet_lots_user_idx').on(t.userSid, t.validBefore),
    // The wallet page's recharges, newest first.
    index('wallet_lots_user_created_idx').on(t.userSid, t.createdAt.desc(), t.sid.desc()),
  ],
);

/** Append-only: every movement of wallet money. The balance is the sum of `amountCents`. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userSid: text()
      .notNull()
      .references(() => users.sid),
    lotSid: text().references(() => walletLots.sid),
    orderSid: text(),
    kind: text().notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Makes a repeated money move a no-op. */
    idempotencyKey: text().notNull(),
    createdAt: now(),
  },
  (t) => [uniqueIndex('ledger_idempotency_key').on(t.idempotencyKey), index('ledger_user_idx').on(t.userSid, t.id)],
);
