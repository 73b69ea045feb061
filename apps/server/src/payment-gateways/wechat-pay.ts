import { createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';
import {
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  headerValue,
  NOTIFICATION_MAX_SKEW_SECONDS,
  type CreatedPayment,
  type CreatePaymentInput,
  type GatewayRefund,
  type GatewayRefundState,
  type GatewayReply,
  type GatewayTrade,
  type GatewayTradeState,
  type HttpFetch,
  type NotificationCheck,
  type NotificationHeaders,
  type NotificationRejection,
  type PaymentGateway,
  type RefundInput,
  type RefundNotificationCheck,
} from './payment-gateway.js';
import { formatRfc3339China } from '../lib/china-time.js';

/**
 * WeChat Pay API v3, Native (QR code) and H5 (a phone's browser) payments, written directly on node:crypto
 * (docs/decisions/0007-payment-gateways.md): requests are signed with the merchant's API
 * private key (WECHATPAY2-SHA256-RSA2048); answers and notifications are verified with the
 * platform public key named by the Wechatpay-Serial header; notification resources are
 * AES-256-GCM encrypted with the APIv3 key.
 */

export const WECHAT_API_BASE = 'https://api.mch.weixin.qq.com';
const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat's limit for `description` (string[1,127]), counted here in UTF-8 bytes to be safe with Chinese. */
const DESCRIPTION_MAX_BYTES = 127;
/** WeChat's limit for a refund's `reason` (string[1,80]), counted in UTF-8 bytes like the description. */
const REFUND_REASON_MAX_BYTES = 80;
/** Error codes after which a refund's outcome is unknown: WeChat asks to repeat it under the same out_refund_no. */
const REFUND_RETRY_CODES = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED']);

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate that matches `privateKey`. */
  serialNo: string;
  privateKey: KeyObject;
  /** The 32-byte APIv3 key set in the merchant platform. */
  apiV3Key: string;
  /**
   * Platform verification keys by the serial WeChat puts in Wechatpay-Serial: the WeChat Pay
   * public key (serial `PUB_KEY_ID_…`) and/or platform certificates (hex serials).
   */
  platformKeys: ReadonlyMap<string, KeyObject>;
  notifyUrl: string;
  /** Where WeChat posts REFUND.* events; without it a refund's result is only learnt by asking. */
  refundNotifyUrl?: string;
  baseUrl?: string;
}

