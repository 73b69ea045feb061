import type { GatewayName } from '@gemstock/contract';
import { createCipheriv, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import {
  buildAlipaySignContent,
  extractAlipaySignedContent,
  signAlipayContent,
  verifyAlipayContent,
} from '../../src/payment-gateways/alipay.js';
import type {
  CreatedPayment,
  CreatePaymentInput,
  GatewayRefund,
  GatewayReply,
  GatewayTrade,
  HttpFetch,
  NotificationCheck,
  NotificationHeaders,
  PaymentGateway,
  RefundInput,
  RefundNotificationCheck,
} from '../../src/payment-gateways/payment-gateway.js';
import {
  buildWechatRequestMessage,
  buildWechatResponseMessage,
  signWechatMessage,
  verifyWechatSignature,
} from '../../src/payment-gateways/wechat-pay.js';
import type { AlipaySettings, WechatSettings } from '../../src/payment-gateways/payment-config.js';

/**
 * Stand-ins for WeChat Pay's and Alipay's servers, built from test keys generated here: they
 * check our request signatures the way the real gateways do, answer with their own signatures,
 * and produce signed notifications. Nothing leaves the process.
 */

export interface RsaPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function newRsaPair(): RsaPair {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

export const WECHAT_TEST = {
  mchId: '1900000109',
  appId: 'wx8888888888888888',
  serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformSerial: 'PUB_KEY_ID_0119000001092024050100000000000001',
  apiV3Key: 'TestOnlyApiV3Key0123456789abcdef',
} as const;

export const ALIPAY_TEST = {
  appId: '2021000000000001',
  sellerId: '2088000000000001',
  gateway: 'https://openapi.alipay.test/gateway.do',
} as const;

/** What an adapter is told besides the trade: where the payer's browser returns and the payer's IP. */
export const PAYER = { returnUrl: 'https://shop.test/pay/return?order=S-TEST', clientIp: '203.0.113.7' } as const;
/** A computer: WeChat Native QR code, Alipay page pay. */
export const ON_A_COMPUTER = { channel: 'qr', ...PAYER } as const;
/** A phone's browser: WeChat H5, Alipay wap pay. */
export const ON_A_PHONE = { channel: 'h5', ...PAYER } as const;

export interface WechatKeys {
  merchant: RsaPair;
  platform: RsaPair;
}

export function wechatSettings(keys: WechatKeys, overrides: Partial<WechatSettings> = {}): WechatSettings {
  return {
    mchId: WECHAT_TEST.mchId,
    appId: WECHAT_TEST.appId,
    serialNo: WECHAT_TEST.serialNo,
    privateKey: keys.merchant.privateKey,
    apiV3Key: WECHAT_TEST.apiV3Key,
    platformKeys: new Map([[WECHAT_TEST.platformSerial, keys.platform.publicKey]]),
    notifyUrl: 'https://shop.test/api/payment/notify/wechat',
    refundNotifyUrl: 'https://shop.test/api/payment/refund_notify/wechat',
    baseUrl: 'https://api.mch.weixin.test',
    ...overrides,
  };
}

export interface AlipayKeys {
  app: RsaPair;
  alipay: RsaPair;
}

export function alipaySettings(keys: AlipayKeys, overrides: Partial<AlipaySettings> = {}): AlipaySettings {
  return {
    appId: ALIPAY_TEST.appId,
    privateKey: keys.app.privateKey,
    alipayPublicKey: keys.alipay.publicKey,
    gateway: ALIPAY_TEST.gateway,
    sellerId: ALIPAY_TEST.sellerId,
    notifyUrl: 'https://shop.test/api/payment/notify/alipay',
    returnUrl: 'https://shop.test/record',
    ...overrides,
  };
}

/** AES-256-GCM as WeChat encrypts a notification resource: base64(ciphertext ‖ tag). */
export function encryptWechatResource(plaintext: string, apiV3Key: string, nonce: string, aad: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export interface WechatTransactionFields {
  outTradeNo: string;
  transactionId?: string;
  amountCents: number;
  tradeState?: string;
  mchId?: string;
  appId?: string;
  successTime?: string;
}

export function wechatTransaction(fields: WechatTransactionFields): Record<string, unknown> {
  return {
    appid: fields.appId ?? WECHAT_TEST.appId,
    mchid: fields.mchId ?? WECHAT_TEST.mchId,
    out_trade_no: fields.outTradeNo,
    transaction_id: fields.transactionId ?? `4200${fields.outTradeNo.replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`,
    trade_type: 'NATIVE',
    trade_state: fields.tradeState ?? 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    success_time: fields.successTime ?? new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    payer: { openid: 'oTestOpenId000000000000000000' },
    amount: { total: fields.amountCents, payer_total: fields.amountCents, currency: 'CNY', payer_currency: 'CNY' },
  };
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

/** A notification as WeChat Pay sends it: encrypted resource, platform signature headers. */
export function signWechatNotification(
  transaction: Record<string, unknown>,
  platformPrivateKey: KeyObject,
  options: {
    serial?: string;
    apiV3Key?: string;
    timestamp?: number;
    tamper?: (body: string) => string;
    /** A refund's event (REFUND.SUCCESS, …) instead of TRANSACTION.SUCCESS. */
    event?: { type: string; summary: string; originalType: string };
  } = {},
): SignedDelivery {
  const event = options.event ?? { type: 'TRANSACTION.SUCCESS', summary: '支付成功', originalType: 'transaction' };
  const resourceNonce = randomBytes(6).toString('hex');
  const ciphertext = encryptWechatResource(
    JSON.stringify(transaction),
    options.apiV3Key ?? WECHAT_TEST.apiV3Key,
    resourceNonce,
    event.originalType,
  );
  let body = JSON.stringify({
    id: `EV-${randomBytes(8).toString('hex')}`,
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: event.type,
    summary: event.summary,
    resource: {
      original_type: event.originalType,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext,
      associated_data: event.originalType,
      nonce: resourceNonce,
    },
  });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = signWechatMessage(buildWechatResponseMessage(timestamp, nonce, body), platformPrivateKey);
  if (options.tamper) body = options.tamper(body);
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': options.serial ?? WECHAT_TEST.platformSerial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    },
    body,
  };
}

export interface AlipayNotifyFields {
  outTradeNo: string;
  amountCents: number;
  tradeNo?: string;
  tradeStatus?: string;
  appId?: string;
  sellerId?: string;
}

function yuan(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function alipayNotifyParams(fields: AlipayNotifyFields): Record<string, string> {
  return {
    gmt_create: '2024-05-01 08:30:50',
    charset: 'utf-8',
    gmt_payment: '2024-05-01 08:31:02',
    notify_time: '2024-05-01 08:31:03',
    subject: '宝图素材订单',
    buyer_id: '2088102177846880',
    invoice_amount: yuan(fields.amountCents),
    version: '1.0',
    notify_id: `2024050100222083103${randomBytes(6).toString('hex')}`,
    notify_type: 'trade_status_sync',
    out_trade_no: fields.outTradeNo,
    total_amount: yuan(fields.amountCents),
    trade_status: fields.tradeStatus ?? 'TRADE_SUCCESS',
    trade_no: fields.tradeNo ?? `2024050122001446880${fields.outTradeNo.replace(/\W/g, '').slice(-9)}`,
    auth_app_id: fields.appId ?? ALIPAY_TEST.appId,
    receipt_amount: yuan(fields.amountCents),
    point_amount: '0.00',
    app_id: fields.appId ?? ALIPAY_TEST.appId,
    buyer_pay_amount: yuan(fields.amountCents),
    seller_id: fields.sellerId ?? ALIPAY_TEST.sellerId,
  };
}

/** An Alipay notification: form-encoded parameters signed with "Alipay's" private key. */
export function signAlipayNotification(
  params: Record<string, string>,
  alipayPrivateKey: KeyObject,
  options: { tamper?: (params: Record<string, string>) => Record<string, string> } = {},
): SignedDelivery {
  const sign = signAlipayContent(buildAlipaySignContent(params, ['sign', 'sign_type']), alipayPrivateKey);
  const delivered = options.tamper ? options.tamper({ ...params }) : params;
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams({ ...delivered, sign, sign_type: 'RSA2' }).toString(),
  };
}

interface FakeTrade {
  outTradeNo: string;
  amountCents: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  tradeNo: string | null;
  link: string;
}

interface FakeRefund {
  refundNo: string;
  refundId: string;
  outTradeNo: string;
  amountCents: number;
  status: 'PROCESSING' | 'SUCCESS' | 'CLOSED' | 'ABNORMAL';
}

/** A WeChat refund as its API and its REFUND.* resource show it. */
export function wechatRefund(
  refund: FakeRefund & { tradeNo: string | null; totalCents: number },
  shape: 'answer' | 'notification',
  mchId: string = WECHAT_TEST.mchId,
): Record<string, unknown> {
  const common = {
    out_trade_no: refund.outTradeNo,
    transaction_id: refund.tradeNo,
    out_refund_no: refund.refundNo,
    refund_id: refund.refundId,
    user_received_account: '支付用户零钱',
    ...(refund.status === 'SUCCESS' ? { success_time: '2024-05-02T10:00:00+08:00' } : {}),
  };
  if (shape === 'notification') {
    return {
      mchid: mchId,
      ...common,
      refund_status: refund.status,
      amount: {
        total: refund.totalCents,
        refund: refund.amountCents,
        payer_total: refund.totalCents,
        payer_refund: refund.amountCents,
      },
    };
  }
  return {
    ...common,
    channel: 'ORIGINAL',
    create_time: '2024-05-02T09:59:58+08:00',
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: refund.totalCents,
      refund: refund.amountCents,
      payer_total: refund.totalCents,
      payer_refund: refund.amountCents,
      settlement_refund: refund.amountCents,
      settlement_total: refund.totalCents,
      discount_refund: 0,
      currency: 'CNY',
      refund_fee: 0,
    },
  };
}

function authParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of header.matchAll(/(\w+)="([^"]*)"/g)) out[match[1]!] = match[2]!;
  return out;
}

