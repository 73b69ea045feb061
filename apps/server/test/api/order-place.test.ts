import type { TOrderResponse } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSid } from '../../src/lib/ids.js';
import { insertOrder } from '../../src/modules/order/order.repository.js';
import { countRows } from '../helpers/accounts.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { createCompanyBuyer, createMaterials, createSubAccount, orderRow, placeOrder } from '../helpers/money.js';
import { uploadImage } from '../helpers/uploads.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ORDER_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

let t: TestApp;
let buyer: TestBuyer;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await createCompanyBuyer(t);
});
afterAll(async () => t.close());

const place = (token: string, payload: Record<string, unknown>) =>
  t.call<TOrderResponse>({ method: 'POST', url: endpointUrl(ORDER_API.placeMaterial), token, payload });

describe('placing a material order', () => {
  it('needs a company first (1012) and changes nothing', async () => {
    const noCompany = await createBuyer(t);
    const [m] = await createMaterials(t, 1);
    const before = await countRows(t, 'orders');
    const res = await place(noCompany.token, { materials: { [m!.sid]: 2 }, source: null });
    expect(res.code).toBe(1012);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('creates a CREATED order priced from the database, whatever price the client sends', async () => {
    const a = await insertMaterial(t, { keywords: ['钻戒'], pricesCents: { '1': 45_000 } });
    const b = await insertMaterial(t, { keywords: ['项链'], specialPricesCents: { '3': 9_900 } });
    const res = await place(buyer.token, {
      materials: { [a.sid]: 1, [b.sid]: 3 },
      source: 'xiaohongshu',
      price: 1,
      price_origin: 1,
    });
    expect(res.code).toBe(0);
    const order = res.data.order;
    expect(order).toMatchObject({
      status: 'CREATED',
      orderType: 'material',
      priceOrigin: 54_900,
      membetDiscount: 0,
      couponDiscount: 0,
      finalPrice: 54_900,
      payWay: null,
      user: buyer.sid,
    });
    expect(order.orderNo).toMatch(/^GS\d{20}$/);
    expect(order.materials.map((m) => [m.sid, m.spec, m.unitPrice]).sort()).toEqual(
      [
        [a.sid, 1, 45_000],
        [b.sid, 3, 9_900],
      ].sort(),
    );
    const row = await orderRow(t, order.sid);
    expect(row.ownerSid).toBe(buyer.sid);
    expect(row.source).toBe('xiaohongshu');
  });

  it('refuses unknown, disabled and wrong-licence materials, and bad bodies, with 4xx and nothing written', async () => {
    const small = await insertMaterial(t, { keywords: ['小图'], width: 1000, height: 800 });
    const off = await insertMaterial(t, { keywords: ['下架'], disabled: true });
    const before = await countRows(t, 'orders');
    const cases: [Record<string, unknown>, number][] = [
      [{ materials: { nosuchmaterial1: 2 } }, 3001],
      [{ materials: { [off.sid]: 2 } }, 4007],
      [{ materials: { [small.sid]: 1 } }, 4006],
      [{ materials: {} }, 1001],
      [{ materials: { [small.sid]: 9 } }, 1001],
      [{ materials: [small.sid] }, 1001],
      [{}, 1001],
    ];
    for (const [payload, code] of cases) {
      const res = await place(buyer.token, payload);
      expect(res.code, JSON.stringify(payload)).toBe(code);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const tooMany = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [`material${String(i).padStart(4, '0')}`, 2]),
    );
    expect((await place(buyer.token, { materials: tooMany })).status).toBe(400);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('places a VIP recharge only at 699 yuan, only for a main account with a company', async () => {
    const bad = await injectApi(t, ORDER_API.placeWallet, { body: { price: 100 }, token: buyer.token });
    expect(bad.code).toBe(4008);
    const good = await injectApi(t, ORDER_API.placeWallet, {
      body: { price: 69_900, source: null },
      token: buyer.token,
    });
    expect(good.code).toBe(0);
    expect(good.data.order).toMatchObject({
      orderType: 'wallet',
      finalPrice: 69_900,
      status: 'CREATED',
      materials: [],
    });

    const sub = await createSubAccount(t, buyer.sid);
    const refused = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: sub.token });
    expect(refused.code).toBe(2020);
    const noCompany = await createBuyer(t);
    const needsCompany = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: noCompany.token });
    expect(needsCompany.code).toBe(1012);
  });

  it('places a custom order with a demand linked both ways, at the customization price', async () => {
    const m = await insertMaterial(t, { keywords: ['定制'] });
    const productKey = await uploadImage(t, buyer, 'product');
    const res = await injectApi(t, ORDER_API.placeCustom, {
      body: {
        material: m.sid,
        source: null,
        product_key: productKey,
        logo_key: null,
        detail: { style: '简约', title: '新品上市' },
      },
      token: buyer.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.order).toMatchObject({ orderType: 'custom', finalPrice: 49_800, spec: 4 });
    expect(res.data.order.demand).toMatchObject({ status: 'CREATED', material: m.sid, orderSid: res.data.order.sid });
    expect(res.data.order.demand?.detail).toEqual({ style: '简约', title: '新品上市' });

    const badKey = await injectApi(t, ORDER_API.placeCustom, {
      body: { material: m.sid, product_key: '../../etc/passwd', detail: {} },
      token: buyer.token,
    });
    expect(badKey.status).toBe(403);
    expect(badKey.code).toBe(4204);
  });

  it('a sub-account places orders owned by its main account; the main account sees them flagged', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });
    expect((await orderRow(t, order.sid)).ownerSid).toBe(main.sid);

    const mainList = await injectApi(t, ORDER_API.list, { token: main.token });
    const flagged = mainList.data.orders.find((o) => o.sid === order.sid);
    expect(flagged).toMatchObject({ fromSubAccount: true });
    const subList = await injectApi(t, ORDER_API.list, { token: sub.token });
    expect(subList.data.orders.map((o) => o.sid)).toEqual([order.sid]);
    expect(subList.data.orders[0]!.fromSubAccount).toBe(false);
  });

  it('lists the account’s orders newest first with filters and paging, and nobody else’s', async () => {
    const me = await createCompanyBuyer(t);
    const stranger = await createCompanyBuyer(t);
    const mats = await createMaterials(t, 3);
    const first = await placeOrder(t, me, { [mats[0]!.sid]: 2 });
    const second = await placeOrder(t, me, { [mats[1]!.sid]: 2 });
    await placeOrder(t, stranger, { [mats[2]!.sid]: 2 });
    const all = await injectApi(t, ORDER_API.list, { query: { page: '1', page_size: '1' }, token: me.token });
    expect(all.data.total).toBe(2);
    expect(all.data.orders.map((o) => o.sid)).toEqual([second.sid]);
    const cancel = await injectApi(t, ORDER_API.cancel, { params: { id: first.sid }, token: me.token });
    expect(cancel.code).toBe(0);
    const cancelled = await injectApi(t, ORDER_API.list, {
      query: { status: 'CANCELLED', type: 'material' },
      token: me.token,
    });
    expect(cancelled.data.orders.map((o) => o.sid)).toEqual([first.sid]);
    const bad = await injectApi(t, ORDER_API.list, { query: { status: 'LOST' }, token: me.token });
    expect(bad.status).toBe(400);
  });

  it('cancels only a CREATED order (state machine), and only one the account may see', async () => {
    const me = await createCompanyBuyer(t);
    const stranger = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, me, { [m!.sid]: 2 });
    const foreign = await injectApi(t, ORDER_API.cancel, { params: { id: order.sid }, token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.code).toBe(4001);
    const ok = await injectApi(t, ORDER_API.cancel, { params: { id: order.sid }, token: me.token });
    expect(ok.data.order.status).toBe('CANCELLED');
    const again = await injectApi(t, ORDER_API.cancel, { params: { id: order.sid }, token: me.token });
    expect(again.code).toBe(4003);
    const pay = await injectApi(t, ORDER_API.payByWallet, { params: { id: order.sid }, body: {}, token: me.token });
    expect(pay.code).toBe(4002);
  });
});