/** The string WeChat signs and verifies for a request: each part followed by a line feed. */
export function buildWechatRequestMessage(
  method: string,
  urlPath: string,
  timestamp: string,
  nonce: string,
  body: string,
): string {
  return `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** The string WeChat signs for its answers and notifications. */
export function buildWechatResponseMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function signWechatMessage(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifyWechatSignature(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    // A key of the wrong type or a signature that is not base64 is simply not a valid signature.
    return false;
  }
}

export interface WechatAuthorizationInput {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
  method: string;
  /** Path and query exactly as sent, e.g. /v3/pay/transactions/out-trade-no/X?mchid=1 */
  urlPath: string;
  body: string;
  timestamp: string;
  nonce: string;
}

/** The Authorization header of an APIv3 request. */
export function buildWechatAuthorization(input: WechatAuthorizationInput): string {
  const message = buildWechatRequestMessage(input.method, input.urlPath, input.timestamp, input.nonce, input.body);
  const signature = signWechatMessage(message, input.privateKey);
  return (
    `${AUTH_SCHEMA} mchid="${input.mchId}",nonce_str="${input.nonce}",signature="${signature}",` +
    `timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

export interface WechatEncryptedResource {
  algorithm?: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
}

/**
 * Decrypts a notification resource: AEAD_AES_256_GCM with the APIv3 key; the base64 ciphertext
 * ends with the 16-byte authentication tag. Throws when the tag does not match (tampering).
 */
export function decryptWechatResource(resource: WechatEncryptedResource, apiV3Key: string): string {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** A random nonce of letters and digits, as WeChat's own SDKs make. */
export function newWechatNonce(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

const TRADE_STATES: Record<string, GatewayTradeState> = {
  SUCCESS: 'PAID',
  NOTPAY: 'WAITING',
  USERPAYING: 'WAITING',
  CLOSED: 'CLOSED',
  REVOKED: 'CLOSED',
  PAYERROR: 'FAILED',
  REFUND: 'REFUNDED',
};

interface WechatTransaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A transaction object (notification resource or query answer) → our trade, or null when malformed. */
export function toWechatTrade(transaction: WechatTransaction): GatewayTrade | null {
  const outTradeNo = transaction.out_trade_no;
  const rawState = transaction.trade_state;
  if (typeof outTradeNo !== 'string' || typeof rawState !== 'string') return null;
  const total = transaction.amount?.total;
  const successTime = typeof transaction.success_time === 'string' ? new Date(transaction.success_time) : null;
  return {
    outTradeNo,
    tradeNo: typeof transaction.transaction_id === 'string' ? transaction.transaction_id : null,
    state: TRADE_STATES[rawState] ?? 'WAITING',
    amountCents: typeof total === 'number' && Number.isSafeInteger(total) ? total : null,
    paidAt: successTime && !Number.isNaN(successTime.getTime()) ? successTime : null,
    rawState,
  };
}

const REFUND_STATES: Record<string, GatewayRefundState> = {
  SUCCESS: 'SUCCEEDED',
  PROCESSING: 'PROCESSING',
  CLOSED: 'FAILED',
  ABNORMAL: 'FAILED',
};

const REFUND_FAILURES: Record<string, string> = {
  CLOSED: '退款已关闭',
  ABNORMAL: '退款异常：退回买家银行卡失败（卡已注销或冻结），请在微信支付商户平台发起异常退款',
};

/**
 * A refund object (the answer to a refund or its query, or a REFUND.* notification's resource) →
 * our refund, or null when malformed. Answers name the state `status`, notifications `refund_status`.
 */
export function toWechatRefund(fields: Record<string, unknown>): GatewayRefund | null {
  const refundNo = fields.out_refund_no;
  const rawState = fields.status ?? fields.refund_status;
  if (typeof refundNo !== 'string' || typeof rawState !== 'string') return null;
  const amount = isRecord(fields.amount) ? fields.amount.refund : undefined;
  const successTime = typeof fields.success_time === 'string' ? new Date(fields.success_time) : null;
  const state = REFUND_STATES[rawState] ?? 'PROCESSING';
  return {
    refundNo,
    refundId: typeof fields.refund_id === 'string' ? fields.refund_id : null,
    state,
    amountCents: typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null,
    settledAt: state === 'SUCCEEDED' && successTime && !Number.isNaN(successTime.getTime()) ? successTime : null,
    rawState,
    failure: state === 'FAILED' ? (REFUND_FAILURES[rawState] ?? rawState) : null,
  };
}

/** A notification whose signature, timestamp and encryption checked out: its decrypted resource. */
type OpenedNotification =
  | { ok: true; resource: Record<string, unknown>; record: Record<string, unknown> }
  | { ok: false; reason: NotificationRejection; payload: Record<string, unknown> };

export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat' as const;
  private readonly baseUrl: string;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly fetchImpl: HttpFetch = fetch,
    /** Seconds since the epoch; tests move the clock. */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.baseUrl = (config.baseUrl ?? WECHAT_API_BASE).replace(/\/$/, '');
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const body = {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: truncateUtf8(input.description, DESCRIPTION_MAX_BYTES) || '-',
      out_trade_no: input.outTradeNo,
      time_expire: formatRfc3339China(input.expiresAt),
      notify_url: this.config.notifyUrl,
      amount: { total: input.amountCents, currency: 'CNY' },
    };
    if (input.channel === 'h5') return this.createH5Payment(body, input);
    const answer = await this.call('POST', '/v3/pay/transactions/native', body);
    const codeUrl = isRecord(answer.json) ? answer.json.code_url : undefined;
    if (answer.status !== 200 || typeof codeUrl !== 'string') throw this.errorOf(answer, 'native order failed');
    return { link: codeUrl };
  }

  /**
   * H5 payment for a phone's own browser: WeChat checks the payer's IP and that the page comes
   * from the H5 domain configured in the merchant platform, then its h5_url opens the WeChat app
   * and, paid or not, sends the browser to redirect_url (appended, URL-encoded, as WeChat asks).
   */
  private async createH5Payment(base: Record<string, unknown>, input: CreatePaymentInput): Promise<CreatedPayment> {
    const body = {
      ...base,
      scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
    };
    const answer = await this.call('POST', '/v3/pay/transactions/h5', body);
    const h5Url = isRecord(answer.json) ? answer.json.h5_url : undefined;
    if (answer.status !== 200 || typeof h5Url !== 'string') throw this.errorOf(answer, 'h5 order failed');
    const separator = h5Url.includes('?') ? '&' : '?';
    return { link: `${h5Url}${separator}redirect_url=${encodeURIComponent(input.returnUrl)}` };
  }

  parseNotification(headers: NotificationHeaders, rawBody: Buffer): NotificationCheck {
    const opened = this.openNotification(headers, rawBody);
    if (!opened.ok) return opened;
    const { resource: transaction, record } = opened;
    record.transaction = transaction;
    if (transaction.mchid !== this.config.mchId) return { ok: false, reason: 'wrong_merchant', payload: record };
    if (transaction.appid !== this.config.appId) return { ok: false, reason: 'wrong_app', payload: record };
    const trade = toWechatTrade(transaction as WechatTransaction);
    if (!trade) return { ok: false, reason: 'malformed', payload: record };
    return { ok: true, trade, payload: record };
  }

  /** REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED: the resource is the refund (it names no appid). */
  parseRefundNotification(headers: NotificationHeaders, rawBody: Buffer): RefundNotificationCheck {
    const opened = this.openNotification(headers, rawBody);
    if (!opened.ok) return opened;
    const { resource, record } = opened;
    record.refund = resource;
    if (resource.mchid !== this.config.mchId) return { ok: false, reason: 'wrong_merchant', payload: record };
    const refund = toWechatRefund(resource);
    if (!refund) return { ok: false, reason: 'malformed', payload: record };
    return { ok: true, refund, payload: record };
  }

  /**
   * What every notification goes through: the platform signature over the exact body (with a
   * known serial and a fresh timestamp), then the resource decrypted with the APIv3 key.
   */
  private openNotification(headers: NotificationHeaders, rawBody: Buffer): OpenedNotification {
    const timestamp = headerValue(headers, 'Wechatpay-Timestamp');
    const nonce = headerValue(headers, 'Wechatpay-Nonce');
    const signature = headerValue(headers, 'Wechatpay-Signature');
    const serial = headerValue(headers, 'Wechatpay-Serial');
    const body = rawBody.toString('utf8');
    const record: Record<string, unknown> = { serial: serial ?? null, timestamp: timestamp ?? null };
    if (!timestamp || !nonce || !signature || !serial)
      return { ok: false, reason: 'missing_signature', payload: record };
    const key = this.config.platformKeys.get(serial);
    if (!key) return { ok: false, reason: 'unknown_serial', payload: record };
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(this.nowSeconds() - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS
    ) {
      return { ok: false, reason: 'stale_timestamp', payload: record };
    }
    if (!verifyWechatSignature(buildWechatResponseMessage(timestamp, nonce, body), signature, key)) {
      return { ok: false, reason: 'bad_signature', payload: record };
    }
    const envelope = parseJson(body);
    if (!isRecord(envelope) || !isRecord(envelope.resource)) return { ok: false, reason: 'malformed', payload: record };
    record.id = envelope.id ?? null;
    record.eventType = envelope.event_type ?? null;
    const resource = envelope.resource;
    if (typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
      return { ok: false, reason: 'malformed', payload: record };
    }
    let plaintext: string;
    try {
      plaintext = decryptWechatResource(
        {
          ciphertext: resource.ciphertext,
          nonce: resource.nonce,
          associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
        },
        this.config.apiV3Key,
      );
    } catch {
      return { ok: false, reason: 'decrypt_failed', payload: record };
    }
    const decrypted = parseJson(plaintext);
    if (!isRecord(decrypted)) return { ok: false, reason: 'malformed', payload: record };
    return { ok: true, resource: decrypted, record };
  }

  async queryPayment(outTradeNo: string): Promise<GatewayTrade> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.config.mchId)}`;
    const answer = await this.call('GET', path, undefined);
    if (answer.status === 404 || (isRecord(answer.json) && answer.json.code === 'ORDER_NOT_EXIST')) {
      return {
        outTradeNo,
        tradeNo: null,
        state: 'NOT_FOUND',
        amountCents: null,
        paidAt: null,
        rawState: 'ORDER_NOT_EXIST',
      };
    }
    if (answer.status !== 200 || !isRecord(answer.json)) throw this.errorOf(answer, 'order query failed');
    const transaction = answer.json as WechatTransaction & Record<string, unknown>;
    if (transaction.mchid !== this.config.mchId || transaction.appid !== this.config.appId) {
      throw new GatewayError('wechat', 'order query answered for another merchant or app');
    }
    const trade = toWechatTrade(transaction);
    if (!trade || trade.outTradeNo !== outTradeNo) throw new GatewayError('wechat', 'order query answer malformed');
    return trade;
  }

  async closePayment(outTradeNo: string): Promise<void> {
    const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
    const answer = await this.call('POST', path, { mchid: this.config.mchId });
    if (answer.status !== 204 && answer.status !== 200) throw this.errorOf(answer, 'close order failed');
  }

  /**
   * POST /v3/refund/domestic/refunds, by our out_trade_no (WeChat takes it or the transaction_id)
   * with the amount and the payment's total. The refund settles asynchronously: the answer is
   * usually PROCESSING and REFUND.* arrives at refundNotifyUrl.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    const reason = truncateUtf8(input.reason, REFUND_REASON_MAX_BYTES);
    const body = {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.refundNo,
      ...(reason ? { reason } : {}),
      ...(this.config.refundNotifyUrl ? { notify_url: this.config.refundNotifyUrl } : {}),
      amount: { refund: input.amountCents, total: input.totalCents, currency: 'CNY' },
    };
    const answer = await this.call('POST', '/v3/refund/domestic/refunds', body);
    if (answer.status === 200 && isRecord(answer.json)) {
      const refund = toWechatRefund(answer.json);
      if (!refund || refund.refundNo !== input.refundNo) throw new GatewayError('wechat', 'refund answer malformed');
      return refund;
    }
    // A gateway-side error or throttling: WeChat may have taken it; asked again under the same number.
    if (answer.status >= 500 || answer.status === 429 || (answer.code && REFUND_RETRY_CODES.has(answer.code))) {
      throw this.errorOf(answer, 'refund failed');
    }
    const message = isRecord(answer.json) && typeof answer.json.message === 'string' ? answer.json.message : '';
    return {
      refundNo: input.refundNo,
      refundId: null,
      state: 'FAILED',
      amountCents: input.amountCents,
      settledAt: null,
      rawState: answer.code ?? `HTTP_${answer.status}`,
      failure: `${answer.code ?? `HTTP ${answer.status}`} ${message}`.trim(),
    };
  }

  async queryRefund(refundNo: string): Promise<GatewayRefund> {
    const answer = await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`, undefined);
    if (answer.status === 404 || answer.code === 'RESOURCE_NOT_EXISTS') {
      return {
        refundNo,
        refundId: null,
        state: 'NOT_FOUND',
        amountCents: null,
        settledAt: null,
        rawState: 'RESOURCE_NOT_EXISTS',
        failure: null,
      };
    }
    if (answer.status !== 200 || !isRecord(answer.json)) throw this.errorOf(answer, 'refund query failed');
    const refund = toWechatRefund(answer.json);
    if (!refund || refund.refundNo !== refundNo) throw new GatewayError('wechat', 'refund query answer malformed');
    return refund;
  }

  /** Success: 204 with no body (WeChat accepts 200 or 204 and reads nothing else). */
  ackSuccess(): GatewayReply {
    return { status: 204 };
  }

  /** Failure: any 4xx/5xx with {"code":"FAIL","message":…}; WeChat then redelivers on its schedule. */
  ackFailure(message: string): GatewayReply {
    return {
      status: 500,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: truncateUtf8(message, 64) || 'FAIL' }),
    };
  }

  /**
   * One signed call. Answers that carry a body must carry a valid platform signature, or they
   * are treated as a failed call: a forged "SUCCESS" must never reach settlement.
   */
  private async call(
    method: 'GET' | 'POST',
    urlPath: string,
    body: unknown,
  ): Promise<{ status: number; json: unknown; code: string | undefined }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const authorization = buildWechatAuthorization({
      mchId: this.config.mchId,
      serialNo: this.config.serialNo,
      privateKey: this.config.privateKey,
      method,
      urlPath,
      body: text,
      timestamp: String(this.nowSeconds()),
      nonce: newWechatNonce(),
    });
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${urlPath}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          'user-agent': 'gemstock-server',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError('wechat', `request to WeChat Pay failed: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const responseText = await response.text();
    if (response.status >= 200 && response.status < 300 && responseText.length > 0) {
      this.verifyAnswer(response.headers, responseText);
    }
    const json = responseText.length > 0 ? parseJson(responseText) : undefined;
    const code = isRecord(json) && typeof json.code === 'string' ? json.code : undefined;
    return { status: response.status, json, code };
  }

  private verifyAnswer(headers: Headers, body: string): void {
    const timestamp = headers.get('wechatpay-timestamp');
    const nonce = headers.get('wechatpay-nonce');
    const signature = headers.get('wechatpay-signature');
    const serial = headers.get('wechatpay-serial');
    const key = serial ? this.config.platformKeys.get(serial) : undefined;
    if (!timestamp || !nonce || !signature || !key) {
      throw new GatewayError('wechat', 'answer without a known platform signature');
    }
    if (!verifyWechatSignature(buildWechatResponseMessage(timestamp, nonce, body), signature, key)) {
      throw new GatewayError('wechat', 'answer signature did not verify');
    }
  }

  private errorOf(answer: { status: number; json: unknown; code: string | undefined }, what: string): GatewayError {
    const message = isRecord(answer.json) && typeof answer.json.message === 'string' ? answer.json.message : '';
    return new GatewayError(
      'wechat',
      `${what}: HTTP ${answer.status} ${answer.code ?? ''} ${message}`.trim(),
      answer.code,
    );
  }
}

/** Cuts to at most `maxBytes` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > maxBytes) break;
    out += char;
  }
  return out;
}
