import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AlipayGateway,
  buildAlipaySignContent,
  buildSignedAlipayParams,
  extractAlipaySignedContent,
  verifyAlipayNotificationParams,
} from '../../../src/modules/payment/gateways/alipay.js';
import {
  ALIPAY_TEST,
  alipayNotifyParams,
  alipaySettings,
  FakeAlipayServer,
  newRsaPair,
  ON_A_COMPUTER,
  ON_A_PHONE,
  PAYER,
  signAlipayNotification,
  type AlipayKeys,
} from '../../helpers/payment-gateways.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const vectors = JSON.parse(readFileSync(join(fixtures, 'sdk-vectors.json'), 'utf8')) as {
  alipay: {
    params: Record<string, string>;
    notify: Record<string, string>;
    sdkAcceptsNotify: boolean;
    queryAnswer: string;
    querySignedContent: string;
  };
};
const appKey = createPrivateKey(readFileSync(join(fixtures, 'test-only-merchant-private.pem')));
const alipayPublic = createPublicKey(readFileSync(join(fixtures, 'test-only-platform-public.pem')));

describe('Alipay RSA2 (vectors from alipay-sdk 4.14.0)', () => {
  const v = vectors.alipay;

  it('signs page-pay parameters to the same bytes as the SDK', () => {
    const biz = JSON.parse(v.params.biz_content!) as Record<string, unknown>;
    const ours = buildSignedAlipayParams('alipay.trade.page.pay', biz, {
      appId: v.params.app_id!,
      privateKey: appKey,
      timestamp: new Date('2024-05-01T00:30:00Z'),
      notifyUrl: v.params.notify_url!,
      returnUrl: v.params.return_url!,
    });
    expect(ours).toEqual(v.params);
  });

  it('verifies a notification the SDK verifies, leaving out sign and sign_type', () => {
    expect(v.sdkAcceptsNotify).toBe(true);
    expect(verifyAlipayNotificationParams(v.notify, alipayPublic)).toBe(true);
    expect(verifyAlipayNotificationParams({ ...v.notify, total_amount: '0.01' }, alipayPublic)).toBe(false);
  });

  it('finds the signed response node exactly as the SDK does', () => {
    expect(extractAlipaySignedContent(v.queryAnswer, 'alipay_trade_query_response')).toBe(v.querySignedContent);
  });

  it('keeps braces and quotes inside strings when finding the node', () => {
    const node = '{"code":"10000","msg":"a } \\" { b","nested":{"x":1}}';
    expect(extractAlipaySignedContent(`{"k_response":${node},"sign":"s"}`, 'k_response')).toBe(node);
    expect(extractAlipaySignedContent('{"other":{}}', 'k_response')).toBeNull();
  });

  it('sorts by key and skips empty values', () => {
    expect(buildAlipaySignContent({ b: '2', a: '1', c: '', sign: 'x' }, ['sign'])).toBe('a=1&b=2');
  });
});

