import { chinaDateOf } from '@gemstock/contract';
import { orders } from '../../src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import type { TestApp } from './test-app.js';

let serials = 0;

/** A bank serial number no other arrival of the test run has. */
export function newBankSerial(): string {
  serials += 1;
  return `2026${String(Date.now()).slice(-8)}${String(serials).padStart(4, '0')}`;
}

/** The body of 确认到账: the order's price arrived today, under a fresh serial unless one is given. */
export async function arrivalOfPrice(
  t: TestApp,
  orderSid: string,
  note = '已核对到账',
  bankSerial = newBankSerial(),
): Promise<{ amount: number; arrivedOn: string; bankSerial: string; note: string }> {
  const [order] = await t.database.db
    .select({ priceCents: orders.priceCents })
    .from(orders)
    .where(eq(orders.sid, orderSid));
  return { amount: order!.priceCents, arrivedOn: chinaDateOf(new Date()), bankSerial, note };
}
