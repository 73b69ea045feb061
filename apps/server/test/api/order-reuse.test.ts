import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { materials, orders } from '../../src/db/schema/index.js';
import { createCompanyBuyer, createMaterials, createSubAccount, placeOrder } from '../helpers/money.js';
import type { TestBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ORDER_API, USER_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * 结算 / 立即购买 hand out the buyer's open order for the same selection instead of a new one each
 * time, so looking at prices does not pile up unpaid orders (and the 我的订单 badge stays right).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function badge(buyer: TestBuyer): Promise<number> {
  const me = await injectApi(t, USER_API.me, { token: buyer.token });
  return me.data.user.orderBadge;
}

async function openOrders(buyer: TestBuyer): Promise<number> {
  const list = await injectApi(t, ORDER_API.list, { query: { status: 'CREATED' }, token: buyer.token });
  return list.data.total;
}

describe('placing the same selection again', () => {
  it('repeated placement of the same items gives one open order; different items give a new one', async () => {
    const buyer = await createCompanyBuyer(t);
    const [a, b] = await createMaterials(t, 2);
    const first = await placeOrder(t, buyer, { [a!.sid]: 2, [b!.sid]: 3 });
    const again = await placeOrder(t, buyer, { [b!.sid]: 3, [a!.sid]: 2 });
    const third = await placeOrder(t, buyer, { [a!.sid]: 2, [b!.sid]: 3 });
    expect(again.sid).toBe(first.sid);
    expect(third.sid).toBe(first.sid);
    expect(await openOrders(buyer)).toBe(1);
    expect(await badge(buyer)).toBe(1);

    // Another licence type, a subset, or other materials are other orders.
    const otherSpec = await placeOrder(t, buyer, { [a!.sid]: 1, [b!.sid]: 3 });
    const subset = await placeOrder(t, buyer, { [a!.sid]: 2 });
    expect(new Set([first.sid, otherSpec.sid, subset.sid]).size).toBe(3);
    expect(await openOrders(buyer)).toBe(3);
    expect(await badge(buyer)).toBe(3);
  });

  it('five clicks at once make one order', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const placed = await Promise.all(
      Array.from({ length: 5 }, () =>
        injectApi(t, ORDER_API.placeMaterial, {
          body: { materials: { [m!.sid]: 2 }, source: null },
          token: buyer.token,
        }),
      ),
    );
    expect(new Set(placed.map((p) => p.data.order.sid)).size).toBe(1);
    expect(await badge(buyer)).toBe(1);
  });

  it('a cancelled order, an order near its expiry or a changed price make a new order', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const first = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await injectApi(t, ORDER_API.cancel, { params: { id: first.sid }, token: buyer.token });
    const second = await placeOrder(t, buyer, { [m!.sid]: 2 });
    expect(second.sid).not.toBe(first.sid);

    // Placed 26 minutes ago: the sweep may cancel it within minutes, so it is not handed out again.
    const old = new Date(Date.now() - 26 * 60_000);
    await t.database.db.update(orders).set({ createdAt: old }).where(eq(orders.sid, second.sid));
    const third = await placeOrder(t, buyer, { [m!.sid]: 2 });
    expect(third.sid).not.toBe(second.sid);

    await t.database.db
      .update(materials)
      .set({ specialPricesCents: { '2': 9_900 } })
      .where(eq(materials.sid, m!.sid));
    const cheaper = await placeOrder(t, buyer, { [m!.sid]: 2 });
    expect(cheaper.sid).not.toBe(third.sid);
    expect(cheaper.finalPrice).toBe(9_900);
  });

  it('a sub-account and its main account each get their own order', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const [m] = await createMaterials(t, 1);
    const mine = await placeOrder(t, main, { [m!.sid]: 2 });
    const theirs = await placeOrder(t, sub, { [m!.sid]: 2 });
    expect(theirs.sid).not.toBe(mine.sid);
    expect((await placeOrder(t, sub, { [m!.sid]: 2 })).sid).toBe(theirs.sid);
  });
});
