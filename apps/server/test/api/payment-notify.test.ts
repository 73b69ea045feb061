import {
  centsToYuanString,
  type TOnlinePayResponse,
  ADMIN_PAYMENT_API,
  ORDER_API,
  PAYMENT_API,
  endpointUrl,
  PAYMENT_PATHS,
} from '@gemstock/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  couponRedemptions,
  coupons,
  ledgerEntries,
  licences,
  paymentEvents,
  walletLots,
} from '../../src/db/schema/index.js';
import { closeGatewayPayments } from '../../src/modules/payment/close-trades.js';
import { handleGatewayNotification } from '../../src/modules/payment/gateway-settlement.js';
import { markOrderCancelled } from '../../src/modules/order/order.repository.js';
import { AlipayGateway } from '../../src/payment-gateways/alipay.js';
import { PaymentGateways } from '../../src/payment-gateways/create-gateways.js';
import { WechatPayGateway } from '../../src/payment-gateways/wechat-pay.js';
import {
  alipayNotifyParams,
  alipaySettings,
  FakeAlipayServer,
  FakeWechatServer,
  newRsaPair,
  signAlipayNotification,
  signWechatNotification,
  WECHAT_TEST,
  wechatSettings,
  wechatTransaction,
  type AlipayKeys,
  type SignedDelivery,
  type WechatKeys,
} from '../helpers/payment-gateways.js';
import {
  deliver,
  enableOrderReward,
  findOrder,
  insertTestCoupon,
  insertTestOrder,
  listAttempts,
  moneyFingerprint,
  operatorToken,
} from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

const WECHAT_NOTIFY = PAYMENT_PATHS.notifyWechat;
const ALIPAY_NOTIFY = PAYMENT_PATHS.notifyAlipay;

/**
 * The real WeChat Pay and Alipay adapters, talking to gateway stand-ins that check our request
 * signatures and sign their answers and notifications with keys generated for this run.
 */
