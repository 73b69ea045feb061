import { centsToYuanString, yuanStringToCents } from '@gemstock/contract';
import { createSign, createVerify, type KeyObject } from 'node:crypto';
import { formatChinaDateTime, parseChinaDateTime } from '../lib/china-time.js';
import {
  GATEWAY_TIMEOUT_MS,
  GatewayError,
  type CreatedPayment,
  type CreatePaymentInput,
  type GatewayRefund,
  type GatewayReply,
  type GatewayTrade,
  type GatewayTradeState,
  type HttpFetch,
  type NotificationCheck,
  type NotificationHeaders,
  type PaymentGateway,
  type RefundInput,
  type RefundNotificationCheck,
} from './payment-gateway.js';

/**
 * Alipay OpenAPI (gateway.do) with RSA2 (SHA256withRSA) keys, written directly on node:crypto
 * (docs/decisions/0007-payment-gateways.md): page pay and wap pay are signed links the buyer opens; query
 * and close are signed form posts whose JSON answers are verified with the Alipay public key;
 * asynchronous notifications are form posts verified the same way.
 */

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
/** Alipay's limit for `subject`. */
const SUBJECT_MAX_CHARS = 256;
/** Alipay's limit for a refund's `refund_reason`. */
const REFUND_REASON_MAX_CHARS = 256;
/** Answers after which a refund's outcome is unknown: Alipay asks to repeat it with the same out_request_no. */
const REFUND_RETRY_SUB_CODES = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR']);
/** Common parameters that travel in the URL; biz_content goes in the form body (as the official SDK does). */
const URL_PARAMS = new Set([
  'app_id',
  'method',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
]);

export interface AlipayConfig {
  appId: string;
  privateKey: KeyObject;
  alipayPublicKey: KeyObject;
  gateway: string;
  /** The merchant's Alipay user id (2088…): when set, notifications for another seller are refused. */
  sellerId: string | undefined;
  notifyUrl: string;
  /** Where the buyer's browser lands after paying on Alipay's page. */
  returnUrl: string;
}

/**
 * The string Alipay signs: parameters sorted by key (byte order), `key=value` joined by `&`,
 * values as they are (not URL-encoded), empty values and the excluded keys left out.
 */
