import { inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentAttempts } from '../../db/schema/index.js';

/** When the newest payment attempt of each order stops working: its stored `expires_at` (none: absent). */
export async function findLastAttemptTimes(db: DbOrTx, orderSids: string[]): Promise<Map<string, Date>> {
  if (orderSids.length === 0) return new Map();
  const rows = await db
    .select({ orderSid: paymentAttempts.orderSid, at: max(paymentAttempts.expiresAt) })
    .from(paymentAttempts)
    .where(inArray(paymentAttempts.orderSid, orderSids))
    .groupBy(paymentAttempts.orderSid);
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.orderSid, new Date(r.at!)]));
}