describe('gateway notifications', () => {
  let t: TestApp;
  let wechatKeys: WechatKeys;
  let alipayKeys: AlipayKeys;
  let wechat: FakeWechatServer;
  let alipay: FakeAlipayServer;

  beforeAll(async () => {
    wechatKeys = { merchant: newRsaPair(), platform: newRsaPair() };
    alipayKeys = { app: newRsaPair(), alipay: newRsaPair() };
    wechat = new FakeWechatServer(wechatKeys);
    alipay = new FakeAlipayServer(alipayKeys);
    t = await buildTestApp(
      {},
      {
        payments: () =>
          new PaymentGateways({
            WECHAT: new WechatPayGateway(wechatSettings(wechatKeys), wechat.fetch),
            ALIPAY: new AlipayGateway(alipaySettings(alipayKeys), alipay.fetch),
          }),
      },
    );
    enableOrderReward(t);
  });
  afterAll(() => t.close());

  async function startPay(orderSid: string, token: string, way: 'wechat' | 'alipay', code: string | null = null) {
    const res = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API[way], { params: { id: orderSid } }),
      token,
      payload: { code, referer: null },
    });
    expect(res.status, res.raw).toBe(200);
    const [attempt] = (await listAttempts(t, orderSid)).filter((a) => a.payWay === way.toUpperCase()).slice(-1);
    return { link: res.data.link, outTradeNo: attempt!.outTradeNo };
  }

  async function notifyEvents(orderSid: string) {
    return t.database.db
      .select({ outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderSid, orderSid), eq(paymentEvents.kind, 'notify')));
  }

  describe('WeChat Pay', () => {
    it('creates a Native order and returns its code_url', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { link, outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      expect(link).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(wechat.trades.get(outTradeNo)).toMatchObject({ amountCents: order.priceCents, state: 'NOTPAY' });
      expect(wechat.requests.at(-1)).toMatchObject({ path: '/v3/pay/transactions/native', authorized: true });
    });

    it('settles once under 10 concurrent deliveries and again later; every reply is the ack', async () => {
      const { order, buyer } = await insertTestOrder(t, { orderType: 'wallet' });
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      const delivery = wechat.pay(outTradeNo);

      const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(t, WECHAT_NOTIFY, delivery)));
      for (const reply of replies) {
        expect(reply.statusCode).toBe(204);
        expect(reply.body).toBe('');
      }
      const later = await deliver(t, WECHAT_NOTIFY, delivery);
      expect(later.statusCode).toBe(204);

      const paid = await findOrder(t, order.sid);
      expect(paid).toMatchObject({ status: 'PAYED', payWay: 'WECHAT', paidGateway: 'wechat' });
      expect(paid.settlementKey).toBe(`wechat:${wechat.trades.get(outTradeNo)!.tradeNo}`);
      const ledger = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]!.amountCents).toBe(order.priceCents);
      expect(await t.database.db.select().from(walletLots).where(eq(walletLots.orderSid, order.sid))).toHaveLength(1);
      expect(await t.database.db.select().from(coupons).where(eq(coupons.ownerSid, buyer.sid))).toHaveLength(1);
      const outcomes = (await notifyEvents(order.sid)).map((e) => e.outcome).sort();
      expect(outcomes).toEqual(['duplicate', ...Array(9).fill('duplicate'), 'settled'].sort());
      expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
      expect((await listAttempts(t, order.sid))[0]!.status).toBe('PAID');
    });

    it('settles once when 10 servers get the same notification at the same moment', async () => {
      // Each copy of deps is another server: no in-process coalescing, so the ten settlements
      // race in the database (on PostgreSQL truly in parallel) and the row lock decides.
      const { order, buyer } = await insertTestOrder(t, { orderType: 'wallet' });
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      const delivery = wechat.pay(outTradeNo);
      const gateway = t.app.deps.payments.byName('wechat')!;
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          handleGatewayNotification({ ...t.app.deps }, gateway, delivery.headers, Buffer.from(delivery.body)),
        ),
      );
      expect(results.map((r) => r.reply.status)).toEqual(Array(10).fill(204));
      expect(results.filter((r) => r.handled.outcome === 'settled')).toHaveLength(1);
      expect(results.filter((r) => r.handled.outcome === 'duplicate')).toHaveLength(9);
      expect(
        await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid)),
      ).toHaveLength(1);
      expect(await t.database.db.select().from(walletLots).where(eq(walletLots.orderSid, order.sid))).toHaveLength(1);
      expect(await t.database.db.select().from(coupons).where(eq(coupons.ownerSid, buyer.sid))).toHaveLength(1);
      expect((await deliver(t, WECHAT_NOTIFY, delivery)).statusCode).toBe(204);
      expect(
        await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid)),
      ).toHaveLength(1);
    });

    describe('forged notifications are rejected with the failure reply and change nothing', () => {
      let orderSid: string;
      let outTradeNo: string;
      let amount: number;

      beforeAll(async () => {
        const { order, buyer } = await insertTestOrder(t);
        orderSid = order.sid;
        amount = order.priceCents;
        ({ outTradeNo } = await startPay(order.sid, buyer.token, 'wechat'));
      });

      const genuine = (fields: Partial<Parameters<typeof wechatTransaction>[0]> = {}) =>
        wechatTransaction({
          outTradeNo,
          amountCents: amount,
          transactionId: '4200000000000000000000000001',
          ...fields,
        });

      const cases: [string, () => SignedDelivery][] = [
        ['bad signature', () => signWechatNotification(genuine(), newRsaPair().privateKey)],
        [
          'unknown serial',
          () => signWechatNotification(genuine(), wechatKeys.platform.privateKey, { serial: 'PUB_KEY_ID_UNKNOWN' }),
        ],
        [
          'tampered ciphertext',
          () => {
            const d = signWechatNotification(genuine(), wechatKeys.platform.privateKey);
            const body = JSON.parse(d.body) as { resource: { ciphertext: string } };
            const bytes = Buffer.from(body.resource.ciphertext, 'base64');
            bytes[5] = bytes[5]! ^ 0x01;
            body.resource.ciphertext = bytes.toString('base64');
            // Re-signed, as if by someone holding the platform key but not the APIv3 key.
            return signWechatNotification(genuine(), wechatKeys.platform.privateKey, {
              tamper: () => JSON.stringify(body),
            });
          },
        ],
        [
          'ciphertext under another APIv3 key',
          () => signWechatNotification(genuine(), wechatKeys.platform.privateKey, { apiV3Key: 'Z'.repeat(32) }),
        ],
        ['wrong amount', () => signWechatNotification(genuine({ amountCents: 1 }), wechatKeys.platform.privateKey)],
        [
          'unknown order',
          () => signWechatNotification(genuine({ outTradeNo: 'GSNOSUCHORDERP1' }), wechatKeys.platform.privateKey),
        ],
        [
          'wrong app_id',
          () => signWechatNotification(genuine({ appId: 'wx0000000000000000' }), wechatKeys.platform.privateKey),
        ],
        ['wrong mchid', () => signWechatNotification(genuine({ mchId: '1999999999' }), wechatKeys.platform.privateKey)],
        [
          'stale timestamp',
          () =>
            signWechatNotification(genuine(), wechatKeys.platform.privateKey, {
              timestamp: Math.floor(Date.now() / 1000) - 3600,
            }),
        ],
        ['no signature headers', () => ({ headers: { 'content-type': 'application/json' }, body: '{}' })],
        ['not JSON', () => ({ headers: { 'content-type': 'text/plain' }, body: 'hello' })],
      ];

      for (const [name, make] of cases) {
        it(name, async () => {
          const before = await moneyFingerprint(t);
          const reply = await deliver(t, WECHAT_NOTIFY, make());
          expect(reply.statusCode).toBeGreaterThanOrEqual(400);
          expect(reply.json()).toMatchObject({ code: 'FAIL' });
          expect(await moneyFingerprint(t)).toEqual(before);
          expect((await findOrder(t, orderSid)).status).toBe('CREATED');
        });
      }

      it('recorded every one of those deliveries, unverified or not', async () => {
        const rows = await t.database.db
          .select({ verified: paymentEvents.verified, outcome: paymentEvents.outcome, payload: paymentEvents.payload })
          .from(paymentEvents)
          .where(and(eq(paymentEvents.gateway, 'wechat'), eq(paymentEvents.kind, 'notify')));
        const reasons = rows.map((r) => (r.payload as { reason?: string }).reason);
        for (const reason of [
          'bad_signature',
          'unknown_serial',
          'decrypt_failed',
          'amount_mismatch',
          'unknown_order',
          'wrong_app',
          'wrong_merchant',
          'stale_timestamp',
          'missing_signature',
        ]) {
          expect(reasons).toContain(reason);
        }
      });
    });

    it('finds a payment by active query when no notification came', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      wechat.pay(outTradeNo); // the notification is lost
      const status = await injectApi(t, PAYMENT_API.status, { params: { id: order.sid }, token: buyer.token });
      expect(status.data.status).toBe('SUCCESS');
      expect(wechat.requests.some((r) => r.method === 'GET' && r.path.includes(outTradeNo))).toBe(true);
      expect(await findOrder(t, order.sid)).toMatchObject({ status: 'PAYED', paidGateway: 'wechat' });
    });

    it('closes the gateway trade when the order is cancelled', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      expect(await closeGatewayPayments(t.app.deps, order.sid)).toEqual({ paid: false, unclosed: 0 });
      expect(wechat.trades.get(outTradeNo)!.state).toBe('CLOSED');
      expect((await listAttempts(t, order.sid))[0]!.status).toBe('CLOSED');
    });

    it('closes the gateway trade when the buyer cancels the order', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      const res = await t.call({
        method: 'POST',
        url: endpointUrl(ORDER_API.cancel, { params: { id: order.sid } }),
        token: buyer.token,
        payload: {},
      });
      expect(res.status, res.raw).toBe(200);
      expect(wechat.trades.get(outTradeNo)!.state).toBe('CLOSED');
      expect((await listAttempts(t, order.sid))[0]!.status).toBe('CLOSED');
      expect(
        (await injectApi(t, PAYMENT_API.status, { params: { id: order.sid }, token: buyer.token })).data.status,
      ).toBe('FAIL');
    });

    it('settles instead when closing reveals the trade was paid', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      wechat.pay(outTradeNo);
      expect(await closeGatewayPayments(t.app.deps, order.sid)).toEqual({ paid: true, unclosed: 0 });
      expect((await findOrder(t, order.sid)).status).toBe('PAYED');
    });
  });

  describe('Alipay', () => {
    it('settles a page-pay payment once and answers "success" to every delivery', async () => {
      const coupon = await insertTestCoupon(t, { code: `PAYTEST${Date.now()}`, limit: 1 });
      const { order, buyer } = await insertTestOrder(t);
      const { link } = await startPay(order.sid, buyer.token, 'alipay', coupon.code);
      expect(link.startsWith('https://openapi.alipay.test/gateway.do?')).toBe(true);
      // The gateway is asked for the price after the coupon, exactly as the preview shows it.
      const biz = JSON.parse(new URL(link).searchParams.get('biz_content')!) as { total_amount: string };
      expect(biz.total_amount).toBe(centsToYuanString(order.priceCents - 1000));
      expect(await findOrder(t, order.sid)).toMatchObject({
        couponCode: coupon.code,
        priceCents: order.priceCents - 1000,
      });
      const delivery = alipay.payLink(link);

      const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(t, ALIPAY_NOTIFY, delivery)));
      const later = await deliver(t, ALIPAY_NOTIFY, delivery);
      for (const reply of [...replies, later]) {
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toBe('success');
      }
      expect(await findOrder(t, order.sid)).toMatchObject({ status: 'PAYED', payWay: 'ALIPAY', paidGateway: 'alipay' });
      expect(
        await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderSid, order.sid)),
      ).toHaveLength(1);
      expect(await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid))).toHaveLength(1);
      expect(await t.database.db.select().from(coupons).where(eq(coupons.ownerSid, buyer.sid))).toHaveLength(1);
      const outcomes = (await notifyEvents(order.sid)).map((e) => e.outcome);
      expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
      expect(outcomes).toHaveLength(11);
    });

    it('rejects forged Alipay notifications with "failure" and changes nothing', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'alipay');
      const params = alipayNotifyParams({ outTradeNo, amountCents: order.priceCents });
      const cases: SignedDelivery[] = [
        signAlipayNotification(params, newRsaPair().privateKey),
        signAlipayNotification(params, alipayKeys.alipay.privateKey, {
          tamper: (p) => ({ ...p, total_amount: '0.01' }),
        }),
        signAlipayNotification({ ...params, total_amount: '0.01' }, alipayKeys.alipay.privateKey),
        signAlipayNotification({ ...params, out_trade_no: 'GSNOSUCHORDERP2' }, alipayKeys.alipay.privateKey),
        signAlipayNotification({ ...params, app_id: '2021000000009999' }, alipayKeys.alipay.privateKey),
        signAlipayNotification({ ...params, seller_id: '2088999999999999' }, alipayKeys.alipay.privateKey),
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params).toString(),
        },
        { headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
        // PostgreSQL cannot store NUL: the delivery is still recorded and answered.
        {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'sign=abc&out_trade_no=%00x&trade_no=%00',
        },
      ];
      for (const delivery of cases) {
        const before = await moneyFingerprint(t);
        const reply = await deliver(t, ALIPAY_NOTIFY, delivery);
        expect(reply.statusCode).toBe(200);
        expect(reply.body).toBe('failure');
        expect(await moneyFingerprint(t)).toEqual(before);
      }
      expect((await findOrder(t, order.sid)).status).toBe('CREATED');
    });

    it('acknowledges a verified non-payment notification without settling', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'alipay');
      const delivery = signAlipayNotification(
        alipayNotifyParams({ outTradeNo, amountCents: order.priceCents, tradeStatus: 'WAIT_BUYER_PAY' }),
        alipayKeys.alipay.privateKey,
      );
      expect((await deliver(t, ALIPAY_NOTIFY, delivery)).body).toBe('success');
      expect((await findOrder(t, order.sid)).status).toBe('CREATED');
    });
  });

  describe('payment exceptions', () => {
    it('records money for a cancelled order, acknowledges it and lists it once for operators', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const { outTradeNo } = await startPay(order.sid, buyer.token, 'wechat');
      const delivery = wechat.pay(outTradeNo);
      await markOrderCancelled(t.database.db, order.sid, 'CREATED');
      const before = await moneyFingerprint(t);

      expect((await deliver(t, WECHAT_NOTIFY, delivery)).statusCode).toBe(204);
      expect((await deliver(t, WECHAT_NOTIFY, delivery)).statusCode).toBe(204);
      expect(await moneyFingerprint(t)).toMatchObject({ ...before, attempts: expect.any(String) });
      expect((await findOrder(t, order.sid)).status).toBe('CANCELLED');

      const token = await operatorToken(t);
      const list = await injectApi(t, ADMIN_PAYMENT_API.exceptions, { token });
      expect(list.status).toBe(200);
      const mine = list.data.exceptions.filter((e) => e.orderSid === order.sid);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        gateway: 'wechat',
        outTradeNo,
        reason: 'order_cancelled',
        orderStatus: 'CANCELLED',
        orderNo: order.orderNo,
        amount: order.priceCents,
        deliveries: 2,
      });
      const events = await injectApi(t, ADMIN_PAYMENT_API.orderEvents, { params: { id: order.sid }, token });
      expect(events.data.events.filter((e) => e.outcome === 'exception')).toHaveLength(2);
    });

    it('records a second payment of an already paid order as paid_twice', async () => {
      const { order, buyer } = await insertTestOrder(t);
      const first = await startPay(order.sid, buyer.token, 'wechat');
      const second = await startPay(order.sid, buyer.token, 'alipay');
      expect((await deliver(t, WECHAT_NOTIFY, wechat.pay(first.outTradeNo))).statusCode).toBe(204);
      const before = await moneyFingerprint(t);
      expect((await deliver(t, ALIPAY_NOTIFY, alipay.payLink(second.link))).body).toBe('success');
      expect((await moneyFingerprint(t)).orderStates).toBe(before.orderStates);
      const rows = await t.database.db
        .select({ payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.orderSid, order.sid), eq(paymentEvents.outcome, 'exception')));
      expect(rows.map((r) => (r.payload as { reason: string }).reason)).toEqual(['paid_twice']);
    });

    it('keeps operator views for operators only', async () => {
      const { buyer } = await insertTestOrder(t);
      const res = await injectApi(t, ADMIN_PAYMENT_API.exceptions, { token: buyer.token });
      expect(res.status).toBe(401);
      const anonymous = await injectApi(t, ADMIN_PAYMENT_API.exceptions);
      expect(anonymous.code).toBe(1000);
    });
  });

  it('has nothing unexpected left open at the gateways', async () => {
    const open = await t.database.db.execute(
      sql`select count(*)::int as n from payment_attempts where status = 'OPEN' and link is null`,
    );
    const rows = (Array.isArray(open) ? open : (open as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(Number(rows[0]?.n ?? 0)).toBe(0);
    expect(WECHAT_TEST.mchId).toBeTruthy();
  });
});
