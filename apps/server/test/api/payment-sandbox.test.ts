import type { TOnlinePayResponse, TSandboxPayResponse } from '@gemstock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../helpers/factories.js';
import {
  enableOrderReward,
  findOrder,
  insertTestOrder,
  listAttempts,
  moneyFingerprint,
} from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PAYMENT_API, PAYMENT_PATHS, USER_API, endpointUrl, pathUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/** The embedded default: both pay ways served by the sandbox, paid on our own pay page. */
describe('online payment through the sandbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    enableOrderReward(t);
  });
  afterAll(() => t.close());

  function startPay(orderSid: string, token: string, way: 'wechat' | 'alipay' = 'wechat', body: object = {}) {
    return t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API[way], { params: { id: orderSid } }),
      token,
      payload: { code: null, referer: null, ...body },
    });
  }

  function pollStatus(orderSid: string, token: string) {
    return injectApi(t, PAYMENT_API.status, { params: { id: orderSid }, token });
  }

  it('hands out a link to the sandbox pay page and reuses it while it is valid', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const first = await startPay(order.sid, buyer.token);
    expect(first.status).toBe(200);
    expect(first.data.link).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/pay/[0-9A-Za-z]+$`));
    expect(first.data.amount).toBe(order.priceCents);
    const again = await startPay(order.sid, buyer.token);
    expect(again.data.link).toBe(first.data.link);
    // The Alipay tab gets its own attempt (its own gateway trade), on the same page.
    const alipay = await startPay(order.sid, buyer.token, 'alipay');
    expect(alipay.data.link).not.toBe(first.data.link);
    expect(await listAttempts(t, order.sid)).toHaveLength(2);
  });

  it('shows the pay page in Chinese with the order number and amount', async () => {
    const { order, buyer } = await insertTestOrder(t, { priceCents: 123_456 });
    const { data } = await startPay(order.sid, buyer.token);
    const page = await t.app.inject({ method: 'GET', url: new URL(data.link).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order.orderNo);
    expect(page.body).toContain('¥1,234.56');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('支付失败');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('pays on POST {"result":"SUCCESS"}: order PAYED, polling says SUCCESS with the order coupon', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const { data } = await startPay(order.sid, buyer.token);
    expect((await pollStatus(order.sid, buyer.token)).data).toEqual({ status: 'WAITING', coupon: null });

    const paid = await t.call<TSandboxPayResponse>({
      method: 'POST',
      url: new URL(data.link).pathname,
      payload: { result: 'SUCCESS' },
    });
    expect(paid.status).toBe(200);
    expect(paid.data).toMatchObject({ result: 'SUCCESS', outcome: 'settled', orderStatus: 'PAYED' });

    const row = await findOrder(t, order.sid);
    expect(row).toMatchObject({
      status: 'PAYED',
      payWay: 'WECHAT',
      paidGateway: 'sandbox',
      paidAmountCents: order.priceCents,
    });
    const status = await pollStatus(order.sid, buyer.token);
    expect(status.data.status).toBe('SUCCESS');
    expect(status.data.coupon).toMatch(/^R[A-Z0-9]+$/);

    // Pressing the button again is the same payment: nothing more happens.
    const before = await moneyFingerprint(t);
    const again = await t.call<TSandboxPayResponse>({
      method: 'POST',
      url: new URL(data.link).pathname,
      payload: { result: 'SUCCESS' },
    });
    expect(again.data.outcome).toBe('duplicate');
    expect(await moneyFingerprint(t)).toEqual(before);
  });

  it('accepts the page form post and answers with a page', async () => {
    const { order, buyer } = await insertTestOrder(t, { orderType: 'wallet' });
    const { data } = await startPay(order.sid, buyer.token, 'alipay');
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(data.link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=SUCCESS',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('支付成功');
    expect(await findOrder(t, order.sid)).toMatchObject({ status: 'PAYED', payWay: 'ALIPAY' });
    // The recharge is in the wallet.
    const me = await injectApi(t, USER_API.me, { token: buyer.token });
    expect(me.data.user.walletBalance).toBe(order.priceCents);
  });

  it('records a failed payment: polling says FAIL, and the payer may try again', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const { data } = await startPay(order.sid, buyer.token);
    const failed = await t.call<TSandboxPayResponse>({
      method: 'POST',
      url: new URL(data.link).pathname,
      payload: { result: 'FAIL' },
    });
    expect(failed.data).toMatchObject({ result: 'FAIL', outcome: 'failed', orderStatus: 'CREATED' });
    expect((await pollStatus(order.sid, buyer.token)).data.status).toBe('FAIL');
    expect((await findOrder(t, order.sid)).status).toBe('CREATED');
    // A new request for a link starts a new attempt; polling waits again.
    const retry = await startPay(order.sid, buyer.token);
    expect(retry.data.link).not.toBe(data.link);
    expect((await pollStatus(order.sid, buyer.token)).data.status).toBe('WAITING');
  });

  it('lets only the buyer (or the main account) start or poll a payment', async () => {
    const { order } = await insertTestOrder(t);
    const stranger = await createBuyer(t);
    expect((await startPay(order.sid, stranger.token)).code).toBe(4001);
    expect((await pollStatus(order.sid, stranger.token)).code).toBe(4001);
    const anonymous = await injectApi(t, PAYMENT_API.wechat, { params: { id: order.sid }, body: {} });
    expect(anonymous.code).toBe(1000);

    const parent = await createBuyer(t);
    const child = await createBuyer(t, { level: 1, parentSid: parent.sid, username: `sub${Date.now()}` });
    const { order: childOrder } = await insertTestOrder(t, { buyer: child });
    await t.database.db.execute(sql`update orders set owner_sid = ${parent.sid} where sid = ${childOrder.sid}`);
    expect((await startPay(childOrder.sid, child.token)).status).toBe(200);
    expect((await pollStatus(childOrder.sid, parent.token)).data.status).toBe('WAITING');
  });

  it('refuses orders that cannot be paid and bad input without a 500', async () => {
    const { order: paid, buyer } = await insertTestOrder(t, { status: 'PAYED' });
    expect((await startPay(paid.sid, buyer.token)).code).toBe(4002);
    const { order: cancelled } = await insertTestOrder(t, { status: 'CANCELLED', buyer });
    expect((await startPay(cancelled.sid, buyer.token)).code).toBe(4002);
    expect((await pollStatus(cancelled.sid, buyer.token)).data).toEqual({ status: 'FAIL', coupon: null });

    for (const res of [
      await injectApi(t, PAYMENT_API.wechat, { params: { id: 'NOT-A-SID' }, body: {}, token: buyer.token }),
      await injectApi(t, PAYMENT_API.wechat, { params: { id: paid.sid }, body: { code: 42 }, token: buyer.token }),
      await t.call({
        method: 'POST',
        url: endpointUrl(PAYMENT_API.alipay, { params: { id: paid.sid } }),
        token: buyer.token,
        payload: 'x',
        headers: { 'content-type': 'application/json' },
      }),
      await t.call({ method: 'POST', url: '/sandbox/pay/NOPE', payload: { result: 'SUCCESS' } }),
      await t.call({ method: 'POST', url: '/sandbox/pay/UNKNOWN123', payload: { result: 'MAYBE' } }),
      await t.call({ method: 'POST', url: '/sandbox/pay/UNKNOWN123', payload: { result: 'SUCCESS' } }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/pay/UNKNOWN123' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('支付单不存在');
  });

  it('refuses a closed payment on the sandbox page, like a gateway would', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const { data } = await startPay(order.sid, buyer.token);
    await t.database.db.execute(sql`update payment_attempts set status = 'CLOSED' where order_sid = ${order.sid}`);
    const res = await t.call({ method: 'POST', url: new URL(data.link).pathname, payload: { result: 'SUCCESS' } });
    expect(res.code).toBe(4044);
    expect((await findOrder(t, order.sid)).status).toBe('CREATED');
  });

  it('rejects a forged sandbox notification on the notify endpoint', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const { data } = await startPay(order.sid, buyer.token);
    const outTradeNo = new URL(data.link).pathname.split('/').pop()!;
    const before = await moneyFingerprint(t);
    const res = await t.app.inject({
      method: 'POST',
      url: pathUrl(PAYMENT_PATHS.notifySandbox, {}),
      headers: {
        'content-type': 'application/json',
        'x-sandbox-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-sandbox-nonce': 'n',
        'x-sandbox-signature': Buffer.alloc(32).toString('base64'),
      },
      payload: JSON.stringify({
        out_trade_no: outTradeNo,
        trade_no: 'X',
        trade_state: 'SUCCESS',
        amount_cents: order.priceCents,
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
    expect(await moneyFingerprint(t)).toEqual(before);
    // A genuinely signed one over HTTP settles: the same path the page uses.
    const notice = t.app.deps.payments.sandbox!.signNotification({
      outTradeNo,
      amountCents: order.priceCents,
      result: 'SUCCESS',
    });
    const good = await t.app.inject({
      method: 'POST',
      url: pathUrl(PAYMENT_PATHS.notifySandbox, {}),
      headers: notice.headers,
      payload: notice.rawBody,
    });
    expect(good.statusCode).toBe(204);
    expect(good.body).toBe('');
    expect((await findOrder(t, order.sid)).status).toBe('PAYED');
  });
});
