import { ORDER_API, PAYMENT_API, type TSandboxPayResponse } from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../src/db/schema/index.js';
import { GatewayError } from '../../src/payment-gateways/payment-gateway.js';
import { createCompanyBuyer, createMaterials, orderRow, placeOrder } from '../helpers/money.js';
import { listAttempts } from '../helpers/payment-orders.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A buyer's cancel closes the gateway trades first and cancels only then, so a payment racing
 * the cancel either pays the order (the cancel is refused) or is refused by the gateway (the
 * order is cancelled) — never money on a cancelled order. Runs on PGlite and PostgreSQL.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function orderWithLink(buyer: TestBuyer) {
  const [m] = await createMaterials(t, 1);
  const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
  const started = await injectApi(t, PAYMENT_API.wechat, {
    params: { id: order.sid },
    body: { code: null, referer: null },
    token: buyer.token,
  });
  expect(started.code).toBe(0);
  return { order, link: started.data.link };
}

function cancel(buyer: TestBuyer, orderSid: string) {
  return injectApi(t, ORDER_API.cancel, { params: { id: orderSid }, token: buyer.token });
}

async function exceptionsOf(orderSid: string) {
  return t.database.db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderSid, orderSid), eq(paymentEvents.outcome, 'exception')));
}

describe('cancelling an order with an open gateway trade', () => {
  it('30 races of a sandbox payment against the cancel: paid or cancelled, never money on a cancelled order', async () => {
    const buyer = await createCompanyBuyer(t);
    const outcomes = { paid: 0, cancelled: 0 };
    for (let i = 0; i < 30; i += 1) {
      const { order, link } = await orderWithLink(buyer);
      const [pay, cancelled] = await Promise.all([
        t.call<TSandboxPayResponse>({ method: 'POST', url: new URL(link).pathname, payload: { result: 'SUCCESS' } }),
        cancel(buyer, order.sid),
      ]);
      const row = await orderRow(t, order.sid);
      expect(await exceptionsOf(order.sid)).toEqual([]);
      if (row.status === 'PAYED') {
        outcomes.paid += 1;
        expect(cancelled).toMatchObject({ status: 409, code: 4054, message: '该订单已支付成功，无法取消' });
        expect(pay.data.orderStatus).toBe('PAYED');
      } else {
        outcomes.cancelled += 1;
        expect(row.status).toBe('CANCELLED');
        expect(cancelled.code).toBe(0);
        expect(pay).toMatchObject({ status: 409, code: 4044 });
        expect((await listAttempts(t, order.sid)).map((a) => a.status)).toEqual(['CLOSED']);
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(30);
  }, 120_000);

  it('a trade the gateway already took money for is settled, and the cancel says the order is paid', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order } = await orderWithLink(buyer);
    const [attempt] = await listAttempts(t, order.sid);
    // The payer paid at the gateway; its notification has not arrived yet.
    t.app.deps.payments.sandbox!.signNotification({
      outTradeNo: attempt!.outTradeNo,
      amountCents: attempt!.amountCents,
      result: 'SUCCESS',
    });
    const cancelled = await cancel(buyer, order.sid);
    expect(cancelled).toMatchObject({ status: 409, code: 4054 });
    expect(await orderRow(t, order.sid)).toMatchObject({ status: 'PAYED', paidGateway: 'sandbox' });
    expect(await exceptionsOf(order.sid)).toEqual([]);
  });

  it('a gateway that cannot be reached keeps the order open rather than risk a payment on a cancelled order', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order } = await orderWithLink(buyer);
    const sandbox = t.app.deps.payments.sandbox!;
    const { closePayment, queryPayment } = sandbox;
    const down = () => Promise.reject(new GatewayError('sandbox', 'connect ETIMEDOUT'));
    sandbox.closePayment = down;
    sandbox.queryPayment = down;
    try {
      const cancelled = await cancel(buyer, order.sid);
      expect(cancelled).toMatchObject({ status: 503, code: 4055 });
      expect(cancelled.message).toBe('支付渠道暂时无法关闭该笔交易，请稍后再取消订单');
      expect((await orderRow(t, order.sid)).status).toBe('CREATED');
    } finally {
      sandbox.closePayment = closePayment;
      sandbox.queryPayment = queryPayment;
    }
    expect((await cancel(buyer, order.sid)).code).toBe(0);
    expect((await orderRow(t, order.sid)).status).toBe('CANCELLED');
  });

  it('an order without a gateway trade is cancelled at once; a second cancel is refused', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    expect((await cancel(buyer, order.sid)).code).toBe(0);
    expect(await cancel(buyer, order.sid)).toMatchObject({ status: 409, code: 4003 });
  });
});
