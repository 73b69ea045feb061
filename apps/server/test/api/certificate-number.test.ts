import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../../src/db/schema/index.js';
import { grantLicences, newCertNo } from '../../src/modules/licence/licence.repository.js';
import { createCompanyBuyer, createMaterials, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const CERT_SYMBOLS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

describe('certificate numbers', () => {
  it('read GS-<China date>-<8 symbols> and draw each of the 32 symbols about equally often', () => {
    const at = new Date('2026-01-20T17:00:00Z'); // 2026-01-21 01:00 in China
    const counts = new Map<string, number>();
    const draws = 4_000;
    for (let i = 0; i < draws; i += 1) {
      const no = newCertNo(at);
      expect(no).toMatch(/^GS-20260121-[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{8}$/);
      for (const symbol of no.slice(-8)) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    }
    // 32 000 symbols: 1 000 expected each; a symbol never drawn, or drawn twice as often, fails.
    expect([...counts.keys()].sort()).toEqual([...CERT_SYMBOLS].sort());
    for (const symbol of CERT_SYMBOLS) {
      expect(counts.get(symbol)).toBeGreaterThan(820);
      expect(counts.get(symbol)).toBeLessThan(1_180);
    }
  });

  it('a number already taken is drawn again instead of aborting the payment', async () => {
    const buyer = await createCompanyBuyer(t);
    const [first, second] = await createMaterials(t, 2);
    const earlier = await placeOrder(t, buyer, { [first!.sid]: 1 });
    const later = await placeOrder(t, buyer, { [second!.sid]: 1 });
    const grantedAt = new Date();
    const taken = 'GS-20260121-TAKENAAA';
    const base = { ownerSid: buyer.sid, buyerSid: buyer.sid, grantedAt };
    await grantLicences(
      t.database.db,
      { ...base, orderSid: earlier.sid, items: [{ materialSid: first!.sid, spec: 1 }] },
      () => taken,
    );

    const numbers = [taken, taken, 'GS-20260121-FRESH234'];
    await t.database.db.transaction(async (tx) => {
      await grantLicences(tx, { ...base, orderSid: later.sid, items: [{ materialSid: second!.sid, spec: 1 }] }, () =>
        numbers.shift()!,
      );
    });

    const [granted] = await t.database.db.select().from(licences).where(eq(licences.orderSid, later.sid));
    expect(granted?.certNo).toBe('GS-20260121-FRESH234');
    expect(numbers).toEqual([]);
  });

  it('granting the same order again adds nothing and draws no new numbers', async () => {
    const buyer = await createCompanyBuyer(t);
    const [material] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [material!.sid]: 1 });
    const input = {
      ownerSid: buyer.sid,
      buyerSid: buyer.sid,
      grantedAt: new Date(),
      orderSid: order.sid,
      items: [{ materialSid: material!.sid, spec: 1 }],
    };
    await grantLicences(t.database.db, input);
    await grantLicences(t.database.db, input);
    const rows = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(rows).toHaveLength(1);
  });
});
