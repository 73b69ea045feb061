import type { TOrderResponse } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCompanyBuyer,
  createMaterials,
  createSubAccount,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ORDER_API, USER_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const audit = (token: string, sid: string, payload: Record<string, unknown>) =>
  t.call<TOrderResponse>({
    method: 'POST',
    url: endpointUrl(ORDER_API.audit, { params: { id: sid } }),
    token,
    payload,
  });

describe('sub-account wallet payment approval', () => {
  it('asks the main account first, pays from the main wallet once approved', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await fundWallet(t, main.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });

    const asked = await payByWallet(t, sub, order.sid);
    expect(asked.code).toBe(4012);
    expect((await orderRow(t, order.sid)).auditStatus).toBe('PENDING');
    const subs = await injectApi(t, USER_API.subUsers, { token: main.token });
    expect(subs.data.sub_users.find((s) => s.sid === sub.sid)?.orderWaiting).toBe(1);
    const pending = await injectApi(t, ORDER_API.list, { query: { audit_status: 'PENDING' }, token: main.token });
    expect(pending.data.orders.map((o) => o.sid)).toEqual([order.sid]);

    const approved = await audit(main.token, order.sid, { approved: true, message: '同意' });
    expect(approved.data.order).toMatchObject({ auditStatus: 'APPROVED', auditMessage: '同意' });
    const paid = await payByWallet(t, sub, order.sid);
    expect(paid.code).toBe(0);
    expect(paid.data.order.finalPrice).toBe(298);
    expect((await walletBooks(t, main.sid)).ledger).toBe(69_900 - 298);
    expect((await walletBooks(t, sub.sid)).ledger).toBe(0);
  });

  it('a refusal stops the wallet payment; other ways stay open', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await fundWallet(t, main.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });
    await payByWallet(t, sub, order.sid);
    const refused = await audit(main.token, order.sid, { approved: false, message: '预算不足' });
    expect(refused.data.order.auditStatus).toBe('REJECTED');
    expect((await payByWallet(t, sub, order.sid)).code).toBe(4013);
    const transfer = await injectApi(t, ORDER_API.startTransfer, {
      params: { id: order.sid },
      body: {},
      token: sub.token,
    });
    expect(transfer.code).toBe(0);
  });

  it('only the own main account audits, only sub-account orders, only while CREATED', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const otherMain = await createCompanyBuyer(t);
    const [m1, m2] = await createMaterials(t, 2);
    const order = await placeOrder(t, sub, { [m1!.sid]: 2 });
    expect((await audit(otherMain.token, order.sid, { approved: true })).status).toBe(404);
    expect((await audit(sub.token, order.sid, { approved: true })).code).toBe(2020);
    const own = await placeOrder(t, main, { [m2!.sid]: 2 });
    expect((await audit(main.token, own.sid, { approved: true })).status).toBe(404);
    expect((await audit(main.token, order.sid, { approved: 'yes' })).status).toBe(400);
    await injectApi(t, ORDER_API.cancel, { params: { id: order.sid }, token: sub.token });
    expect((await audit(main.token, order.sid, { approved: true })).code).toBe(4014);
  });

  it('the main account pays its sub-account’s order from its own wallet without approval', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await fundWallet(t, main.sid, 69_900);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, sub, { [m!.sid]: 2 });
    const paid = await payByWallet(t, main, order.sid);
    expect(paid.code).toBe(0);
    expect(paid.data.order.status).toBe('PAYED');
  });
});