describe('order numbers', () => {
  it('a number already taken in the same second is drawn again, inside the same transaction; the items go with the order placed', async () => {
    const [first, second] = await createMaterials(t, 2);
    const taken = await placeOrder(t, buyer, { [first!.sid]: 2 });
    const takenNo = (await orderRow(t, taken.sid)).orderNo;
    const itemsBefore = await countRows(t, 'order_items');
    const draws = [takenNo, takenNo, 'GS20261129120000000001'];
    const placed = await t.database.db.transaction(async (tx) => {
      const row = await insertOrder(
        tx,
        {
          sid: newSid(),
          name: '素材授权订单',
          orderType: 'material',
          priceOriginCents: 29_800,
          priceCents: 29_800,
          userSid: buyer.sid,
          ownerSid: buyer.sid,
          createdAt: new Date(),
        },
        [
          { materialSid: first!.sid, spec: 3, unitPriceCents: 19_800 },
          { materialSid: second!.sid, spec: 3, unitPriceCents: 10_000 },
        ],
        () => draws.shift()!,
      );
      // The transaction is still usable after the skipped draws.
      await tx.execute(sql`select 1`);
      return row;
    });
    expect(placed.orderNo).toBe('GS20261129120000000001');
    expect(draws).toHaveLength(0);
    expect((await orderRow(t, taken.sid)).orderNo).toBe(takenNo);
    // The skipped draws inserted no items: only the placed order's two, and the taken order keeps its one.
    expect(await countRows(t, 'order_items')).toBe(itemsBefore + 2);
    const items = await t.database.db.execute(
      sql`select material_sid, spec, unit_price_cents::int as unit_price_cents from order_items where order_sid = ${placed.sid} order by unit_price_cents`,
    );
    expect((items as unknown as { rows: unknown[] }).rows).toEqual([
      { material_sid: second!.sid, spec: 3, unit_price_cents: 10_000 },
      { material_sid: first!.sid, spec: 3, unit_price_cents: 19_800 },
    ]);
    expect(placed).toMatchObject({ status: 'CREATED', priceCents: 29_800, userSid: buyer.sid, version: 0 });
    expect(placed.createdAt).toBeInstanceOf(Date);
  });
});
