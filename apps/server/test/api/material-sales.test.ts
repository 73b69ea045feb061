import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materialSalesMoves, materials } from '../../src/db/schema/index.js';
import { foldMaterialSales, moveMaterialSales } from '../../src/modules/catalog/index.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A material's sales count (the console's 销量最高): a payment records its sales, and a pass every
 * few seconds on each server adds them to the counts. On PostgreSQL (DATABASE_URL) the passes
 * below really run at once on several connections; on PGlite they are interleaved.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function salesOf(sids: string[]): Promise<Record<string, number>> {
  const rows = await t.database.db
    .select({ sid: materials.sid, sales: materials.salesCount })
    .from(materials)
    .where(inArray(materials.sid, sids));
  return Object.fromEntries(rows.map((r) => [r.sid, r.sales]));
}

async function pendingMoves(sids: string[]): Promise<number> {
  const rows = await t.database.db
    .select({ id: materialSalesMoves.id })
    .from(materialSalesMoves)
    .where(inArray(materialSalesMoves.materialSid, sids));
  return rows.length;
}

describe('material sales counts', () => {
  it('a wallet payment records one sale per licence; the pass adds each to its material once', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [ring, necklace] = await createMaterials(t, 2);
    const sids = [ring!.sid, necklace!.sid];
    const order = await placeOrder(t, buyer, { [ring!.sid]: 2, [necklace!.sid]: 1 });
    expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);

    // Recorded with the payment, not yet counted: the material rows were not written.
    expect(await pendingMoves(sids)).toBe(2);
    expect(await salesOf(sids)).toEqual({ [ring!.sid]: 0, [necklace!.sid]: 0 });

    expect(await foldMaterialSales(t.database.db)).toBeGreaterThanOrEqual(2);
    expect(await salesOf(sids)).toEqual({ [ring!.sid]: 1, [necklace!.sid]: 1 });
    expect(await pendingMoves(sids)).toBe(0);

    // A second pass has nothing left to add.
    await foldMaterialSales(t.database.db);
    expect(await salesOf(sids)).toEqual({ [ring!.sid]: 1, [necklace!.sid]: 1 });
  });

  it('a refused payment records no sale', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1);
    const [material] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [material!.sid]: 2 });
    expect((await payByWallet(t, buyer, order.sid)).code).toBe(4011);
    expect(await pendingMoves([material!.sid])).toBe(0);
  });

  it('several passes at once add every move exactly once, sales and refunds in any order', async () => {
    const mats = await createMaterials(t, 3);
    const sids = mats.map((m) => m.sid);
    // 40 sales and 20 refunds of each, written by 60 transactions fired together.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.database.db.transaction((tx) => (i < 40 ? moveMaterialSales(tx, sids, 1) : moveMaterialSales(tx, sids, -1))),
      ),
    );
    await Promise.all(Array.from({ length: 4 }, () => foldMaterialSales(t.database.db)));
    // A pass that found another server's lock taken left its moves for the next pass.
    await foldMaterialSales(t.database.db);
    expect(await salesOf(sids)).toEqual(Object.fromEntries(sids.map((s) => [s, 20])));
    expect(await pendingMoves(sids)).toBe(0);
  });

  it("adding sales leaves the material's written_xid, so no search index reads it again", async () => {
    const [material] = await createMaterials(t, 1);
    const xidOf = async () => {
      const [row] = await t.database.db
        .select({ xid: sql<string>`${materials.writtenXid}::text` })
        .from(materials)
        .where(eq(materials.sid, material!.sid));
      return row!.xid;
    };
    const before = await xidOf();
    await t.database.db.transaction((tx) => moveMaterialSales(tx, [material!.sid], 1));
    await foldMaterialSales(t.database.db);
    expect((await salesOf([material!.sid]))[material!.sid]).toBe(1);
    expect(await xidOf()).toBe(before);

    // Any other write of the material is still seen by the indexes.
    await t.database.db.update(materials).set({ featured: true }).where(eq(materials.sid, material!.sid));
    expect(await xidOf()).not.toBe(before);
  });
});