describe('Alipay adapter', () => {
  let keys: AlipayKeys;
  let server: FakeAlipayServer;
  let gateway: AlipayGateway;

  beforeAll(() => {
    keys = { app: newRsaPair(), alipay: newRsaPair() };
    server = new FakeAlipayServer(keys);
    gateway = new AlipayGateway(alipaySettings(keys), server.fetch, () => new Date('2030-05-01T00:00:00Z'));
  });

  it('builds a signed page-pay link with the amount in yuan', async () => {
    const { link } = await gateway.createPayment({
      outTradeNo: 'GSALI1',
      amountCents: 1234,
      description: '宝图素材订单',
      expiresAt: new Date('2030-05-01T00:30:00Z'),
      payWay: 'ALIPAY',
      ...ON_A_COMPUTER,
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(ALIPAY_TEST.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: ALIPAY_TEST.appId,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2030-05-01 08:00:00',
      notify_url: 'https://shop.test/api/payment/notify/alipay',
      return_url: 'https://shop.test/record',
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'GSALI1',
      total_amount: '12.34',
      subject: '宝图素材订单',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2030-05-01 08:30:00',
    });
    // The fake gateway checks the signature with the app's public key, as Alipay does.
    expect(() => server.payLink(link)).not.toThrow();
  });

  it('builds a signed wap-pay link for a phone that returns to the order', async () => {
    const { link } = await gateway.createPayment({
      outTradeNo: 'GSWAP1',
      amountCents: 1234,
      description: '宝图素材订单',
      expiresAt: new Date('2030-05-01T00:30:00Z'),
      payWay: 'ALIPAY',
      ...ON_A_PHONE,
    });
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(ALIPAY_TEST.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: ALIPAY_TEST.appId,
      method: 'alipay.trade.wap.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2030-05-01 08:00:00',
      notify_url: 'https://shop.test/api/payment/notify/alipay',
      return_url: PAYER.returnUrl,
    });
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: 'GSWAP1',
      total_amount: '12.34',
      subject: '宝图素材订单',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2030-05-01 08:30:00',
      quit_url: PAYER.returnUrl,
    });
    // Signed over every parameter but sign, checked with the app's public key as Alipay does.
    expect(buildAlipaySignContent(params, ['sign'])).toContain('method=alipay.trade.wap.pay');
    expect(() => server.payLink(link)).not.toThrow();
    expect(() => server.payLink(link.replace('QUICK_WAP_WAY', 'FAST_INSTANT_TRADE_PAY'))).toThrow();
  });

  it('accepts a genuine notification and reads the amount in cents', () => {
    const delivery = signAlipayNotification(
      alipayNotifyParams({ outTradeNo: 'GSALI1', amountCents: 1234 }),
      keys.alipay.privateKey,
    );
    const check = gateway.parseNotification(delivery.headers, Buffer.from(delivery.body));
    expect(check).toMatchObject({
      ok: true,
      trade: { outTradeNo: 'GSALI1', amountCents: 1234, state: 'PAID', rawState: 'TRADE_SUCCESS' },
    });
    if (check.ok) expect(check.trade.paidAt?.toISOString()).toBe('2024-05-01T00:31:02.000Z');
  });

  it('treats TRADE_FINISHED as paid and WAIT_BUYER_PAY as waiting', () => {
    for (const [status, state] of [
      ['TRADE_FINISHED', 'PAID'],
      ['WAIT_BUYER_PAY', 'WAITING'],
      ['TRADE_CLOSED', 'CLOSED'],
    ] as const) {
      const delivery = signAlipayNotification(
        alipayNotifyParams({ outTradeNo: 'GSALI1', amountCents: 1234, tradeStatus: status }),
        keys.alipay.privateKey,
      );
      expect(gateway.parseNotification({}, Buffer.from(delivery.body))).toMatchObject({ ok: true, trade: { state } });
    }
  });

  it('rejects forged, tampered, foreign-app and foreign-seller notifications', () => {
    const params = alipayNotifyParams({ outTradeNo: 'GSALI1', amountCents: 1234 });
    const forged = signAlipayNotification(params, newRsaPair().privateKey);
    expect(gateway.parseNotification({}, Buffer.from(forged.body))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    const tampered = signAlipayNotification(params, keys.alipay.privateKey, {
      tamper: (p) => ({ ...p, total_amount: '0.01' }),
    });
    expect(gateway.parseNotification({}, Buffer.from(tampered.body))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
    const otherApp = signAlipayNotification(
      alipayNotifyParams({ outTradeNo: 'GSALI1', amountCents: 1234, appId: '2021000000009999' }),
      keys.alipay.privateKey,
    );
    expect(gateway.parseNotification({}, Buffer.from(otherApp.body))).toMatchObject({ ok: false, reason: 'wrong_app' });
    const otherSeller = signAlipayNotification(
      alipayNotifyParams({ outTradeNo: 'GSALI1', amountCents: 1234, sellerId: '2088999999999999' }),
      keys.alipay.privateKey,
    );
    expect(gateway.parseNotification({}, Buffer.from(otherSeller.body))).toMatchObject({
      ok: false,
      reason: 'wrong_merchant',
    });
    expect(gateway.parseNotification({}, Buffer.from('a=1&a=2'))).toMatchObject({ ok: false, reason: 'malformed' });
    expect(gateway.parseNotification({}, Buffer.from(''))).toMatchObject({ ok: false, reason: 'missing_signature' });
  });

  it('queries and closes through signed calls and verifies the answers', async () => {
    expect(await gateway.queryPayment('GSALI1')).toMatchObject({ state: 'PAID', amountCents: 1234 });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'alipay.trade.query',
      authorized: true,
      bizContent: { out_trade_no: 'GSALI1' },
    });
    expect(await gateway.queryPayment('GSALI_UNOPENED')).toMatchObject({ state: 'NOT_FOUND' });
    await expect(gateway.closePayment('GSALI_UNOPENED')).resolves.toBeUndefined();
    await expect(gateway.closePayment('GSALI1')).rejects.toMatchObject({ gatewayCode: 'ACQ.TRADE_STATUS_ERROR' });
  });

  it('does not believe answers signed with another key', async () => {
    const impostor = new FakeAlipayServer({ app: keys.app, alipay: newRsaPair() });
    const fooled = new AlipayGateway(alipaySettings(keys), impostor.fetch);
    await expect(fooled.queryPayment('GSALI1')).rejects.toMatchObject({ name: 'GatewayError' });
  });

  it('replies exactly "success" or "failure"', () => {
    expect(gateway.ackSuccess()).toMatchObject({ status: 200, body: 'success' });
    expect(gateway.ackFailure()).toMatchObject({ status: 200, body: 'failure' });
  });
});
