import { createHmac, randomBytes } from 'node:crypto';
import { sameBytes } from '../lib/constant-time.js';
import {
  GatewayError,
  headerValue,
  NOTIFICATION_MAX_SKEW_SECONDS,
  type CreatedPayment,
  type CreatePaymentInput,
  type GatewayRefund,
  type GatewayReply,
  type GatewayTrade,
  type GatewayTradeState,
  type NotificationCheck,
  type NotificationHeaders,
  type NotificationRejection,
  type PaymentGateway,
  type RefundInput,
  type RefundNotificationCheck,
} from './payment-gateway.js';

/**
 * The local stand-in for WeChat Pay and Alipay (the embedded default). The buyer's link is a
 * page on our own server, `/sandbox/pay/{outTradeNo}`; confirming there makes the sandbox
 * "gateway" send a notification signed with HMAC-SHA256 under a key derived from the JWT
 * secret, which goes through the same verify-then-settle path as the real gateways. Its own
 * record of trades lives in memory, like a remote gateway's would live elsewhere.
 */

export const SANDBOX_PAY_PATH = '/sandbox/pay';
export const SANDBOX_HEADERS = {
  timestamp: 'X-Sandbox-Timestamp',
  nonce: 'X-Sandbox-Nonce',
  signature: 'X-Sandbox-Signature',
} as const;

export interface SandboxNotice {
  outTradeNo: string;
  amountCents: number;
  result: 'SUCCESS' | 'FAIL';
  /** When the buyer "paid"; defaults to now. */
  paidAt?: Date;
}

/** What the sandbox "gateway" settles a refund as: given back, or closed (as WeChat closes one). */
export type SandboxRefundResult = 'SUCCESS' | 'CLOSED';

export interface SignedNotification {
  headers: Record<string, string>;
  rawBody: Buffer;
}

/** The sandbox key: derived, so it is as secret as the JWT secret and never the same bytes. */
export function deriveSandboxKey(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('gemstock sandbox payment notifications v1').digest();
}

function sandboxMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  /** The sandbox's own book of trades it has seen paid, failed or closed. */
  private readonly trades = new Map<string, GatewayTrade>();
  /** Refunds it was asked for, by our refund number: PROCESSING until the sandbox settles them. */
  private readonly refunds = new Map<string, GatewayRefund & { outTradeNo: string }>();

  constructor(
    private readonly key: Buffer,
    /** Absolute base for the pay page (PUBLIC_URL). */
    private readonly publicUrl: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return { link: `${this.publicUrl}${SANDBOX_PAY_PATH}/${encodeURIComponent(input.outTradeNo)}` };
  }

  /**
   * What the sandbox sends when the buyer confirms or fails on the page. The trade number is
   * derived from the attempt, so confirming twice is the same payment, as at a real gateway.
   */
  signNotification(notice: SandboxNotice): SignedNotification {
    const paid = notice.result === 'SUCCESS';
    // Like a real gateway, a trade it has closed can no longer be paid. The check and the
    // record below happen in one synchronous step, so a close and a payment never both win.
    if (this.trades.get(notice.outTradeNo)?.state === 'CLOSED') {
      throw new GatewayError('sandbox', 'the trade is closed', 'TRADE_CLOSED');
    }
    const paidAt = notice.paidAt ?? new Date(this.nowSeconds() * 1000);
    const body = JSON.stringify({
      out_trade_no: notice.outTradeNo,
      trade_no: `SBX${notice.outTradeNo}`,
      trade_state: paid ? 'SUCCESS' : 'PAYERROR',
      amount_cents: notice.amountCents,
      success_time: paid ? paidAt.toISOString() : null,
    });
    const trade = this.tradeFrom(JSON.parse(body) as Record<string, unknown>);
    if (trade) this.trades.set(trade.outTradeNo, trade);
    return this.sign(body);
  }

  /** Headers and body as the sandbox sends a notification: HMAC-SHA256 over timestamp, nonce and body. */
  private sign(body: string): SignedNotification {
    const timestamp = String(this.nowSeconds());
    const nonce = randomBytes(16).toString('hex');
    const signature = createHmac('sha256', this.key)
      .update(sandboxMessage(timestamp, nonce, body))
      .digest('base64');
    return {
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp.toLowerCase()]: timestamp,
        [SANDBOX_HEADERS.nonce.toLowerCase()]: nonce,
        [SANDBOX_HEADERS.signature.toLowerCase()]: signature,
      },
      rawBody: Buffer.from(body, 'utf8'),
    };
  }

  parseNotification(headers: NotificationHeaders, rawBody: Buffer): NotificationCheck {
    const opened = this.open(headers, rawBody);
    if (!opened.ok) return opened;
    const trade = this.tradeFrom(opened.fields);
    if (!trade) return { ok: false, reason: 'malformed', payload: opened.payload };
    return { ok: true, trade, payload: opened.payload };
  }

  /** A delivery whose signature and timestamp checked out: its JSON fields. */
  private open(
    headers: NotificationHeaders,
    rawBody: Buffer,
  ):
    | { ok: true; fields: Record<string, unknown>; payload: Record<string, unknown> }
    | { ok: false; reason: NotificationRejection; payload: Record<string, unknown> } {
    const timestamp = headerValue(headers, SANDBOX_HEADERS.timestamp);
    const nonce = headerValue(headers, SANDBOX_HEADERS.nonce);
    const signature = headerValue(headers, SANDBOX_HEADERS.signature);
    const body = rawBody.toString('utf8');
    const payload: Record<string, unknown> = { timestamp: timestamp ?? null };
    if (!timestamp || !nonce || !signature) return { ok: false, reason: 'missing_signature', payload };
    if (
      !/^\d{1,12}$/.test(timestamp) ||
      Math.abs(this.nowSeconds() - Number(timestamp)) > NOTIFICATION_MAX_SKEW_SECONDS
    ) {
      return { ok: false, reason: 'stale_timestamp', payload };
    }
    const expected = createHmac('sha256', this.key)
      .update(sandboxMessage(timestamp, nonce, body))
      .digest();
    const given = Buffer.from(signature, 'base64');
    if (!sameBytes(given, expected)) {
      return { ok: false, reason: 'bad_signature', payload };
    }
    let fields: unknown;
    try {
      fields = JSON.parse(body);
    } catch {
      return { ok: false, reason: 'malformed', payload };
    }
    if (typeof fields !== 'object' || fields === null) return { ok: false, reason: 'malformed', payload };
    payload.notification = fields;
    return { ok: true, fields: fields as Record<string, unknown>, payload };
  }

  async queryPayment(outTradeNo: string): Promise<GatewayTrade> {
    return (
      this.trades.get(outTradeNo) ?? {
        outTradeNo,
        tradeNo: null,
        state: 'WAITING',
        amountCents: null,
        paidAt: null,
        rawState: 'NOTPAY',
      }
    );
  }

  async closePayment(outTradeNo: string): Promise<void> {
    const known = this.trades.get(outTradeNo);
    // A paid trade cannot be closed (WeChat answers ORDERPAID): the caller then asks its state.
    if (known?.state === 'PAID') throw new GatewayError('sandbox', 'the trade is paid', 'ORDERPAID');
    this.trades.set(outTradeNo, {
      outTradeNo,
      tradeNo: null,
      state: 'CLOSED',
      amountCents: known?.amountCents ?? null,
      paidAt: null,
      rawState: 'CLOSED',
    });
  }

  /**
   * Like WeChat Pay, the sandbox accepts a refund and settles it later: it is PROCESSING until
   * `signRefundNotification` settles it, which the refund module does after a delay
   * (PAYMENT_SANDBOX_REFUND_DELAY_SECONDS), through the same verify-then-record path as WeChat's
   * REFUND.* notifications. Asking again under the same number is the same refund.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    const known = this.refunds.get(input.refundNo);
    if (known) return this.publicRefund(known);
    const refund = {
      refundNo: input.refundNo,
      refundId: null,
      state: 'PROCESSING' as const,
      amountCents: input.amountCents,
      settledAt: null,
      rawState: 'PROCESSING',
      failure: null,
      outTradeNo: input.outTradeNo,
    };
    this.refunds.set(input.refundNo, refund);
    return this.publicRefund(refund);
  }

  async queryRefund(refundNo: string): Promise<GatewayRefund> {
    const known = this.refunds.get(refundNo);
    if (known) return this.publicRefund(known);
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

  /** Whether the sandbox holds a refund it has not settled yet. */
  isRefundPending(refundNo: string): boolean {
    return this.refunds.get(refundNo)?.state === 'PROCESSING';
  }

  /** The sandbox settles a refund it accepted: the notification it sends (signed like a payment's). */
  signRefundNotification(refundNo: string, result: SandboxRefundResult = 'SUCCESS'): SignedNotification {
    const refund = this.refunds.get(refundNo);
    if (!refund) throw new GatewayError('sandbox', 'no such refund', 'RESOURCE_NOT_EXISTS');
    const settledAt = new Date(this.nowSeconds() * 1000);
    const body = JSON.stringify({
      out_refund_no: refund.refundNo,
      refund_id: `SBXR${refund.refundNo}`,
      out_trade_no: refund.outTradeNo,
      refund_status: result,
      amount_cents: refund.amountCents,
      success_time: result === 'SUCCESS' ? settledAt.toISOString() : null,
    });
    const parsed = this.refundFrom(JSON.parse(body) as Record<string, unknown>);
    if (parsed) this.refunds.set(refundNo, { ...parsed, outTradeNo: refund.outTradeNo });
    return this.sign(body);
  }

  parseRefundNotification(headers: NotificationHeaders, rawBody: Buffer): RefundNotificationCheck {
    const opened = this.open(headers, rawBody);
    if (!opened.ok) return opened;
    const refund = this.refundFrom(opened.fields);
    if (!refund) return { ok: false, reason: 'malformed', payload: opened.payload };
    return { ok: true, refund, payload: opened.payload };
  }

  ackSuccess(): GatewayReply {
    return { status: 204 };
  }

  ackFailure(message: string): GatewayReply {
    return {
      status: 400,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message }),
    };
  }

  private publicRefund(refund: GatewayRefund & { outTradeNo: string }): GatewayRefund {
    const { outTradeNo: _outTradeNo, ...rest } = refund;
    return rest;
  }

  private refundFrom(fields: Record<string, unknown>): GatewayRefund | null {
    const { out_refund_no: refundNo, refund_id: refundId, refund_status: rawState, amount_cents: amount } = fields;
    if (typeof refundNo !== 'string' || typeof rawState !== 'string') return null;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
    const settledAt = typeof fields.success_time === 'string' ? new Date(fields.success_time) : null;
    const state = rawState === 'SUCCESS' ? 'SUCCEEDED' : rawState === 'CLOSED' ? 'FAILED' : 'PROCESSING';
    return {
      refundNo,
      refundId: typeof refundId === 'string' ? refundId : null,
      state,
      amountCents: amount,
      settledAt: settledAt && !Number.isNaN(settledAt.getTime()) ? settledAt : null,
      rawState,
      failure: state === 'FAILED' ? '退款已关闭' : null,
    };
  }

  private tradeFrom(fields: Record<string, unknown>): GatewayTrade | null {
    const { out_trade_no: outTradeNo, trade_no: tradeNo, trade_state: rawState, amount_cents: amount } = fields;
    if (typeof outTradeNo !== 'string' || typeof rawState !== 'string') return null;
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
    const state: GatewayTradeState = rawState === 'SUCCESS' ? 'PAID' : rawState === 'PAYERROR' ? 'FAILED' : 'WAITING';
    const paidAt = typeof fields.success_time === 'string' ? new Date(fields.success_time) : null;
    return {
      outTradeNo,
      tradeNo: typeof tradeNo === 'string' ? tradeNo : null,
      state,
      amountCents: amount,
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      rawState,
    };
  }
}
