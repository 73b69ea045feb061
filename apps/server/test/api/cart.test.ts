import { CART_API, CART_MAX_ITEMS, endpointUrl, ErrorCode } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems } from '../../src/db/schema/index.js';
import { countRows } from '../helpers/accounts.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let buyer: TestBuyer;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await createBuyer(t);
});
afterAll(async () => t.close());

const add = (token: string, material: string, spec: unknown) =>
  injectApi(t, CART_API.add, { token, body: { material, spec } });
const list = (token: string) => injectApi(t, CART_API.list, { token });

describe('cart', () => {
  it('needs a signed-in account', async () => {
    const res = await injectApi(t, CART_API.list);
    expect(res.code).toBe(1000);
  });

  it('adds, lists with spec, chosen and unit price, and re-adding changes the spec', async () => {
    const m = await insertMaterial(t, {
      keywords: ['钻戒'],
      pricesCents: { '2': 31_000 },
      specialPricesCents: { '3': 100 },
    });
    const res = await add(buyer.token, m.sid, 2);
    expect(res.code).toBe(0);
    expect(res.data.count).toBe(1);
    expect(res.message).toBeDefined();
    let cart = await list(buyer.token);
    expect(cart.data.materials).toHaveLength(1);
    expect(cart.data.materials[0]).toMatchObject({
      sid: m.sid,
      spec: 2,
      chosen: true,
      unitPrice: 31_000,
      disabled: false,
    });

    const again = await add(buyer.token, m.sid, '3');
    expect(again.data.count).toBe(1);
    cart = await list(buyer.token);
    expect(cart.data.materials[0]).toMatchObject({ spec: 3, unitPrice: 100 });
  });

  it('refuses a licence type the material does not offer, unknown and disabled materials', async () => {
    const small = await insertMaterial(t, { keywords: ['小图'], width: 1200, height: 900 });
    const before = await countRows(t, 'cart_items');
    expect((await add(buyer.token, small.sid, 1)).code).toBe(4006);
    expect((await add(buyer.token, small.sid, 7)).status).toBe(400);
    expect((await add(buyer.token, 'nosuchmaterial1', 2)).code).toBe(3001);
    const off = await insertMaterial(t, { keywords: ['下架'], disabled: true });
    expect((await add(buyer.token, off.sid, 2)).code).toBe(3001);
    expect(await countRows(t, 'cart_items')).toBe(before);
  });

  it('chooses and un-chooses items; a disabled material shows disabled and cannot be chosen', async () => {
    const other = await createBuyer(t);
    const a = await insertMaterial(t, { keywords: ['项链'] });
    const b = await insertMaterial(t, { keywords: ['手镯'] });
    await add(other.token, a.sid, 2);
    await add(other.token, b.sid, 2);
    const off = await injectApi(t, CART_API.choose, {
      token: other.token,
      body: { materials: [a.sid, b.sid], chosen: false },
    });
    expect(off.code).toBe(0);
    expect((await list(other.token)).data.materials.every((m) => !m.chosen)).toBe(true);

    await t.database.db.execute(`update materials set disabled = true where sid = '${b.sid}'`);
    const cart = await list(other.token);
    expect(cart.data.materials.find((m) => m.sid === b.sid)).toMatchObject({ disabled: true, chosen: false });
    const choose = await injectApi(t, CART_API.choose, {
      token: other.token,
      body: { materials: [a.sid, b.sid], chosen: true },
    });
    expect(choose.code).toBe(4007);
    // Nothing changed by the refused request.
    expect((await list(other.token)).data.materials.find((m) => m.sid === a.sid)?.chosen).toBe(false);
  });

  it('removes by sid and keeps each account to its own cart', async () => {
    const mine = await createBuyer(t);
    const stranger = await createBuyer(t);
    const m = await insertMaterial(t, { keywords: ['耳环'] });
    await add(mine.token, m.sid, 2);
    await add(stranger.token, m.sid, 3);
    const removed = await injectApi(t, CART_API.remove, { token: mine.token, body: { materials: [m.sid] } });
    expect(removed.data.count).toBe(0);
    expect((await list(stranger.token)).data.materials).toHaveLength(1);
  });

  it('holds its 100 when several materials are added at the same moment', async () => {
    const racer = await createBuyer(t);
    const filler = await Promise.all(
      Array.from({ length: CART_MAX_ITEMS - 1 }, (_, i) => insertMaterial(t, { keywords: [`满${i}`] })),
    );
    await t.database.db
      .insert(cartItems)
      .values(filler.map((m) => ({ userSid: racer.sid, materialSid: m.sid, spec: 2 })));
    const rivals = await Promise.all(Array.from({ length: 4 }, (_, i) => insertMaterial(t, { keywords: [`抢${i}`] })));
    const answers = await Promise.all(rivals.map((m) => add(racer.token, m.sid, 2)));
    expect(answers.map((a) => a.code).sort()).toEqual([0, ...Array(3).fill(ErrorCode.CART_FULL.code)].sort());
    expect((await list(racer.token)).data.materials).toHaveLength(CART_MAX_ITEMS);
  });

  it('answers bad bodies with 400 and a Chinese message', async () => {
    for (const payload of [
      {},
      { material: 'x', spec: 2 },
      { material: 'abcdefgh12', spec: 'big' },
      { materials: [] },
    ]) {
      // What the body's type refuses, so sent by hand.
      const res = await t.call({ method: 'POST', url: endpointUrl(CART_API.add), token: buyer.token, payload });
      expect(res.status).toBe(400);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const res = await injectApi(t, CART_API.remove, { token: buyer.token, body: { materials: [] } });
    expect(res.status).toBe(400);
  });
});
