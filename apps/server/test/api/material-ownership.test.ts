import type { TMaterial, TSearchMaterialsResponse } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { CART_API, MATERIAL_API, ORDER_API, PAYMENT_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * What a company bought shows as 已购 (buyTime and the owned licence types) for its main account
 * and its sub-accounts, on the detail page, in listings and in the cart — and only for them: the
 * shared search cache never carries it. A licence the company holds (or holds a wider one of)
 * cannot be bought again; a wider one is an upgrade at full price.
 */

let t: TestApp;
let main: TestBuyer;
let sub: TestBuyer;
let stranger: TestBuyer;
let bought: { sid: string; keywords: string[] };
let keyword: string;

beforeAll(async () => {
  t = await buildTestApp();
  main = await createCompanyBuyer(t);
  sub = await createSubAccount(t, main.sid);
  stranger = await createCompanyBuyer(t);
  await fundWallet(t, main.sid, 69_900);
  keyword = `归属测试${Date.now()}`;
  const [m] = await createMaterials(t, 1, { keywords: [keyword, '钻戒'] });
  bought = m!;
  // The sub-account places the order; the main account pays it from its wallet.
  const order = await placeOrder(t, sub, { [bought.sid]: 2 });
  const paid = await payByWallet(t, main, order.sid);
  expect(paid.code).toBe(0);
});
afterAll(async () => t.close());

function detail(token?: string) {
  return t.call<TMaterial>({
    method: 'GET',
    url: endpointUrl(MATERIAL_API.detail, { params: { id: bought.sid } }),
    ...(token ? { token } : {}),
  });
}

function search(token?: string) {
  return t.call<TSearchMaterialsResponse>({
    method: 'GET',
    url: endpointUrl(MATERIAL_API.search, { query: { keyword: keyword } }),
    ...(token ? { token } : {}),
  });
}

describe('已购 for the buyer and its company', () => {
  it('the detail page carries buyTime and the owned licence for the main account and the sub-account', async () => {
    for (const buyer of [main, sub]) {
      const res = await detail(buyer.token);
      expect(res.data.buyTime).not.toBeNull();
      expect(res.data.ownedSpecs).toEqual([2]);
    }
    const other = await detail(stranger.token);
    expect(other.data).toMatchObject({ buyTime: null, ownedSpecs: [] });
    const visitor = await detail();
    expect(visitor.data.buyTime).toBeNull();
    expect(visitor.data.ownedSpecs).toBeUndefined();
  });

  it('listings mark it for the company only, whoever filled the shared page cache first', async () => {
    const anonymousFirst = await search();
    expect(anonymousFirst.data.materials.map((m) => m.sid)).toContain(bought.sid);
    const forMain = (await search(main.token)).data.materials.find((m) => m.sid === bought.sid)!;
    expect(forMain.buyTime).not.toBeNull();
    expect(forMain.ownedSpecs).toEqual([2]);
    const forStranger = (await search(stranger.token)).data.materials.find((m) => m.sid === bought.sid)!;
    expect(forStranger).toMatchObject({ buyTime: null, ownedSpecs: [] });
    const anonymousAfter = (await search()).data.materials.find((m) => m.sid === bought.sid)!;
    expect(anonymousAfter.buyTime).toBeNull();
    expect(anonymousAfter.ownedSpecs).toBeUndefined();
  });

  it('the cart marks it', async () => {
    const added = await injectApi(t, CART_API.add, { body: { material: bought.sid, spec: 3 }, token: main.token });
    expect(added.code).toBe(0);
    const cart = await injectApi(t, CART_API.list, { token: main.token });
    const line = cart.data.materials.find((m) => m.sid === bought.sid)!;
    expect(line.ownedSpecs).toEqual([2]);
    expect(line.buyTime).not.toBeNull();
  });
});

describe('buying an owned licence again', () => {
  it('refuses the same or a narrower licence, for any account of the company, with the material and licence named', async () => {
    for (const [buyer, spec] of [
      [main, 2],
      [main, 3],
      [sub, 2],
    ] as const) {
      const res = await injectApi(t, ORDER_API.placeMaterial, {
        body: { materials: { [bought.sid]: spec }, source: null },
        token: buyer.token,
      });
      expect(res).toMatchObject({ status: 409, code: 4056 });
      expect(res.message).toBe(`您的公司已购买素材「${keyword}」（编号 ${bought.sid}）的标准授权，无需重复购买`);
    }
    // Another company may buy it.
    expect((await placeOrder(t, stranger, { [bought.sid]: 2 })).finalPrice).toBe(29_800);
  });

  it('allows the wider licence as an upgrade at its full price', async () => {
    const upgrade = await placeOrder(t, main, { [bought.sid]: 1 });
    expect(upgrade.finalPrice).toBe(39_800);
  });

  it('refuses to pay an order placed before the same licence was bought by another order', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const [m] = await createMaterials(t, 2);
    const [other] = await createMaterials(t, 1);
    const first = await placeOrder(t, buyer, { [m!.sid]: 3, [other!.sid]: 3 });
    const second = await placeOrder(t, buyer, { [m!.sid]: 3 });
    expect((await payByWallet(t, buyer, second.sid)).code).toBe(0);
    const late = await payByWallet(t, buyer, first.sid);
    expect(late).toMatchObject({ status: 409, code: 4056 });
    const online = await injectApi(t, PAYMENT_API.wechat, {
      params: { id: first.sid },
      body: { code: null, referer: null },
      token: buyer.token,
    });
    expect(online.code).toBe(4056);
  });

  it('an account without a company is asked for one first', async () => {
    const nobody = await createBuyer(t);
    const res = await injectApi(t, ORDER_API.placeMaterial, {
      body: { materials: { [bought.sid]: 2 }, source: null },
      token: nobody.token,
    });
    expect(res.code).toBe(1012);
  });
});
