import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AlipayGateway,
  buildAlipaySignContent,
  buildSignedAlipayParams,
  extractAlipaySignedContent,
  signAlipayContent,
  verifyAlipayContent,
  verifyAlipayNotificationParams,
} from '../../../src/payment-gateways/alipay.js';
import type { HttpFetch } from '../../../src/payment-gateways/payment-gateway.js';
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

const refundExamples = JSON.parse(readFileSync(join(fixtures, 'refund-examples.json'), 'utf8')) as {
  alipayRefundAnswer: Record<string, unknown>;
  alipayRefundQueryAnswer: Record<string, unknown>;
};

/** An Alipay that answers one call with the given response node, signed, after checking the request's signature. */
function answeringAlipay(keys: AlipayKeys, node: Record<string, unknown>) {
  const seen: { method: string; authorized: boolean; bizContent: Record<string, unknown> }[] = [];
  const fetch: HttpFetch = async (input, init) => {
    const params: Record<string, string> = {};
    for (const [k, v] of new URL(input).searchParams) params[k] = v;
    for (const [k, v] of new URLSearchParams(typeof init.body === 'string' ? init.body : '')) params[k] = v;
    const authorized = verifyAlipayContent(
      buildAlipaySignContent(params, ['sign']),
      params.sign ?? '',
      keys.app.publicKey,
    );
    seen.push({
      method: params.method ?? '',
      authorized,
      bizContent: JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>,
    });
    const key = `${(params.method ?? '').replaceAll('.', '_')}_response`;
    const text = JSON.stringify(node);
    const sign = signAlipayContent(text, keys.alipay.privateKey);
    return new Response(`{"${key}":${text},"sign":"${sign}"}`, { status: 200 });
  };
  return { fetch, seen };
}

describe('Alipay refunds', () => {
  let keys: AlipayKeys;
  let server: FakeAlipayServer;
  let gateway: AlipayGateway;

  beforeAll(async () => {
    keys = { app: newRsaPair(), alipay: newRsaPair() };
    server = new FakeAlipayServer(keys);
    gateway = new AlipayGateway(alipaySettings(keys), server.fetch, () => new Date('2030-05-01T00:00:00Z'));
    for (const outTradeNo of ['GSARF1', 'GSARF2']) {
      const { link } = await gateway.createPayment({
        outTradeNo,
        amountCents: 59600,
        description: '宝图素材订单',
        expiresAt: new Date('2030-05-01T00:30:00Z'),
        payWay: 'ALIPAY',
        ...ON_A_COMPUTER,
      });
      server.payLink(link);
    }
  });

  it('asks alipay.trade.refund, signed, with the amount in yuan and our out_request_no; fund_change Y is given back', async () => {
    const refund = await gateway.refund({
      refundNo: 'RF20240502000011',
      outTradeNo: 'GSARF1',
      tradeNo: null,
      amountCents: 59600,
      totalCents: 59600,
      reason: '买家申请退款',
    });
    expect(server.requests.at(-1)).toEqual({
      method: 'alipay.trade.refund',
      authorized: true,
      bizContent: {
        out_trade_no: 'GSARF1',
        refund_amount: '596.00',
        out_request_no: 'RF20240502000011',
        refund_reason: '买家申请退款',
      },
    });
    expect(refund).toMatchObject({ refundNo: 'RF20240502000011', state: 'SUCCEEDED', amountCents: 59600 });
    expect(refund.settledAt?.toISOString()).toBe('2024-05-02T02:00:00.000Z');
  });

  it('checks fund_change N with the refund query: PROCESSING until Alipay has moved the money', async () => {
    server.refundPending = true;
    const pending = await gateway.refund({
      refundNo: 'RF20240502000012',
      outTradeNo: 'GSARF2',
      tradeNo: null,
      amountCents: 100,
      totalCents: 59600,
      reason: '部分退款',
    });
    expect(server.requests.map((r) => r.method).slice(-2)).toEqual([
      'alipay.trade.refund',
      'alipay.trade.fastpay.refund.query',
    ]);
    expect(server.requests.at(-1)).toMatchObject({
      authorized: true,
      bizContent: { out_trade_no: 'GSARF2', out_request_no: 'RF20240502000012', query_options: ['gmt_refund_pay'] },
    });
    expect(pending.state).toBe('PROCESSING');
    server.refundPending = false;
    expect(await gateway.queryRefund('RF20240502000012', 'GSARF2')).toMatchObject({
      state: 'SUCCEEDED',
      amountCents: 100,
    });
    expect(await gateway.queryRefund('RF_NONE', 'GSARF2')).toMatchObject({ state: 'NOT_FOUND' });
  });

  it("reports Alipay's refusal as FAILED with its sub_code", async () => {
    const refused = await gateway.refund({
      refundNo: 'RF20240502000013',
      outTradeNo: 'GSARF1',
      tradeNo: null,
      amountCents: 1,
      totalCents: 59600,
      reason: '超额',
    });
    expect(refused).toMatchObject({ state: 'FAILED', rawState: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(refused.failure).toContain('退款金额超限');
  });

  it("reads the documentation's answers to the refund and to its query", async () => {
    const answered = answeringAlipay(keys, refundExamples.alipayRefundAnswer);
    const documented = new AlipayGateway(alipaySettings(keys), answered.fetch);
    expect(
      await documented.refund({
        refundNo: 'RF1',
        outTradeNo: '6823789339978248',
        tradeNo: null,
        amountCents: 8888,
        totalCents: 8888,
        reason: '',
      }),
    ).toMatchObject({ state: 'SUCCEEDED', amountCents: 8888, refundId: '2013112011001004330000121536' });
    expect(answered.seen[0]).toMatchObject({ method: 'alipay.trade.refund', authorized: true });
    const queried = answeringAlipay(keys, refundExamples.alipayRefundQueryAnswer);
    expect(
      await new AlipayGateway(alipaySettings(keys), queried.fetch).queryRefund(
        '20150320010101001',
        '20150320010101001',
      ),
    ).toMatchObject({ state: 'SUCCEEDED', amountCents: 1233, rawState: 'REFUND_SUCCESS' });
  });

  it('throws when the outcome is unknown (ACQ.SYSTEM_ERROR), so the same refund is asked again later', async () => {
    const busy = answeringAlipay(keys, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' });
    await expect(
      new AlipayGateway(alipaySettings(keys), busy.fetch).refund({
        refundNo: 'RF2',
        outTradeNo: 'X',
        tradeNo: null,
        amountCents: 1,
        totalCents: 1,
        reason: 'x',
      }),
    ).rejects.toMatchObject({ name: 'GatewayError' });
  });
});
