import { PAY_RETURN_PATH, type TOnlinePayResponse, PAYMENT_API, endpointUrl, PAYMENT_PATHS } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayGateway } from '../../src/payment-gateways/alipay.js';
import { PaymentGateways } from '../../src/payment-gateways/create-gateways.js';
import { WechatPayGateway } from '../../src/payment-gateways/wechat-pay.js';
import {
  alipaySettings,
  FakeAlipayServer,
  FakeWechatServer,
  newRsaPair,
  wechatSettings,
  type AlipayKeys,
  type WechatKeys,
} from '../helpers/payment-gateways.js';
import { deliver, findOrder, insertTestOrder, listAttempts } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

/**
 * Paying on a phone (docs/decisions/0026-paying-on-a-phone.md): the pay request declares the
 * device's channel; on `h5` the gateway's mobile flow is started (WeChat Pay H5, Alipay wap
 * pay, the sandbox's page opened by the phone itself), which sends the browser back to the
 * order's return page; `qr` stays the computer's QR code and page pay.
 */

type Channel = 'qr' | 'h5';

function startPay(t: TestApp, orderSid: string, token: string, way: 'wechat' | 'alipay', channel?: Channel) {
  return t.call<TOnlinePayResponse>({
    method: 'POST',
    url: endpointUrl(PAYMENT_API[way], { params: { id: orderSid } }),
    token,
    payload: { code: null, referer: null, ...(channel ? { channel } : {}) },
    // As a phone's request arrives: the payer's address is what WeChat H5 is told.
    remoteAddress: '198.51.100.23',
  });
}

const returnUrlOf = (t: TestApp, orderSid: string) => `${t.config.publicUrl}${PAY_RETURN_PATH}?order=${orderSid}`;

describe('paying on a phone through WeChat Pay H5 and Alipay wap pay', () => {
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
  });
  afterAll(() => t.close());

  it('places a signed WeChat H5 order with the payer IP and answers h5_url returning to the order', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const res = await startPay(t, order.sid, buyer.token, 'wechat', 'h5');
    expect(res.status, res.raw).toBe(200);
    expect(res.data.channel).toBe('h5');
    const request = wechat.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/h5', authorized: true });
    const sent = JSON.parse(request.body) as Record<string, unknown>;
    expect(sent.scene_info).toEqual({ payer_client_ip: '198.51.100.23', h5_info: { type: 'Wap' } });
    expect(sent.amount).toEqual({ total: order.priceCents, currency: 'CNY' });
    const link = new URL(res.data.link);
    expect(link.origin).toBe('https://wx.tenpay.com');
    expect(link.searchParams.get('redirect_url')).toBe(returnUrlOf(t, order.sid));
    const [attempt] = await listAttempts(t, order.sid);
    expect(attempt).toMatchObject({ channel: 'h5', payWay: 'WECHAT', status: 'OPEN' });

    // Paid in the WeChat app: the notification settles the order the return page polls.
    const reply = await deliver(t, PAYMENT_PATHS.notifyWechat, wechat.pay(attempt!.outTradeNo));
    expect(reply.statusCode).toBe(204);
    const polled = await injectApi(t, PAYMENT_API.status, { params: { id: order.sid }, token: buyer.token });
    expect(polled.data.status).toBe('SUCCESS');
    expect((await findOrder(t, order.sid)).status).toBe('PAYED');
  });

  it('keeps the QR code on a computer and never hands one channel the other channel’s link', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const computer = await startPay(t, order.sid, buyer.token, 'wechat');
    expect(computer.data).toMatchObject({ channel: 'qr' });
    expect(computer.data.link).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(wechat.requests.at(-1)!.path).toBe('/v3/pay/transactions/native');

    const phone = await startPay(t, order.sid, buyer.token, 'wechat', 'h5');
    expect(phone.data.link).toMatch(/^https:\/\/wx\.tenpay\.com\//);
    const phoneAgain = await startPay(t, order.sid, buyer.token, 'wechat', 'h5');
    expect(phoneAgain.data.link).toBe(phone.data.link);

    // Only one trade per pay way stays payable: the computer's was closed at WeChat.
    const attempts = await listAttempts(t, order.sid);
    expect(attempts.map((a) => [a.channel, a.status]).sort()).toEqual([
      ['h5', 'OPEN'],
      ['qr', 'CLOSED'],
    ]);
    const qrTrade = attempts.find((a) => a.channel === 'qr')!;
    expect(wechat.trades.get(qrTrade.outTradeNo)?.state).toBe('CLOSED');
  });

  it('answers a signed alipay.trade.wap.pay link that returns to the order, and settles it', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const res = await startPay(t, order.sid, buyer.token, 'alipay', 'h5');
    expect(res.status, res.raw).toBe(200);
    const params = Object.fromEntries(new URL(res.data.link).searchParams);
    expect(params).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: returnUrlOf(t, order.sid) });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      product_code: 'QUICK_WAP_WAY',
      quit_url: returnUrlOf(t, order.sid),
    });
    // The fake gateway refuses a link whose RSA2 signature does not verify.
    const reply = await deliver(t, PAYMENT_PATHS.notifyAlipay, alipay.payLink(res.data.link));
    expect(reply.body).toBe('success');
    expect(await findOrder(t, order.sid)).toMatchObject({ status: 'PAYED', payWay: 'ALIPAY' });
  });

  it('refuses a channel the contract does not know, in Chinese, and starts nothing', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const before = wechat.requests.length;
    const res = await startPay(t, order.sid, buyer.token, 'wechat', 'app' as Channel);
    expect(res.status).toBe(400);
    expect(res.message).toContain('支付渠道只能是');
    expect(wechat.requests.length).toBe(before);
    expect(await listAttempts(t, order.sid)).toHaveLength(0);
  });
});

describe('paying on a phone through the sandbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('opens the sandbox page on the phone itself and sends it back to the order after paying', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const res = await startPay(t, order.sid, buyer.token, 'wechat', 'h5');
    expect(res.data.channel).toBe('h5');
    expect(res.data.link).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/pay/[0-9A-Za-z]+$`));
    const pagePath = new URL(res.data.link).pathname;

    const page = await t.app.inject({ method: 'GET', url: pagePath });
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain(`href="${returnUrlOf(t, order.sid).replaceAll('&', '&#38;')}"`);
    expect(page.body).toContain('放弃支付，返回订单');

    const paid = await t.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=SUCCESS',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(returnUrlOf(t, order.sid));
    const polled = await injectApi(t, PAYMENT_API.status, { params: { id: order.sid }, token: buyer.token });
    expect(polled.data.status).toBe('SUCCESS');
  });

  it('sends the phone back after a failed payment too, where polling reports it', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const res = await startPay(t, order.sid, buyer.token, 'alipay', 'h5');
    const failed = await t.app.inject({
      method: 'POST',
      url: new URL(res.data.link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=FAIL',
    });
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(returnUrlOf(t, order.sid));
    const polled = await injectApi(t, PAYMENT_API.status, { params: { id: order.sid }, token: buyer.token });
    expect(polled.data.status).toBe('FAIL');
  });

  it('still answers a computer’s sandbox payment with the result page, not a redirect', async () => {
    const { order, buyer } = await insertTestOrder(t);
    const res = await startPay(t, order.sid, buyer.token, 'wechat');
    expect(res.data.channel).toBe('qr');
    const page = await t.app.inject({ method: 'GET', url: new URL(res.data.link).pathname });
    expect(page.body).not.toContain('返回订单');
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(res.data.link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=SUCCESS',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('支付成功');
  });
});
