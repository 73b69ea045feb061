/**
 * What the payment module needs from a payment gateway (WeChat Pay, Alipay, or the local
 * sandbox). Adapters do the gateway's cryptography and wire format and nothing else: which
 * order an out_trade_no belongs to, whether the amount is what we charged and what settling
 * means are decided by modules/payment. Only this folder talks to gateways.
 */

import type { GatewayName, OnlinePayWay, PayChannel } from '@gemstock/contract';

export interface CreatePaymentInput {
  /** Our number for this payment attempt, unique across all attempts (the gateway's out_trade_no). */
  outTradeNo: string;
  amountCents: number;
  /** Shown to the payer by the gateway (order name). */
  description: string;
  /** After this the gateway must refuse payment: it lines up with the unpaid-order cancellation. */
  expiresAt: Date;
  /** The pay way the buyer chose (the sandbox serves both). */
  payWay: OnlinePayWay;
  /** qr: a computer (WeChat Native, Alipay page pay); h5: a phone's browser (WeChat H5, Alipay wap pay). */
  channel: PayChannel;
  /** h5: the page of ours the phone's browser comes back to after the gateway's page. */
  returnUrl: string;
  /** The payer's IP as we saw it (WeChat H5 requires it in scene_info.payer_client_ip). */
  clientIp: string;
}

export interface CreatedPayment {
  /**
   * WeChat Native: the code_url the page shows as a QR code. WeChat H5: the h5_url with our
   * redirect_url. Alipay: the signed gateway URL (page pay or wap pay) the "go to pay" link
   * opens. Sandbox: our own /sandbox/pay/{id} page.
   */
  link: string;
}

/**
 * A trade as the gateway reports it.
 * PAID: money received. WAITING: created, not paid yet. CLOSED: closed or expired, will never be
 * paid. FAILED: the payer's attempt failed (may be retried with a new attempt). NOT_FOUND: the
 * gateway has no such trade (yet: an Alipay page-pay trade exists only once the payer opens it).
 * REFUNDED: paid, then refunded.
 */
export type GatewayTradeState = 'PAID' | 'WAITING' | 'CLOSED' | 'FAILED' | 'NOT_FOUND' | 'REFUNDED';

export interface GatewayTrade {
  outTradeNo: string;
  /** The gateway's own transaction number, once it has one. */
  tradeNo: string | null;
  state: GatewayTradeState;
  /** Amount the gateway says was (or is to be) paid, in cents. */
  amountCents: number | null;
  paidAt: Date | null;
  /** The gateway's own state word (trade_state / trade_status), for the record. */
  rawState: string;
}

/** A refund asked of the gateway: `refundNo` is ours (WeChat out_refund_no, Alipay out_request_no). */
export interface RefundInput {
  refundNo: string;
  /** The payment refunded: our number for it and the gateway's, when known. */
  outTradeNo: string;
  tradeNo: string | null;
  amountCents: number;
  /** What the payment brought in (WeChat wants it beside the refund). */
  totalCents: number;
  /** Shown to the payer by the gateway. */
  reason: string;
}

/**
 * A refund as the gateway reports it. SUCCEEDED: the money is back with the payer. PROCESSING:
 * accepted, to be settled later (a notification or a query says how). FAILED: refused or closed
 * for good (`failure` says why); nothing went back. NOT_FOUND: the gateway has no such refund.
 */
export type GatewayRefundState = 'SUCCEEDED' | 'PROCESSING' | 'FAILED' | 'NOT_FOUND';

export interface GatewayRefund {
  refundNo: string;
  /** The gateway's own refund number, once it has one. */
  refundId: string | null;
  state: GatewayRefundState;
  amountCents: number | null;
  settledAt: Date | null;
  /** The gateway's own word (refund_status, fund_change, its error code), for the record. */
  rawState: string;
  failure: string | null;
}

export type RefundNotificationCheck =
  | { ok: true; refund: GatewayRefund; payload: Record<string, unknown> }
  | { ok: false; reason: NotificationRejection; payload: Record<string, unknown> };

export type NotificationCheck =
  | { ok: true; trade: GatewayTrade; payload: Record<string, unknown> }
  | { ok: false; reason: NotificationRejection; payload: Record<string, unknown> };

/** Why a notification was not believed; recorded with the delivery. */
export type NotificationRejection =
  | 'malformed'
  | 'missing_signature'
  | 'unknown_serial'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'decrypt_failed'
  | 'wrong_merchant'
  | 'wrong_app';

/** The exact HTTP answer a gateway expects to a notification. */
export interface GatewayReply {
  status: number;
  contentType?: string;
  body?: string;
}

export type NotificationHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Creates the trade at the gateway (or the signed link that creates it) and returns what the buyer opens. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks a notification's signature (and decrypts it) offline; never throws for bad input.
   * Identity checks that belong to the adapter's configuration (merchant, app) happen here too.
   */
  parseNotification(headers: NotificationHeaders, rawBody: Buffer): NotificationCheck;
  /** Asks the gateway for the trade; only a verified answer may say PAID. Throws GatewayError. */
  queryPayment(outTradeNo: string): Promise<GatewayTrade>;
  /** Closes the trade so it can no longer be paid. Throws GatewayError (e.g. when it is already paid). */
  closePayment(outTradeNo: string): Promise<void>;
  /**
   * Asks the gateway to give money of a paid trade back. A definite refusal comes back as a
   * FAILED refund; a call whose outcome is unknown (network, a gateway-side error) throws
   * GatewayError, and the refund is asked about later under the same number.
   */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** How a refund stands at the gateway. Throws GatewayError. */
  queryRefund(refundNo: string, outTradeNo: string): Promise<GatewayRefund>;
  /**
   * Checks a refund notification (WeChat's REFUND.* events, the sandbox's) offline; never throws.
   * A gateway that sends none (Alipay answers the refund call itself) refuses every delivery.
   */
  parseRefundNotification(headers: NotificationHeaders, rawBody: Buffer): RefundNotificationCheck;
  ackSuccess(): GatewayReply;
  ackFailure(message: string): GatewayReply;
}

/** A gateway call that failed: network, an error answer, or an answer whose signature did not verify. */
export class GatewayError extends Error {
  readonly gateway: GatewayName;
  /** The gateway's error code when it gave one (e.g. ORDERPAID, ACQ.TRADE_NOT_EXIST). */
  readonly gatewayCode: string | undefined;

  constructor(gateway: GatewayName, message: string, gatewayCode?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GatewayError';
    this.gateway = gateway;
    this.gatewayCode = gatewayCode;
  }
}

/** The fetch the real adapters use; tests pass a fake gateway server. */
export type HttpFetch = (input: string, init: RequestInit) => Promise<Response>;

/** How long one gateway call may take before it counts as failed. */
export const GATEWAY_TIMEOUT_MS = 10_000;

/** Notifications older or newer than this are refused (replay protection). */
export const NOTIFICATION_MAX_SKEW_SECONDS = 5 * 60;

/** A header's single value, whatever its case in the request. */
export function headerValue(headers: NotificationHeaders, name: string): string | undefined {
  const direct = headers[name] ?? headers[name.toLowerCase()];
  const value = Array.isArray(direct) ? direct[0] : direct;
  if (value !== undefined) return value;
  const wanted = name.toLowerCase();
  for (const [key, candidate] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(candidate) ? candidate[0] : candidate;
  }
  return undefined;
}