/**
 * WeChat Pay's server in a box: it refuses requests whose Authorization does not verify with the
 * merchant's public key, and signs its answers with the platform key.
 */
export class FakeWechatServer {
  readonly trades = new Map<string, FakeTrade>();
  readonly refunds = new Map<string, FakeRefund>();
  /** The merchant's balance cannot cover refunds (WeChat answers NOT_ENOUGH). */
  isShortOfFunds = false;
  readonly requests: { method: string; path: string; body: string; authorized: boolean }[] = [];
  /** Makes every call fail at the network level. */
  isDown = false;

  constructor(private readonly keys: WechatKeys) {}

  readonly fetch: HttpFetch = async (input, init) => {
    if (this.isDown) throw new TypeError('fetch failed');
    const url = new URL(input);
    const path = `${url.pathname}${url.search}`;
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? init.body : '';
    const headers = new Headers(init.headers);
    const auth = authParams(headers.get('authorization') ?? '');
    const authorized =
      (headers.get('authorization') ?? '').startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
      auth.mchid === WECHAT_TEST.mchId &&
      auth.serial_no === WECHAT_TEST.serialNo &&
      verifyWechatSignature(
        buildWechatRequestMessage(method, path, auth.timestamp ?? '', auth.nonce_str ?? '', body),
        auth.signature ?? '',
        this.keys.merchant.publicKey,
      );
    this.requests.push({ method, path, body, authorized });
    if (!authorized) return this.answer(401, { code: 'SIGN_ERROR', message: '签名错误' });

    const placing = /^\/v3\/pay\/transactions\/(native|h5)$/.exec(url.pathname);
    if (method === 'POST' && placing) {
      const order = JSON.parse(body) as {
        out_trade_no: string;
        amount: { total: number };
        scene_info?: { payer_client_ip?: unknown; h5_info?: { type?: unknown } };
      };
      const isH5 = placing[1] === 'h5';
      // As WeChat does: an H5 order must say where the payer is and what kind of page asks.
      if (isH5 && (typeof order.scene_info?.payer_client_ip !== 'string' || !order.scene_info.h5_info?.type)) {
        return this.answer(400, { code: 'PARAM_ERROR', message: '缺少参数 scene_info' });
      }
      const existing = this.trades.get(order.out_trade_no);
      if (existing && existing.amountCents !== order.amount.total) {
        return this.answer(400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
      }
      const prepay = `wx${randomBytes(8).toString('hex')}`;
      const trade = existing ?? {
        outTradeNo: order.out_trade_no,
        amountCents: order.amount.total,
        state: 'NOTPAY' as const,
        tradeNo: null,
        link: isH5
          ? `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=2150917749`
          : `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
      };
      this.trades.set(trade.outTradeNo, trade);
      return this.answer(200, isH5 ? { h5_url: trade.link } : { code_url: trade.link });
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && query) {
      const trade = this.trades.get(decodeURIComponent(query[1]!));
      if (!trade) return this.answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.answer(200, {
        ...wechatTransaction({
          outTradeNo: trade.outTradeNo,
          amountCents: trade.amountCents,
          tradeState: trade.state,
          ...(trade.tradeNo ? { transactionId: trade.tradeNo } : {}),
        }),
        ...(trade.state === 'SUCCESS' ? {} : { transaction_id: undefined, success_time: undefined }),
      });
    }
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return this.refund(body);
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && refundQuery) {
      const refund = this.refunds.get(decodeURIComponent(refundQuery[1]!));
      if (!refund) return this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return this.answer(200, this.refundView(refund, 'answer'));
    }
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(url.pathname);
    if (method === 'POST' && close) {
      const trade = this.trades.get(decodeURIComponent(close[1]!));
      if (trade?.state === 'SUCCESS') return this.answer(400, { code: 'ORDERPAID', message: '订单已支付' });
      if (trade) trade.state = 'CLOSED';
      return new Response(null, { status: 204 });
    }
    return this.answer(404, { code: 'NOT_FOUND', message: 'no such API' });
  };

  /** As WeChat takes a refund: of a paid trade, for its own total, never more than is left of it. */
  private refund(body: string): Response {
    const asked = JSON.parse(body) as {
      out_trade_no?: string;
      out_refund_no: string;
      amount: { refund: number; total: number; currency: string };
    };
    const existing = this.refunds.get(asked.out_refund_no);
    if (existing) return this.answer(200, this.refundView(existing, 'answer'));
    const trade = asked.out_trade_no ? this.trades.get(asked.out_trade_no) : undefined;
    if (!trade) return this.answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
    if (trade.state !== 'SUCCESS') return this.answer(400, { code: 'INVALID_REQUEST', message: '订单未支付' });
    if (asked.amount.total !== trade.amountCents || asked.amount.currency !== 'CNY') {
      return this.answer(400, { code: 'PARAM_ERROR', message: '订单金额或币种信息不一致' });
    }
    const refunded = [...this.refunds.values()]
      .filter((r) => r.outTradeNo === trade.outTradeNo && r.status !== 'CLOSED')
      .reduce((sum, r) => sum + r.amountCents, 0);
    if (refunded + asked.amount.refund > trade.amountCents) {
      return this.answer(400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
    }
    if (this.isShortOfFunds) return this.answer(403, { code: 'NOT_ENOUGH', message: '基本账户余额不足' });
    const refund: FakeRefund = {
      refundNo: asked.out_refund_no,
      refundId: `50300${randomBytes(10).toString('hex')}`,
      outTradeNo: trade.outTradeNo,
      amountCents: asked.amount.refund,
      status: 'PROCESSING',
    };
    this.refunds.set(refund.refundNo, refund);
    return this.answer(200, this.refundView(refund, 'answer'));
  }

  private refundView(refund: FakeRefund, shape: 'answer' | 'notification'): Record<string, unknown> {
    const trade = this.trades.get(refund.outTradeNo);
    return wechatRefund({ ...refund, tradeNo: trade?.tradeNo ?? null, totalCents: trade?.amountCents ?? 0 }, shape);
  }

  /** WeChat settles a refund it accepted: the REFUND.* notification it then sends. */
  settleRefund(refundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL' = 'SUCCESS'): SignedDelivery {
    const refund = this.refunds.get(refundNo);
    if (!refund) throw new Error(`no WeChat refund ${refundNo}`);
    refund.status = status;
    return signWechatNotification(this.refundView(refund, 'notification'), this.keys.platform.privateKey, {
      event: {
        type: `REFUND.${status}`,
        summary: status === 'SUCCESS' ? '退款成功' : '退款关闭',
        originalType: 'refund',
      },
    });
  }

  /** The payer scans and pays: the trade becomes SUCCESS and WeChat's notification is returned. */
  pay(outTradeNo: string): SignedDelivery {
    const trade = this.trades.get(outTradeNo);
    if (!trade) throw new Error(`no WeChat trade ${outTradeNo}`);
    trade.state = 'SUCCESS';
    trade.tradeNo ??= `4200002024${randomBytes(9).toString('hex')}`;
    return signWechatNotification(
      wechatTransaction({ outTradeNo, amountCents: trade.amountCents, transactionId: trade.tradeNo }),
      this.keys.platform.privateKey,
    );
  }

  private answer(status: number, json: unknown): Response {
    const body = JSON.stringify(json);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return new Response(body, {
      status,
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': WECHAT_TEST.platformSerial,
        'wechatpay-signature': signWechatMessage(
          buildWechatResponseMessage(timestamp, nonce, body),
          this.keys.platform.privateKey,
        ),
      },
    });
  }
}

/** Alipay's gateway in a box: checks the app's RSA2 request signature, signs its answers. */
export class FakeAlipayServer {
  readonly trades = new Map<string, FakeTrade>();
  /** Refunds by out_request_no. */
  readonly refunds = new Map<string, { outTradeNo: string; amountCents: number }>();
  /** Answers a new refund with fund_change N (Alipay has taken it but not moved the money yet). */
  refundPending = false;
  readonly requests: { method: string; authorized: boolean; bizContent: Record<string, unknown> }[] = [];

  constructor(private readonly keys: AlipayKeys) {}

  readonly fetch: HttpFetch = async (input, init) => {
    const url = new URL(input);
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    for (const [k, v] of new URLSearchParams(typeof init.body === 'string' ? init.body : '')) params[k] = v;
    const method = params.method ?? '';
    const authorized =
      params.app_id === ALIPAY_TEST.appId &&
      verifyAlipayContent(buildAlipaySignContent(params, ['sign']), params.sign ?? '', this.keys.app.publicKey);
    const bizContent = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    this.requests.push({ method, authorized, bizContent });
    const key = `${method.replaceAll('.', '_')}_response`;
    if (!authorized)
      return this.answer(key, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature' });
    const trade = this.trades.get(String(bizContent.out_trade_no));
    if (method === 'alipay.trade.query') {
      if (!trade || trade.state === 'NOTPAY') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        trade_status: trade.state === 'SUCCESS' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
        total_amount: yuan(trade.amountCents),
        send_pay_date: '2024-05-01 08:31:02',
      });
    }
    if (method === 'alipay.trade.refund') {
      if (!trade || trade.state !== 'SUCCESS') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      const requestNo = String(bizContent.out_request_no);
      const asked = Math.round(Number(bizContent.refund_amount) * 100);
      const repeated = this.refunds.get(requestNo);
      const refunded = [...this.refunds.values()]
        .filter((r) => r.outTradeNo === trade.outTradeNo)
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (!repeated && refunded + asked > trade.amountCents) {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
          sub_msg: '退款金额超限',
        });
      }
      if (!repeated) this.refunds.set(requestNo, { outTradeNo: trade.outTradeNo, amountCents: asked });
      const total = refunded + (repeated ? 0 : asked);
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        buyer_logon_id: '159****5620',
        fund_change: repeated || this.refundPending ? 'N' : 'Y',
        gmt_refund_pay: '2024-05-02 10:00:00',
        out_trade_no: trade.outTradeNo,
        refund_fee: yuan(total),
        trade_no: trade.tradeNo,
        buyer_user_id: '2088102177846880',
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const refund = this.refunds.get(String(bizContent.out_request_no));
      if (!trade) {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      if (!refund || this.refundPending) return this.answer(key, { code: '10000', msg: 'Success' });
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_request_no: String(bizContent.out_request_no),
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
        refund_amount: yuan(refund.amountCents),
        total_amount: yuan(trade.amountCents),
        refund_status: 'REFUND_SUCCESS',
        gmt_refund_pay: '2024-05-02 10:00:00',
      });
    }
    if (method === 'alipay.trade.close') {
      if (!trade || trade.state === 'NOTPAY') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_NOT_EXIST',
          sub_msg: '交易不存在',
        });
      }
      if (trade.state === 'SUCCESS') {
        return this.answer(key, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_STATUS_ERROR',
          sub_msg: '交易状态不合法',
        });
      }
      trade.state = 'CLOSED';
      return this.answer(key, {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.outTradeNo,
        trade_no: trade.tradeNo,
      });
    }
    return this.answer('error_response', { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' });
  };

  /** The buyer opens the page-pay or wap-pay link and pays: returns Alipay's signed notification. */
  payLink(link: string): SignedDelivery {
    const url = new URL(link);
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    if (!verifyAlipayContent(buildAlipaySignContent(params, ['sign']), params.sign ?? '', this.keys.app.publicKey)) {
      throw new Error('page-pay link signature does not verify');
    }
    if (params.method !== 'alipay.trade.page.pay' && params.method !== 'alipay.trade.wap.pay') {
      throw new Error(`not a pay link: ${params.method}`);
    }
    const biz = JSON.parse(params.biz_content!) as { out_trade_no: string; total_amount: string };
    const [whole, fraction = '0'] = biz.total_amount.split('.');
    const amountCents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    const trade: FakeTrade = {
      outTradeNo: biz.out_trade_no,
      amountCents,
      state: 'SUCCESS',
      tradeNo: `2024050122001${randomBytes(8).toString('hex')}`,
      link,
    };
    this.trades.set(trade.outTradeNo, trade);
    return signAlipayNotification(
      alipayNotifyParams({ outTradeNo: trade.outTradeNo, amountCents, tradeNo: trade.tradeNo! }),
      this.keys.alipay.privateKey,
    );
  }

  private answer(key: string, content: Record<string, unknown>): Response {
    const node = JSON.stringify(content);
    const sign = signAlipayContent(node, this.keys.alipay.privateKey);
    const body = `{"${key}":${node},"sign":"${sign}"}`;
    // Checked here so a mistake in the fake cannot hide a mistake in the adapter.
    if (extractAlipaySignedContent(body, key) !== node) throw new Error('fake Alipay answer malformed');
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json;charset=utf-8' } });
  }
}

/**
 * A gateway whose answers a test sets by hand: what queryPayment reports, whether closing
 * fails. Notifications are "signed" by a shared word so forged ones can be told apart.
 */
export class ScriptedGateway implements PaymentGateway {
  readonly created: CreatePaymentInput[] = [];
  readonly queried: string[] = [];
  readonly closed: string[] = [];
  /** The state queryPayment reports per out_trade_no; WAITING when unset. */
  readonly states = new Map<string, Partial<GatewayTrade>>();
  queryFails = false;
  closeFails = false;
  readonly refunded: RefundInput[] = [];
  /**
   * How the gateway answers a refund: accepted for later (PROCESSING, the default), given back
   * at once, refused, or a call whose outcome is unknown (it throws).
   */
  refundAnswer: 'PROCESSING' | 'SUCCEEDED' | 'FAILED' | 'THROW' = 'PROCESSING';
  /** What queryRefund reports per refund number; NOT_FOUND when unset. */
  readonly refundStates = new Map<string, Partial<GatewayRefund>>();

  constructor(readonly name: GatewayName = 'wechat') {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    this.created.push(input);
    return { link: `scripted://pay/${input.outTradeNo}` };
  }

  parseNotification(headers: NotificationHeaders, rawBody: Buffer): NotificationCheck {
    if (headers['x-scripted'] !== 'genuine') return { ok: false, reason: 'bad_signature', payload: {} };
    const trade = JSON.parse(rawBody.toString('utf8')) as GatewayTrade;
    return { ok: true, trade: { ...trade, paidAt: trade.paidAt ? new Date(trade.paidAt) : null }, payload: {} };
  }

  async queryPayment(outTradeNo: string): Promise<GatewayTrade> {
    this.queried.push(outTradeNo);
    if (this.queryFails) throw new Error('scripted query failure');
    return {
      outTradeNo,
      tradeNo: null,
      state: 'WAITING',
      amountCents: null,
      paidAt: null,
      rawState: 'NOTPAY',
      ...this.states.get(outTradeNo),
    };
  }

  async closePayment(outTradeNo: string): Promise<void> {
    this.closed.push(outTradeNo);
    if (this.closeFails) throw new Error('scripted close failure');
  }

  async refund(input: RefundInput): Promise<GatewayRefund> {
    this.refunded.push(input);
    if (this.refundAnswer === 'THROW') throw new Error('scripted refund failure');
    return {
      refundNo: input.refundNo,
      refundId: this.refundAnswer === 'FAILED' ? null : `R${input.refundNo}`,
      state: this.refundAnswer,
      amountCents: input.amountCents,
      settledAt: this.refundAnswer === 'SUCCEEDED' ? new Date() : null,
      rawState: this.refundAnswer,
      failure: this.refundAnswer === 'FAILED' ? 'NOT_ENOUGH 商户余额不足' : null,
    };
  }

  async queryRefund(refundNo: string): Promise<GatewayRefund> {
    return {
      refundNo,
      refundId: null,
      state: 'NOT_FOUND',
      amountCents: null,
      settledAt: null,
      rawState: 'NOT_FOUND',
      failure: null,
      ...this.refundStates.get(refundNo),
    };
  }

  parseRefundNotification(headers: NotificationHeaders, rawBody: Buffer): RefundNotificationCheck {
    if (headers['x-scripted'] !== 'genuine') return { ok: false, reason: 'bad_signature', payload: {} };
    const refund = JSON.parse(rawBody.toString('utf8')) as GatewayRefund;
    return {
      ok: true,
      refund: { ...refund, settledAt: refund.settledAt ? new Date(refund.settledAt) : null },
      payload: {},
    };
  }

  ackSuccess(): GatewayReply {
    return { status: 204 };
  }

  ackFailure(message: string): GatewayReply {
    return { status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message }) };
  }
}
