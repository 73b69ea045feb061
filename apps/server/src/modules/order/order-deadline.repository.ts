import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, paymentAttempts } from '../../db/schema/index.js';
import type { OrderRow } from './order.repository.js';

/** Newest payment attempt of each order (none: absent from the map). */
export async function findLastAttemptTimes(db: DbOrTx, orderSids: string[]): Promise<Map<string, Date>> {
  if (orderSids.length === 0) return new Map();
  const rows = await db
    .select({ orderSid: paymentAttempts.orderSid, at: max(paymentAttempts.createdAt) })
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.orderSid, orderSids))
    .groupBy(paymentAttempts.orderSid);
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.orderSid, new Date(r.at!)]));
}

/**
 * A bank-transfer order cancelled at its deadline whose money arrived after all: back to
 * CREATED at its price, so the operator's confirmation settles it like any other. Only a
 * cancelled transfer order qualifies; returns undefined otherwise.
 */
export async function reopenLapsedTransferOrder(tx: DbOrTx, sid: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'CREATED', version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.sid, sid), eq(orders.status, 'CANCELLED'), eq(orders.payWay, 'TRANSFER')))
    .returning();
  return row;
}
