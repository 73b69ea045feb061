import { max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/sql.js';
import { paymentAttempts } from '../../db/schema/index.js';

/** When the newest payment attempt of each order stops working: its stored `expires_at` (none: absent). */
export async function findLastAttemptTimes(db: DbOrTx, orderSids: string[]): Promise<Map<string, Date>> {
  if (orderSids.length === 0) return new Map();
  const statement = preparedOnce(db, 'payment_attempts_last_expiry_of_orders', (name) =>
    db
      .select({ orderSid: paymentAttempts.orderSid, at: max(paymentAttempts.expiresAt) })
      .from(paymentAttempts)
      .where(sql`${paymentAttempts.orderSid} = ANY(${sql.placeholder('sids')}::text[])`)
      .groupBy(paymentAttempts.orderSid)
      .prepare(name),
  );
  const rows = await statement.execute({ sids: orderSids });
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.orderSid, new Date(r.at!)]));
}
