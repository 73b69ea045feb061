import { PAYMENT_API, PAYMENT_PATHS, pathUrl } from '@gemstock/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../src/db/schema/index.js';
import { cancelExpiredOrders } from '../../src/modules/payment/close-trades.js';
import { UnpaidOrderSweeper } from '../../src/modules/payment/unpaid-order-sweeper.js';
import { PaymentGateways } from '../../src/payment-gateways/create-gateways.js';
import { ScriptedGateway } from '../helpers/payment-gateways.js';
import {
  findOrder,
  insertTestCoupon,
  insertTestOrder,
  listAttempts,
  moneyFingerprint,
} from '../helpers/payment-orders.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** Polling with active queries, and the unpaid-order sweep, against gateways scripted by hand. */
describe('pay status polling and unpaid orders', () => {
  let t: TestApp;
  let wechat: ScriptedGateway;
  let alipay: ScriptedGateway;

  beforeAll(async () => {
    wechat = new ScriptedGateway('wechat');
    alipay = new ScriptedGateway('alipay');
    t = await buildTestApp({}, { payments: () => new PaymentGateways({ WECHAT: wechat, ALIPAY: alipay }) });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    for (const gateway of [wechat, alipay]) {
      gateway.queryFails = false;
      gateway.closeFails = false;
      gateway.queried.length = 0;
      gateway.closed.length = 0;
    }
  });

  async function startPay(
    orderSid: string,
    token: string,
    way: 'wechat' | 'alipay' = 'wechat',
    code: string | null = null,
  ) {
    const res = await injectApi(t, PAYMENT_API[way], { params: { id: orderSid }, body: { code }, token });
    expect(res.status, res.raw).toBe(200);
    return new URL(res.data.link).pathname.split('/').pop()!;
  }

  async function poll(orderSid: string, token: string) {
    const res = await injectApi(t, PAYMENT_API.status, { params: { id: orderSid }, token });
    expect(res.status, res.raw).toBe(200);
    return res.data;
  }

  async function age(table: 'orders' | 'payment_attempts', column: string, value: string, minutes: number) {
    // An attempt made earlier also stopped working earlier: its stored expiry moves with it.
    const expiry =
      table === 'payment_attempts'
        ? sql`, expires_at = expires_at - (created_at - (now() - make_interval(mins => ${minutes})))`
        : sql``;
    await t.database.db.execute(
      sql`update ${sql.identifier(table)} set created_at = now() - make_interval(mins => ${minutes})${expiry} where ${sql.identifier(column)} = ${value}`,
    );
  }

  describe('polling', () => {
    it('asks the gateway when no notification came, and settles a verified payment', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      expect(await poll(order.sid, buyer.token)).toEqual({ status: 'WAITING', coupon: null });
      expect(wechat.queried).toEqual([outTradeNo]);

      wechat.states.set(outTradeNo, {
        state: 'PAID',
        tradeNo: 'WXQUERY0001',
        amountCents: order.priceCents,
        paidAt: new Date(),
        rawState: 'SUCCESS',
      });
      // Within the interval the gateway is not asked again …
      expect((await poll(order.sid, buyer.token)).status).toBe('WAITING');
      expect(wechat.queried).toHaveLength(1);
      // … after it, it is.
      await t.database.db.execute(
        sql`update payment_attempts set last_queried_at = now() - interval '11 seconds' where out_trade_no = ${outTradeNo}`,
      );
      expect((await poll(order.sid, buyer.token)).status).toBe('SUCCESS');
      expect(wechat.queried).toHaveLength(2);
      expect(await findOrder(t, order.sid)).toMatchObject({ status: 'PAYED', settlementKey: 'wechat:WXQUERY0001' });
      // Paid orders are answered from the database.
      expect((await poll(order.sid, buyer.token)).status).toBe('SUCCESS');
      expect(wechat.queried).toHaveLength(2);
      const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderSid, order.sid));
      expect(events.map((e) => `${e.kind}:${e.outcome}`)).toEqual(['query:settled']);
    });

    it('queries each open attempt (the buyer may have paid the other tab)', async () => {
      const { order, buyer } = await insertTestOrder(t);
      await startPay(order.sid, buyer.token, 'wechat');
      const alipayNo = await startPay(order.sid, buyer.token, 'alipay');
      alipay.states.set(alipayNo, {
        state: 'PAID',
        tradeNo: 'ALIQUERY0001',
        amountCents: order.priceCents,
        paidAt: new Date(),
        rawState: 'TRADE_SUCCESS',
      });
      expect((await poll(order.sid, buyer.token)).status).toBe('SUCCESS');
      expect(await findOrder(t, order.sid)).toMatchObject({ payWay: 'ALIPAY', paidGateway: 'alipay' });
    });

    it('keeps waiting when the gateway cannot be reached', async () => {
      const { order, buyer } = await insertTestOrder(t);
      await startPay(order.sid, buyer.token);
      wechat.queryFails = true;
      expect(await poll(order.sid, buyer.token)).toEqual({ status: 'WAITING', coupon: null });
    });

    it('reports FAIL when the gateway says the payment failed', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      wechat.states.set(outTradeNo, { state: 'FAILED', rawState: 'PAYERROR' });
      expect((await poll(order.sid, buyer.token)).status).toBe('FAIL');
      expect((await listAttempts(t, order.sid))[0]!.status).toBe('FAILED');
    });

    it('does not settle a queried payment of another amount', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      wechat.states.set(outTradeNo, {
        state: 'PAID',
        tradeNo: 'WXWRONGAMOUNT',
        amountCents: 1,
        paidAt: new Date(),
        rawState: 'SUCCESS',
      });
      const before = await moneyFingerprint(t);
      expect((await poll(order.sid, buyer.token)).status).toBe('WAITING');
      expect((await moneyFingerprint(t)).orderStates).toBe(before.orderStates);
      const [event] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.orderSid, order.sid));
      expect(event).toMatchObject({ kind: 'query', outcome: 'exception' });
    });

    it('gives a fresh link when the price changed, closing the old trade first', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const first = await startPay(order.sid, buyer.token);
      const coupon = await insertTestCoupon(t, { code: `LESS100${Date.now()}`, amount: 100 });
      const second = await startPay(order.sid, buyer.token, 'wechat', coupon.code);
      expect(second).not.toBe(first);
      expect(wechat.closed).toEqual([first]);
      expect((await listAttempts(t, order.sid)).map((a) => [a.outTradeNo, a.status, a.amountCents])).toEqual([
        [first, 'CLOSED', order.priceCents],
        [second, 'OPEN', order.priceCents - 100],
      ]);
    });

    it('answers a gateway failure to create the payment with a coded 502', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const broken = new ScriptedGateway('wechat');
      broken.createPayment = () => Promise.reject(new Error('gateway down'));
      const failing = await buildTestApp({}, { payments: () => new PaymentGateways({ WECHAT: broken, ALIPAY: null }) });
      try {
        const { order: other, buyer: otherBuyer } = await insertTestOrder(failing);
        const res = await injectApi(failing, PAYMENT_API.wechat, {
          params: { id: other.sid },
          body: {},
          token: otherBuyer.token,
        });
        expect(res).toMatchObject({ status: 502, code: 4041 });
        expect((await listAttempts(failing, other.sid))[0]!.status).toBe('FAILED');
        const off = await injectApi(failing, PAYMENT_API.alipay, {
          params: { id: other.sid },
          body: {},
          token: otherBuyer.token,
        });
        expect(off).toMatchObject({ status: 503, code: 4040 });
      } finally {
        await failing.close();
      }
      expect(order.sid).toBeTruthy();
      expect(buyer.token).toBeTruthy();
    });
  });

  describe('unpaid-order sweep', () => {
    it('cancels orders left unpaid past the time limit and closes their gateway trades', async () => {
      const never = await insertTestOrder(t);
      const scanned = await insertTestOrder(t);
      const fresh = await insertTestOrder(t);
      const scanning = await insertTestOrder(t);
      await age('orders', 'sid', never.order.sid, 31);
      const oldTrade = await startPay(scanned.order.sid, scanned.buyer.token);
      await age('orders', 'sid', scanned.order.sid, 45);
      await age('payment_attempts', 'out_trade_no', oldTrade, 31);
      // Ordered long ago, but the buyer asked for a QR code a minute ago: not cut off.
      await age('orders', 'sid', scanning.order.sid, 45);
      const newTrade = await startPay(scanning.order.sid, scanning.buyer.token);
      await age('payment_attempts', 'out_trade_no', newTrade, 1);

      const result = await cancelExpiredOrders(t.app.deps);
      expect(result.cancelled.sort()).toEqual([never.order.sid, scanned.order.sid].sort());
      expect((await findOrder(t, never.order.sid)).status).toBe('CANCELLED');
      expect((await findOrder(t, scanned.order.sid)).status).toBe('CANCELLED');
      expect((await findOrder(t, fresh.order.sid)).status).toBe('CREATED');
      expect((await findOrder(t, scanning.order.sid)).status).toBe('CREATED');
      expect(wechat.closed).toContain(oldTrade);
      expect((await listAttempts(t, scanned.order.sid))[0]!.status).toBe('CLOSED');
      expect((await poll(never.order.sid, never.buyer.token)).status).toBe('FAIL');
    });

    it('gives bank-transfer orders and orders awaiting approval the longer time', async () => {
      const transfer = await insertTestOrder(t, { payWay: 'TRANSFER', transferReference: 'REF-1' });
      const audit = await insertTestOrder(t, { auditStatus: 'PENDING' });
      const oldTransfer = await insertTestOrder(t, { payWay: 'TRANSFER', transferReference: 'REF-2' });
      await age('orders', 'sid', transfer.order.sid, 60 * 24);
      await age('orders', 'sid', audit.order.sid, 60 * 24);
      // 20 days: past 5 working days whatever holidays lie between (Spring Festival included)
      await age('orders', 'sid', oldTransfer.order.sid, 60 * 24 * 20);
      const result = await cancelExpiredOrders(t.app.deps);
      expect(result.cancelled).toEqual([oldTransfer.order.sid]);
      expect((await findOrder(t, transfer.order.sid)).status).toBe('CREATED');
      expect((await findOrder(t, audit.order.sid)).status).toBe('CREATED');
    });

    it('settles instead of cancelling when the gateway reveals a payment', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      await age('orders', 'sid', order.sid, 40);
      await age('payment_attempts', 'out_trade_no', outTradeNo, 40);
      wechat.closeFails = true;
      wechat.states.set(outTradeNo, {
        state: 'PAID',
        tradeNo: 'WXLATE0001',
        amountCents: order.priceCents,
        paidAt: new Date(),
        rawState: 'SUCCESS',
      });
      const result = await cancelExpiredOrders(t.app.deps);
      expect(result.cancelled).not.toContain(order.sid);
      expect((await findOrder(t, order.sid)).status).toBe('PAYED');
    });

    it('still cancels when the gateway is unreachable (its trade has expired there)', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      await age('orders', 'sid', order.sid, 40);
      await age('payment_attempts', 'out_trade_no', outTradeNo, 40);
      wechat.closeFails = true;
      wechat.queryFails = true;
      const result = await cancelExpiredOrders(t.app.deps);
      expect(result.cancelled).toContain(order.sid);
    });

    it('records a payment that arrives after the cancellation as an exception', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const outTradeNo = await startPay(order.sid, buyer.token);
      await age('orders', 'sid', order.sid, 40);
      await age('payment_attempts', 'out_trade_no', outTradeNo, 40);
      await cancelExpiredOrders(t.app.deps);
      const trade = {
        outTradeNo,
        tradeNo: 'WXAFTERCANCEL',
        state: 'PAID',
        amountCents: order.priceCents,
        paidAt: new Date().toISOString(),
        rawState: 'SUCCESS',
      };
      const reply = await t.app.inject({
        method: 'POST',
        url: pathUrl(PAYMENT_PATHS.notifyWechat, {}),
        headers: { 'content-type': 'application/json', 'x-scripted': 'genuine' },
        payload: JSON.stringify(trade),
      });
      expect(reply.statusCode).toBe(204);
      expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');
      const [exception] = await t.database.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderSid, order.sid), eq(paymentEvents.outcome, 'exception')));
      expect(exception).toMatchObject({ tradeNo: 'WXAFTERCANCEL', amountCents: order.priceCents, verified: true });
      expect((exception!.payload as { reason: string }).reason).toBe('order_cancelled');
    });

    it('closes trades left open on orders that were paid another way', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const wechatNo = await startPay(order.sid, buyer.token, 'wechat');
      const alipayNo = await startPay(order.sid, buyer.token, 'alipay');
      wechat.states.set(wechatNo, {
        state: 'PAID',
        tradeNo: 'WXLEFTOVER01',
        amountCents: order.priceCents,
        paidAt: new Date(),
        rawState: 'SUCCESS',
      });
      expect((await poll(order.sid, buyer.token)).status).toBe('SUCCESS');
      const result = await cancelExpiredOrders(t.app.deps);
      expect(result.closedLeftovers).toBeGreaterThanOrEqual(1);
      expect(alipay.closed).toContain(alipayNo);
      expect((await listAttempts(t, order.sid)).map((a) => a.status).sort()).toEqual(['CLOSED', 'PAID']);
    });

    it('runs in the background and stops cleanly', async () => {
      const { order } = await insertTestOrder(t);
      await age('orders', 'sid', order.sid, 31);
      const logged: string[] = [];
      const log = { info: (_o: object, m: string) => logged.push(m), warn: () => undefined, error: () => undefined };
      const sweeper = new UnpaidOrderSweeper(t.app.deps, log, 20);
      sweeper.start();
      for (let i = 0; i < 100 && (await findOrder(t, order.sid)).status !== 'CANCELLED'; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await sweeper.stop();
      expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');
      expect(logged).toContain('unpaid order cancelled');
    });
  });
});