export function buildAlipaySignContent(params: Record<string, string | undefined>, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signAlipayContent(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function verifyAlipayContent(content: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Request parameters, common and business, signed (everything but `sign` is signed, sign_type included). */
export function buildSignedAlipayParams(
  method: string,
  bizContent: Record<string, unknown>,
  options: { appId: string; privateKey: KeyObject; timestamp: Date; notifyUrl?: string; returnUrl?: string },
): Record<string, string> {
  const params: Record<string, string> = {
    app_id: options.appId,
    method,
    // `format` is optional (JSON is the only value) and left out, as the official Node SDK does.
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatChinaDateTime(options.timestamp),
    version: '1.0',
    ...(options.notifyUrl ? { notify_url: options.notifyUrl } : {}),
    ...(options.returnUrl ? { return_url: options.returnUrl } : {}),
    biz_content: JSON.stringify(bizContent),
  };
  params.sign = signAlipayContent(buildAlipaySignContent(params, ['sign']), options.privateKey);
  return params;
}

/** Verifies a notification's parameters: everything but sign and sign_type, sorted. */
export function verifyAlipayNotificationParams(params: Record<string, string>, publicKey: KeyObject): boolean {
  const signature = params.sign;
  if (!signature) return false;
  if (params.sign_type && params.sign_type !== 'RSA2') return false;
  return verifyAlipayContent(buildAlipaySignContent(params, ['sign', 'sign_type']), signature, publicKey);
}

/**
 * The exact text of `"<key>": {…}` in an answer, which is what Alipay signed. Found by walking
 * the JSON text (strings and escapes respected) rather than re-serialising, which could reorder
 * or re-escape it.
 */
export function extractAlipaySignedContent(body: string, responseKey: string): string | null {
  const marker = `"${responseKey}"`;
  const at = body.indexOf(marker);
  if (at < 0) return null;
  let i = body.indexOf('{', at + marker.length);
  if (i < 0 || body.slice(at + marker.length, i).trim() !== ':') return null;
  const start = i;
  let depth = 0;
  let inString = false;
  for (; i < body.length; i += 1) {
    const ch = body[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth += 1;
    else if (ch === '}') {
      depth -= 1;
      if (depth === 0) return body.slice(start, i + 1);
    }
  }
  return null;
}

const TRADE_STATES: Record<string, GatewayTradeState> = {
  TRADE_SUCCESS: 'PAID',
  TRADE_FINISHED: 'PAID',
  WAIT_BUYER_PAY: 'WAITING',
  TRADE_CLOSED: 'CLOSED',
};

/** Form fields of a notification or query answer → our trade, or null when malformed. */
function toAlipayTrade(fields: Record<string, unknown>): GatewayTrade | null {
  const outTradeNo = fields.out_trade_no;
  const rawState = fields.trade_status;
  if (typeof outTradeNo !== 'string' || typeof rawState !== 'string') return null;
  const amount = typeof fields.total_amount === 'string' ? yuanStringToCents(fields.total_amount) : null;
  const paidText = fields.gmt_payment ?? fields.send_pay_date;
  return {
    outTradeNo,
    tradeNo: typeof fields.trade_no === 'string' && fields.trade_no ? fields.trade_no : null,
    state: TRADE_STATES[rawState] ?? 'WAITING',
    amountCents: amount,
    paidAt: typeof paidText === 'string' ? parseChinaDateTime(paidText) : null,
    rawState,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses an application/x-www-form-urlencoded body; a repeated key is malformed. */
export function parseFormBody(rawBody: Buffer): Record<string, string> | null {
  const params = new URLSearchParams(rawBody.toString('utf8'));
  const out: Record<string, string> = {};
  for (const [key, value] of params) {
    if (Object.hasOwn(out, key)) return null;
    out[key] = value;
  }
  return out;
}

export class AlipayGateway implements PaymentGateway {
  readonly name = 'alipay' as const;

  constructor(
    private readonly config: AlipayConfig,
    private readonly fetchImpl: HttpFetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The page-pay link (a computer) or the wap-pay link (a phone's browser): the whole signed
   * request in the query string of a GET to the gateway.
   */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return { link: input.channel === 'h5' ? this.buildWapPayLink(input) : this.buildPagePayLink(input) };
  }

  /**
   * alipay.trade.wap.pay: Alipay's mobile cashier, which opens the Alipay app when installed.
   * return_url brings the browser back to the order after paying, quit_url when the payer gives up.
   */
  buildWapPayLink(input: CreatePaymentInput): string {
    const params = buildSignedAlipayParams(
      'alipay.trade.wap.pay',
      {
        out_trade_no: input.outTradeNo,
        total_amount: centsToYuanString(input.amountCents),
        subject: Array.from(input.description).slice(0, SUBJECT_MAX_CHARS).join('') || '-',
        product_code: 'QUICK_WAP_WAY',
        time_expire: formatChinaDateTime(input.expiresAt),
        quit_url: input.returnUrl,
      },
      {
        appId: this.config.appId,
        privateKey: this.config.privateKey,
        timestamp: this.now(),
        notifyUrl: this.config.notifyUrl,
        returnUrl: input.returnUrl,
      },
    );
    return this.gatewayLink(params);
  }

  buildPagePayLink(input: CreatePaymentInput): string {
    const params = buildSignedAlipayParams(
      'alipay.trade.page.pay',
      {
        out_trade_no: input.outTradeNo,
        total_amount: centsToYuanString(input.amountCents),
        subject: Array.from(input.description).slice(0, SUBJECT_MAX_CHARS).join('') || '-',
        product_code: 'FAST_INSTANT_TRADE_PAY',
        time_expire: formatChinaDateTime(input.expiresAt),
      },
      {
        appId: this.config.appId,
        privateKey: this.config.privateKey,
        timestamp: this.now(),
        notifyUrl: this.config.notifyUrl,
        returnUrl: this.config.returnUrl,
      },
    );
    return this.gatewayLink(params);
  }

  private gatewayLink(params: Record<string, string>): string {
    const query = Object.entries(params)
      .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
      .join('&');
    return `${this.config.gateway}${this.config.gateway.includes('?') ? '&' : '?'}${query}`;
  }

  parseNotification(_headers: NotificationHeaders, rawBody: Buffer): NotificationCheck {
    const params = parseFormBody(rawBody);
    if (!params) return { ok: false, reason: 'malformed', payload: {} };
    // What is kept for the record: everything but the signature itself.
    const { sign: signature, ...recorded } = params;
    const payload: Record<string, unknown> = { params: recorded };
    if (!signature) return { ok: false, reason: 'missing_signature', payload };
    if (!verifyAlipayNotificationParams(params, this.config.alipayPublicKey)) {
      return { ok: false, reason: 'bad_signature', payload };
    }
    if (params.app_id !== this.config.appId) return { ok: false, reason: 'wrong_app', payload };
    if (this.config.sellerId && params.seller_id !== this.config.sellerId) {
      return { ok: false, reason: 'wrong_merchant', payload };
    }
    const trade = toAlipayTrade(params);
    if (!trade) return { ok: false, reason: 'malformed', payload };
    return { ok: true, trade, payload };
  }

  async queryPayment(outTradeNo: string): Promise<GatewayTrade> {
    const answer = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (answer.code === '40004' && answer.subCode === 'ACQ.TRADE_NOT_EXIST') {
      return {
        outTradeNo,
        tradeNo: null,
        state: 'NOT_FOUND',
        amountCents: null,
        paidAt: null,
        rawState: 'TRADE_NOT_EXIST',
      };
    }
    if (answer.code !== '10000') throw this.errorOf(answer, 'trade query failed');
    const trade = toAlipayTrade(answer.content);
    if (!trade || trade.outTradeNo !== outTradeNo) throw new GatewayError('alipay', 'trade query answer malformed');
    return trade;
  }

  async closePayment(outTradeNo: string): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    // A page-pay trade the buyer never opened does not exist at Alipay: nothing to close.
    if (answer.code === '40004' && answer.subCode === 'ACQ.TRADE_NOT_EXIST') return;
    if (answer.code !== '10000') throw this.errorOf(answer, 'trade close failed');
  }

  /**
   * alipay.trade.refund: synchronous. fund_change Y means this request moved the money; N (a
   * repeat, or not settled yet) is checked with the refund query, which says REFUND_SUCCESS (or
   * nothing, meaning success) once the money is back.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    const answer = await this.call('alipay.trade.refund', {
      out_trade_no: input.outTradeNo,
      refund_amount: centsToYuanString(input.amountCents),
      out_request_no: input.refundNo,
      ...(input.reason ? { refund_reason: Array.from(input.reason).slice(0, REFUND_REASON_MAX_CHARS).join('') } : {}),
    });
    if (answer.code === '10000') {
      if (answer.content.fund_change === 'Y') {
        const paidText = answer.content.gmt_refund_pay;
        return {
          refundNo: input.refundNo,
          refundId: typeof answer.content.trade_no === 'string' ? answer.content.trade_no : null,
          state: 'SUCCEEDED',
          amountCents:
            typeof answer.content.refund_fee === 'string' ? yuanStringToCents(answer.content.refund_fee) : null,
          settledAt: typeof paidText === 'string' ? parseChinaDateTime(paidText) : this.now(),
          rawState: 'fund_change=Y',
          failure: null,
        };
      }
      const queried = await this.queryRefund(input.refundNo, input.outTradeNo);
      return queried.state === 'NOT_FOUND' ? { ...queried, state: 'PROCESSING', rawState: 'fund_change=N' } : queried;
    }
    if (answer.code === '20000' || (answer.subCode && REFUND_RETRY_SUB_CODES.has(answer.subCode))) {
      throw this.errorOf(answer, 'refund failed');
    }
    return {
      refundNo: input.refundNo,
      refundId: null,
      state: 'FAILED',
      amountCents: input.amountCents,
      settledAt: null,
      rawState: answer.subCode ?? answer.code ?? 'unknown',
      failure: `${answer.subCode ?? answer.code ?? ''} ${answer.message}`.trim(),
    };
  }

  /** alipay.trade.fastpay.refund.query: the refund of `refundNo` (out_request_no) on the trade. */
  async queryRefund(refundNo: string, outTradeNo: string): Promise<GatewayRefund> {
    const answer = await this.call('alipay.trade.fastpay.refund.query', {
      out_trade_no: outTradeNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    });
    const notFound: GatewayRefund = {
      refundNo,
      refundId: null,
      state: 'NOT_FOUND',
      amountCents: null,
      settledAt: null,
      rawState: 'REFUND_NOT_EXIST',
      failure: null,
    };
    if (answer.code === '40004' && answer.subCode === 'ACQ.TRADE_NOT_EXIST') return notFound;
    if (answer.code !== '10000') throw this.errorOf(answer, 'refund query failed');
    const { content } = answer;
    // No refund under this number: the query answers Success with no refund in it.
    if (typeof content.refund_amount !== 'string' || content.out_request_no !== refundNo) return notFound;
    const status = typeof content.refund_status === 'string' ? content.refund_status : '';
    const done = status === '' || status === 'REFUND_SUCCESS';
    const paidText = content.gmt_refund_pay;
    return {
      refundNo,
      refundId: typeof content.trade_no === 'string' ? content.trade_no : null,
      state: done ? 'SUCCEEDED' : 'PROCESSING',
      amountCents: yuanStringToCents(content.refund_amount),
      settledAt: done ? (typeof paidText === 'string' ? parseChinaDateTime(paidText) : this.now()) : null,
      rawState: status || 'REFUND_SUCCESS',
      failure: null,
    };
  }

  /** Alipay answers the refund call itself and sends no refund notification of its own. */
  parseRefundNotification(): RefundNotificationCheck {
    return { ok: false, reason: 'malformed', payload: {} };
  }

  /** Alipay wants exactly the text "success"; anything else and it notifies again. */
  ackSuccess(): GatewayReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  ackFailure(): GatewayReply {
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'failure' };
  }

  /**
   * One signed API call. A successful answer must carry a valid Alipay signature over its
   * response node; an unsigned error answer is reported as a failed call, never as a fact.
   */
  private async call(
    method: string,
    bizContent: Record<string, unknown>,
  ): Promise<{
    code: string | undefined;
    subCode: string | undefined;
    message: string;
    content: Record<string, unknown>;
  }> {
    const params = buildSignedAlipayParams(method, bizContent, {
      appId: this.config.appId,
      privateKey: this.config.privateKey,
      timestamp: this.now(),
    });
    const url = new URL(this.config.gateway);
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (URL_PARAMS.has(key)) url.searchParams.set(key, value);
      else form.set(key, value);
    }
    let text: string;
    try {
      const response = await this.fetchImpl(url.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      text = await response.text();
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      throw new GatewayError('alipay', `request to Alipay failed: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new GatewayError('alipay', 'answer is not JSON');
    }
    const content = isRecord(parsed) ? parsed[responseKey] : undefined;
    if (!isRecord(parsed) || !isRecord(content)) throw new GatewayError('alipay', `answer has no ${responseKey}`);
    const signature = typeof parsed.sign === 'string' ? parsed.sign : undefined;
    const signed = extractAlipaySignedContent(text, responseKey);
    if (!signature || !signed || !verifyAlipayContent(signed, signature, this.config.alipayPublicKey)) {
      throw new GatewayError(
        'alipay',
        'answer signature missing or invalid',
        typeof content.code === 'string' ? content.code : undefined,
      );
    }
    return {
      code: typeof content.code === 'string' ? content.code : undefined,
      subCode: typeof content.sub_code === 'string' ? content.sub_code : undefined,
      message: [content.msg, content.sub_msg].filter((v) => typeof v === 'string').join(' '),
      content,
    };
  }

  private errorOf(answer: { code: string | undefined; subCode: string | undefined; message: string }, what: string) {
    return new GatewayError(
      'alipay',
      `${what}: ${answer.code ?? ''} ${answer.subCode ?? ''} ${answer.message}`.trim(),
      answer.subCode ?? answer.code,
    );
  }
}
