import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildWechatAuthorization,
  buildWechatRequestMessage,
  decryptWechatResource,
  signWechatMessage,
  toWechatRefund,
  truncateUtf8,
  WechatPayGateway,
} from '../../../src/payment-gateways/wechat-pay.js';
import {
  FakeWechatServer,
  newRsaPair,
  ON_A_COMPUTER,
  ON_A_PHONE,
  PAYER,
  signWechatNotification,
  WECHAT_TEST,
  wechatSettings,
  wechatTransaction,
  type WechatKeys,
} from '../../helpers/payment-gateways.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const vectors = JSON.parse(readFileSync(join(fixtures, 'sdk-vectors.json'), 'utf8')) as {
  wechat: Record<string, string>;
};
const merchantKey = createPrivateKey(readFileSync(join(fixtures, 'test-only-merchant-private.pem')));
const platformPublic = createPublicKey(readFileSync(join(fixtures, 'test-only-platform-public.pem')));

function authParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of header.matchAll(/(\w+)="([^"]*)"/g)) out[match[1]!] = match[2]!;
  return out;
}

describe('WeChat Pay v3 signing (vectors from wechatpay-axios-plugin 0.9.6)', () => {
  const v = vectors.wechat;

  it('builds the request message exactly as the SDK does', () => {
    expect(buildWechatRequestMessage('POST', '/v3/pay/transactions/native', v.timestamp!, v.nonce!, v.body!)).toBe(
      v.message,
    );
    expect(
      buildWechatRequestMessage(
        'GET',
        '/v3/pay/transactions/out-trade-no/GS20240501000001P1?mchid=1230000109',
        v.timestamp!,
        v.nonce!,
        '',
      ),
    ).toBe(v.queryMessage);
  });

  it('signs to the same bytes and writes the same Authorization fields', () => {
    expect(signWechatMessage(v.message!, merchantKey)).toBe(v.signature);
    expect(signWechatMessage(v.queryMessage!, merchantKey)).toBe(v.querySignature);
    const ours = buildWechatAuthorization({
      mchId: v.mchId!,
      serialNo: v.serialNo!,
      privateKey: merchantKey,
      method: 'POST',
      urlPath: '/v3/pay/transactions/native',
      body: v.body!,
      timestamp: v.timestamp!,
      nonce: v.nonce!,
    });
    expect(ours.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(authParams(ours)).toEqual(authParams(v.authorization!));
  });

  it('decrypts the SDK-encrypted notification resource', () => {
    const body = JSON.parse(v.notifyBody!) as {
      resource: { ciphertext: string; nonce: string; associated_data: string };
    };
    expect(decryptWechatResource(body.resource, v.apiV3Key!)).toBe(v.transaction);
  });

  it('accepts the SDK-signed notification with the platform key', () => {
    const gateway = new WechatPayGateway(
      {
        ...wechatSettings({ merchant: newRsaPair(), platform: newRsaPair() }),
        mchId: '1230000109',
        appId: 'wxd678efh567hg6787',
        apiV3Key: v.apiV3Key!,
        platformKeys: new Map([['PUB_KEY_ID_VECTOR', platformPublic]]),
      },
      undefined,
      () => Number(v.notifyTimestamp),
    );
    const check = gateway.parseNotification(
      {
        'wechatpay-timestamp': v.notifyTimestamp,
        'wechatpay-nonce': v.notifyNonce,
        'wechatpay-signature': v.notifySignature,
        'wechatpay-serial': 'PUB_KEY_ID_VECTOR',
      },
      Buffer.from(v.notifyBody!, 'utf8'),
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.trade).toMatchObject({
      outTradeNo: 'GS20240501000001P1',
      tradeNo: '4200000000202405010000000001',
      state: 'PAID',
      amountCents: 59600,
      rawState: 'SUCCESS',
    });
    expect(check.trade.paidAt?.toISOString()).toBe('2024-05-01T00:31:02.000Z');
  });
});

describe('WeChat Pay notification checks', () => {
  let keys: WechatKeys;
  let gateway: WechatPayGateway;
  const transaction = wechatTransaction({ outTradeNo: 'GSX1', amountCents: 1234 });

  beforeAll(() => {
    keys = { merchant: newRsaPair(), platform: newRsaPair() };
    gateway = new WechatPayGateway(wechatSettings(keys));
  });

  function parse(delivery: { headers: Record<string, string>; body: string }) {
    return gateway.parseNotification(delivery.headers, Buffer.from(delivery.body, 'utf8'));
  }

  it('accepts a genuine notification', () => {
    const check = parse(signWechatNotification(transaction, keys.platform.privateKey));
    expect(check).toMatchObject({ ok: true, trade: { outTradeNo: 'GSX1', amountCents: 1234, state: 'PAID' } });
  });

  it('rejects a signature made with another key', () => {
    expect(parse(signWechatNotification(transaction, newRsaPair().privateKey))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('rejects an unknown serial before looking at the signature', () => {
    const delivery = signWechatNotification(transaction, keys.platform.privateKey, {
      serial: 'PUB_KEY_ID_SOMEONE_ELSE',
    });
    expect(parse(delivery)).toMatchObject({ ok: false, reason: 'unknown_serial' });
  });

  it('rejects missing signature headers', () => {
    const delivery = signWechatNotification(transaction, keys.platform.privateKey);
    delete delivery.headers['wechatpay-signature'];
    expect(parse(delivery)).toMatchObject({ ok: false, reason: 'missing_signature' });
  });

  it('rejects a replay outside the 5-minute window', () => {
    const old = signWechatNotification(transaction, keys.platform.privateKey, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(parse(old)).toMatchObject({ ok: false, reason: 'stale_timestamp' });
  });

  it('rejects a body changed after signing', () => {
    const delivery = signWechatNotification(transaction, keys.platform.privateKey, {
      tamper: (body) => body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCEZZ'),
    });
    expect(parse(delivery)).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('rejects tampered ciphertext even when the envelope is re-signed', () => {
    // Someone holding the platform key but not the APIv3 key cannot forge the resource.
    const delivery = signWechatNotification(transaction, keys.platform.privateKey, { apiV3Key: 'X'.repeat(32) });
    expect(parse(delivery)).toMatchObject({ ok: false, reason: 'decrypt_failed' });
  });

  it('rejects another merchant or another app', () => {
    const otherMch = wechatTransaction({ outTradeNo: 'GSX1', amountCents: 1234, mchId: '1999999999' });
    expect(parse(signWechatNotification(otherMch, keys.platform.privateKey))).toMatchObject({
      ok: false,
      reason: 'wrong_merchant',
    });
    const otherApp = wechatTransaction({ outTradeNo: 'GSX1', amountCents: 1234, appId: 'wx0000000000000000' });
    expect(parse(signWechatNotification(otherApp, keys.platform.privateKey))).toMatchObject({
      ok: false,
      reason: 'wrong_app',
    });
  });

  it('rejects garbage without throwing', () => {
    expect(gateway.parseNotification({}, Buffer.from('not json'))).toMatchObject({ ok: false });
    const delivery = signWechatNotification(transaction, keys.platform.privateKey);
    expect(
      gateway.parseNotification({ ...delivery.headers, 'wechatpay-signature': '%%%' }, Buffer.from(delivery.body)),
    ).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('replies exactly as WeChat expects', () => {
    expect(gateway.ackSuccess()).toEqual({ status: 204 });
    const failure = gateway.ackFailure('验签失败');
    expect(failure.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(failure.body!)).toEqual({ code: 'FAIL', message: '验签失败' });
  });
});

describe('WeChat Pay API calls against a fake WeChat server', () => {
  let keys: WechatKeys;
  let server: FakeWechatServer;
  let gateway: WechatPayGateway;

  beforeAll(() => {
    keys = { merchant: newRsaPair(), platform: newRsaPair() };
    server = new FakeWechatServer(keys);
    gateway = new WechatPayGateway(wechatSettings(keys), server.fetch);
  });

  it('places a Native order with a verifiable Authorization and returns code_url', async () => {
    const expiresAt = new Date('2030-05-01T00:30:00Z');
    const created = await gateway.createPayment({
      outTradeNo: 'GSAPI1',
      amountCents: 59600,
      description: '宝图素材订单',
      expiresAt,
      payWay: 'WECHAT',
      ...ON_A_COMPUTER,
    });
    expect(created.link).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native', authorized: true });
    expect(JSON.parse(request.body)).toEqual({
      appid: WECHAT_TEST.appId,
      mchid: WECHAT_TEST.mchId,
      description: '宝图素材订单',
      out_trade_no: 'GSAPI1',
      time_expire: '2030-05-01T08:30:00+08:00',
      notify_url: 'https://shop.test/api/payment/notify/wechat',
      amount: { total: 59600, currency: 'CNY' },
    });
  });

  it('places an H5 order for a phone with the payer IP and h5_info, and returns h5_url with our redirect_url', async () => {
    const created = await gateway.createPayment({
      outTradeNo: 'GSH5API1',
      amountCents: 59600,
      description: '宝图素材订单',
      expiresAt: new Date('2030-05-01T00:30:00Z'),
      payWay: 'WECHAT',
      ...ON_A_PHONE,
    });
    const request = server.requests.at(-1)!;
    // The fake server verifies the WECHATPAY2-SHA256-RSA2048 signature over this exact path and body.
    expect(request).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/h5', authorized: true });
    expect(JSON.parse(request.body)).toEqual({
      appid: WECHAT_TEST.appId,
      mchid: WECHAT_TEST.mchId,
      description: '宝图素材订单',
      out_trade_no: 'GSH5API1',
      time_expire: '2030-05-01T08:30:00+08:00',
      notify_url: 'https://shop.test/api/payment/notify/wechat',
      amount: { total: 59600, currency: 'CNY' },
      scene_info: { payer_client_ip: PAYER.clientIp, h5_info: { type: 'Wap' } },
    });
    const link = new URL(created.link);
    expect(`${link.origin}${link.pathname}`).toBe('https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb');
    expect(link.searchParams.get('prepay_id')).toMatch(/^wx/);
    expect(link.searchParams.get('redirect_url')).toBe(PAYER.returnUrl);
    expect(created.link).toContain(`redirect_url=${encodeURIComponent(PAYER.returnUrl)}`);
  });

  it('reports an H5 order WeChat refuses as a GatewayError', async () => {
    const refusing: typeof server.fetch = async (input, init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      delete body.scene_info;
      return server.fetch(input, { ...init, body: JSON.stringify(body) });
    };
    // The body no longer matches the signature either: the fake answers 401 as WeChat would.
    const failing = new WechatPayGateway(wechatSettings(keys), refusing);
    await expect(
      failing.createPayment({
        outTradeNo: 'GSH5API2',
        amountCents: 1,
        description: 'x',
        expiresAt: new Date('2030-05-01T00:30:00Z'),
        payWay: 'WECHAT',
        ...ON_A_PHONE,
      }),
    ).rejects.toMatchObject({ name: 'GatewayError' });
  });

  it('queries by out_trade_no with mchid in the signed URL', async () => {
    expect(await gateway.queryPayment('GSAPI1')).toMatchObject({ state: 'WAITING', rawState: 'NOTPAY' });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v3/pay/transactions/out-trade-no/GSAPI1?mchid=${WECHAT_TEST.mchId}`,
      authorized: true,
    });
    server.pay('GSAPI1');
    expect(await gateway.queryPayment('GSAPI1')).toMatchObject({ state: 'PAID', amountCents: 59600 });
    expect(await gateway.queryPayment('NO_SUCH_ORDER')).toMatchObject({ state: 'NOT_FOUND' });
  });

  it('closes an unpaid order and reports a paid one as an error', async () => {
    await gateway.createPayment({
      outTradeNo: 'GSAPI2',
      amountCents: 100,
      description: 'x',
      expiresAt: new Date(),
      payWay: 'WECHAT',
      ...ON_A_COMPUTER,
    });
    await gateway.closePayment('GSAPI2');
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/out-trade-no/GSAPI2/close',
      authorized: true,
    });
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ mchid: WECHAT_TEST.mchId });
    expect(await gateway.queryPayment('GSAPI2')).toMatchObject({ state: 'CLOSED' });
    await expect(gateway.closePayment('GSAPI1')).rejects.toMatchObject({
      name: 'GatewayError',
      gatewayCode: 'ORDERPAID',
    });
  });

  it('does not believe an answer signed by someone else', async () => {
    const impostor = new FakeWechatServer({ merchant: keys.merchant, platform: newRsaPair() });
    const fooled = new WechatPayGateway(wechatSettings(keys), impostor.fetch);
    await fooled
      .createPayment({
        outTradeNo: 'GSAPI3',
        amountCents: 1,
        description: 'x',
        expiresAt: new Date(),
        payWay: 'WECHAT',
        ...ON_A_COMPUTER,
      })
      .catch(() => undefined);
    await expect(fooled.queryPayment('GSAPI3')).rejects.toMatchObject({ name: 'GatewayError' });
  });

  it('turns a network failure into a GatewayError', async () => {
    server.isDown = true;
    try {
      await expect(gateway.queryPayment('GSAPI1')).rejects.toMatchObject({ name: 'GatewayError' });
    } finally {
      server.isDown = false;
    }
  });
});

describe('truncateUtf8', () => {
  it('never splits a character', () => {
    expect(truncateUtf8('宝图素材', 7)).toBe('宝图');
    expect(truncateUtf8('abc', 10)).toBe('abc');
  });
});

const refundExamples = JSON.parse(readFileSync(join(fixtures, 'refund-examples.json'), 'utf8')) as {
  wechatRefundAnswer: Record<string, unknown>;
  wechatRefundNotification: Record<string, unknown>;
};

describe('WeChat Pay refunds', () => {
  let keys: WechatKeys;
  let server: FakeWechatServer;
  let gateway: WechatPayGateway;
  const refundNotifyUrl = 'https://shop.test/api/payment/refund_notify/wechat';

  beforeAll(async () => {
    keys = { merchant: newRsaPair(), platform: newRsaPair() };
    server = new FakeWechatServer(keys);
    gateway = new WechatPayGateway(wechatSettings(keys, { refundNotifyUrl }), server.fetch);
    for (const outTradeNo of ['GSRF1', 'GSRF2', 'GSRF3']) {
      await gateway.createPayment({
        outTradeNo,
        amountCents: 59600,
        description: '宝图素材订单',
        expiresAt: new Date('2030-05-01T00:30:00Z'),
        payWay: 'WECHAT',
        ...ON_A_COMPUTER,
      });
      server.pay(outTradeNo);
    }
  });

  it('asks POST /v3/refund/domestic/refunds, signed, by out_trade_no with the total and the refund notify URL', async () => {
    const refund = await gateway.refund({
      refundNo: 'RF20240502000001',
      outTradeNo: 'GSRF1',
      tradeNo: null,
      amountCents: 59600,
      totalCents: 59600,
      reason: '买家申请退款：素材与描述不符',
    });
    const request = server.requests.at(-1)!;
    // The fake verifies the WECHATPAY2-SHA256-RSA2048 signature over this exact path and body.
    expect(request).toMatchObject({ method: 'POST', path: '/v3/refund/domestic/refunds', authorized: true });
    expect(JSON.parse(request.body)).toEqual({
      out_trade_no: 'GSRF1',
      out_refund_no: 'RF20240502000001',
      reason: '买家申请退款：素材与描述不符',
      notify_url: refundNotifyUrl,
      amount: { refund: 59600, total: 59600, currency: 'CNY' },
    });
    // WeChat settles refunds asynchronously: the answer says PROCESSING.
    expect(refund).toMatchObject({
      refundNo: 'RF20240502000001',
      state: 'PROCESSING',
      amountCents: 59600,
      failure: null,
    });
    expect(refund.refundId).toMatch(/^50300/);
  });

  it('cuts the reason to 80 bytes without splitting a character', async () => {
    await gateway.refund({
      refundNo: 'RF20240502000002',
      outTradeNo: 'GSRF2',
      tradeNo: null,
      amountCents: 100,
      totalCents: 59600,
      reason: '退'.repeat(40),
    });
    const body = JSON.parse(server.requests.at(-1)!.body) as { reason: string };
    expect(body.reason).toBe('退'.repeat(26));
    expect(Buffer.byteLength(body.reason)).toBeLessThanOrEqual(80);
  });

  it('asking again under the same number is the same refund; more than is left is refused as FAILED', async () => {
    const again = await gateway.refund({
      refundNo: 'RF20240502000001',
      outTradeNo: 'GSRF1',
      tradeNo: null,
      amountCents: 59600,
      totalCents: 59600,
      reason: '重复请求',
    });
    expect(again.state).toBe('PROCESSING');
    expect([...server.refunds.values()].filter((r) => r.outTradeNo === 'GSRF1')).toHaveLength(1);
    const tooMuch = await gateway.refund({
      refundNo: 'RF20240502000003',
      outTradeNo: 'GSRF1',
      tradeNo: null,
      amountCents: 1,
      totalCents: 59600,
      reason: '超额',
    });
    expect(tooMuch).toMatchObject({ state: 'FAILED', rawState: 'INVALID_REQUEST' });
    expect(tooMuch.failure).toContain('申请退款金额超过订单可退金额');
  });

  it('reports a refusal (NOT_ENOUGH) as FAILED, and an answer of unknown outcome (network) by throwing', async () => {
    server.isShortOfFunds = true;
    try {
      const refused = await gateway.refund({
        refundNo: 'RF20240502000004',
        outTradeNo: 'GSRF3',
        tradeNo: null,
        amountCents: 59600,
        totalCents: 59600,
        reason: '退款',
      });
      expect(refused).toMatchObject({
        state: 'FAILED',
        rawState: 'NOT_ENOUGH',
        failure: 'NOT_ENOUGH 基本账户余额不足',
      });
    } finally {
      server.isShortOfFunds = false;
    }
    server.isDown = true;
    try {
      await expect(
        gateway.refund({
          refundNo: 'RF20240502000005',
          outTradeNo: 'GSRF3',
          tradeNo: null,
          amountCents: 59600,
          totalCents: 59600,
          reason: '退款',
        }),
      ).rejects.toMatchObject({ name: 'GatewayError' });
    } finally {
      server.isDown = false;
    }
  });

  it('queries a refund by out_refund_no, signed, and knows when there is none', async () => {
    expect(await gateway.queryRefund('RF20240502000001')).toMatchObject({ state: 'PROCESSING' });
    expect(server.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v3/refund/domestic/refunds/RF20240502000001',
      authorized: true,
    });
    server.settleRefund('RF20240502000001');
    expect(await gateway.queryRefund('RF20240502000001')).toMatchObject({
      state: 'SUCCEEDED',
      amountCents: 59600,
    });
    expect(await gateway.queryRefund('RF_NO_SUCH_REFUND')).toMatchObject({ state: 'NOT_FOUND' });
  });

  it("reads the documentation's refund answer", () => {
    expect(toWechatRefund(refundExamples.wechatRefundAnswer)).toEqual({
      refundNo: '1217752501201407033233368018',
      refundId: '50000000382019052709732678859',
      state: 'SUCCEEDED',
      amountCents: 100,
      settledAt: new Date('2020-12-01T08:18:12.000Z'),
      rawState: 'SUCCESS',
      failure: null,
    });
    expect(toWechatRefund({ ...refundExamples.wechatRefundAnswer, status: 'ABNORMAL' })).toMatchObject({
      state: 'FAILED',
      settledAt: null,
    });
  });

  it("accepts the documentation's REFUND.SUCCESS resource, signed and encrypted, and refuses it for another merchant or forged", () => {
    const doc = refundExamples.wechatRefundNotification;
    const event = { type: 'REFUND.SUCCESS', summary: '退款成功', originalType: 'refund' };
    const ours = { ...doc, mchid: WECHAT_TEST.mchId };
    const genuine = signWechatNotification(ours, keys.platform.privateKey, { event });
    const check = gateway.parseRefundNotification(genuine.headers, Buffer.from(genuine.body));
    expect(check).toMatchObject({
      ok: true,
      refund: {
        refundNo: '7752501201407033233368018',
        refundId: '50200207182018070300011301001',
        state: 'SUCCEEDED',
        amountCents: 999,
        rawState: 'SUCCESS',
      },
    });
    const foreign = signWechatNotification(doc, keys.platform.privateKey, { event });
    expect(gateway.parseRefundNotification(foreign.headers, Buffer.from(foreign.body))).toMatchObject({
      ok: false,
      reason: 'wrong_merchant',
    });
    const forged = signWechatNotification(ours, newRsaPair().privateKey, { event });
    expect(gateway.parseRefundNotification(forged.headers, Buffer.from(forged.body))).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('reads REFUND.CLOSED and REFUND.ABNORMAL as failed refunds, with why', () => {
    for (const status of ['CLOSED', 'ABNORMAL'] as const) {
      const delivery = signWechatNotification(
        { ...refundExamples.wechatRefundNotification, mchid: WECHAT_TEST.mchId, refund_status: status },
        keys.platform.privateKey,
        { event: { type: `REFUND.${status}`, summary: '退款关闭', originalType: 'refund' } },
      );
      const check = gateway.parseRefundNotification(delivery.headers, Buffer.from(delivery.body));
      expect(check.ok && check.refund.state).toBe('FAILED');
      expect(check.ok && check.refund.failure).toBeTruthy();
    }
  });
});
