import {
  MAX_PRICE_CENTS,
  ORDER_MAX_TOTAL_CENTS,
  type TOrderResponse,
  ADMIN_ORDER_API,
  ORDER_API,
  endpointUrl,
} from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyBuyer, createMaterials, orderRow } from '../helpers/money.js';
import { operatorToken } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

/** Order totals: bigint cents end to end, and a clear refusal above the one-order limit. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const STANDARD = 2;

async function expensiveSelection(n: number): Promise<Record<string, number>> {
  const mats = await createMaterials(t, n, { pricesCents: { '1': MAX_PRICE_CENTS, '2': MAX_PRICE_CENTS } });
  return Object.fromEntries(mats.map((m) => [m.sid, STANDARD]));
}

describe('order totals', () => {
  it('24 licences at the largest price are refused with a clear 400, not a 500, and nothing is stored', async () => {
    const buyer = await createCompanyBuyer(t);
    const materials = await expensiveSelection(24);
    const placed = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.placeMaterial),
      token: buyer.token,
      payload: { materials, source: null },
    });
    expect(placed).toMatchObject({ status: 400, code: 4050 });
    expect(placed.message).toBe('订单金额超过单笔上限 ¥20,000,000.00，请分多笔下单');
    const preview = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.placeMaterialPreview),
      token: buyer.token,
      payload: { materials, code: null, pay_way: null },
    });
    expect(preview).toMatchObject({ status: 400, code: 4050 });
    const list = await t.call<{ total: number }>({
      method: 'GET',
      url: endpointUrl(ORDER_API.list),
      token: buyer.token,
    });
    expect(list.data.total).toBe(0);
  });

  it('an order at exactly the limit is placed, stored and paid with every cent', async () => {
    const buyer = await createCompanyBuyer(t);
    const materials = await expensiveSelection(ORDER_MAX_TOTAL_CENTS / MAX_PRICE_CENTS);
    const placed = await t.call<TOrderResponse>({
      method: 'POST',
      url: endpointUrl(ORDER_API.placeMaterial),
      token: buyer.token,
      payload: { materials, source: null },
    });
    expect(placed.code).toBe(0);
    expect(placed.data.order).toMatchObject({ priceOrigin: ORDER_MAX_TOTAL_CENTS, finalPrice: ORDER_MAX_TOTAL_CENTS });
    const sid = placed.data.order.sid;
    const transfer = await t.call<{ info: { amount: number } }>({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect(transfer.data.info.amount).toBe(ORDER_MAX_TOTAL_CENTS);
    const confirmed = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: sid } }),
      token: await operatorToken(t),
      payload: await arrivalOfPrice(t, sid, '已到账'),
    });
    expect(confirmed.code).toBe(0);
    expect(await orderRow(t, sid)).toMatchObject({
      status: 'PAYED',
      priceCents: ORDER_MAX_TOTAL_CENTS,
      paidAmountCents: ORDER_MAX_TOTAL_CENTS,
    });
  });
});
