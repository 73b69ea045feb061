import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { PaymentPollStatus } from '../enums.js';
import { ZOrderParams, ZPayRequest } from './order.js';
import { ZPaymentExceptionsQuery, ZPaymentExceptionsResponse } from './refund.js';

/*
 * Online payment (spec §2 online pay drawer, §4 Pay, §7): WeChat Native QR and Alipay page pay,
 * the status the pay drawer polls, the gateways' notification endpoints, the sandbox pay page
 * of the embedded default, and the operators' payment views. The JSON calls are `PAYMENT_API`
 * and `ADMIN_PAYMENT_API`; the routes that are not endpoints (notifications answer each gateway
 * in its own format, the sandbox pay page is HTML) are `PAYMENT_PATHS` in paths.ts.
 */

/**
 * How the buyer's device pays (docs/decisions/0026-paying-on-a-phone.md): `qr` on a computer
 * (WeChat Native QR code, Alipay page pay in a new tab), `h5` on a phone, whose browser opens
 * the gateway's mobile page itself (WeChat Pay H5, Alipay wap pay, the sandbox page) and comes
 * back to PAY_RETURN_PATH. The client declares it; the server only checks it is one of these.
 */
export const PAY_CHANNELS = ['qr', 'h5'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/**
 * `code` (coupon) and `referer` may be null; the price is fixed on the order from them.
 * `channel` defaults to `qr`.
 */
export const ZOnlinePayRequest = ZPayRequest.extend({
  channel: z.enum(PAY_CHANNELS, { error: '支付渠道只能是 qr（电脑扫码）或 h5（手机支付）' }).default('qr'),
});
export type TOnlinePayRequest = z.input<typeof ZOnlinePayRequest>;

/**
 * `link`: on the `qr` channel, WeChat — the code_url to draw as a QR code; Alipay — the page
 * to open in a new tab. On the `h5` channel, the gateway's mobile page the phone's browser
 * opens in the same tab (WeChat's h5_url with its redirect_url, Alipay's wap pay link). On the
 * embedded default every link is the sandbox pay page. `amount` (cents) is what the gateway
 * will charge, equal to the pay preview; the link stops working at `expiresAt`.
 */
export const ZOnlinePayResponse = z.object({
  link: z.string(),
  channel: z.enum(PAY_CHANNELS),
  amount: z.number().int(),
  expiresAt: z.string(),
});
export type TOnlinePayResponse = z.infer<typeof ZOnlinePayResponse>;

export const PAY_POLL_STATUSES = Object.values(PaymentPollStatus) as [PaymentPollStatus, ...PaymentPollStatus[]];

/**
 * Polled every 4 s by the pay drawer. SUCCESS: paid — stop polling, refresh the user, and show
 * the order coupon dialog when `coupon` is set. FAIL: the order was cancelled or the last
 * payment attempt failed (the buyer may start a new one). WAITING: keep polling.
 */
export const ZPayStatusResponse = z.object({
  status: z.enum(PAY_POLL_STATUSES),
  coupon: z.string().nullable(),
});
export type TPayStatusResponse = z.infer<typeof ZPayStatusResponse>;

export const SANDBOX_RESULTS = ['SUCCESS', 'FAIL'] as const;

/** What a script posts to the sandbox pay page (the page's buttons post the same as a form). */
export const ZSandboxPayRequest = z.object({
  result: z.enum(SANDBOX_RESULTS, { error: 'result 只能是 SUCCESS 或 FAIL' }),
});
export type TSandboxPayRequest = z.input<typeof ZSandboxPayRequest>;

/**
 * How the notification the sandbox sent was handled: `settled` (the order is now paid),
 * `duplicate` (it was already paid by this payment), `failed` (a FAIL result was recorded),
 * `exception` (money for an order that cannot take it, listed for operators), `rejected`.
 */
export const ZSandboxPayResponse = z.object({
  result: z.enum(SANDBOX_RESULTS),
  outcome: z.string(),
  orderStatus: z.string().nullable(),
});
export type TSandboxPayResponse = z.infer<typeof ZSandboxPayResponse>;

// The payment exceptions list's schemas live with the refunds that resolve them (refund.ts).

/** One recorded gateway interaction (notification, query, close) for the operator's order view. */
export const ZPaymentEvent = z.object({
  id: z.number().int(),
  gateway: z.string(),
  kind: z.string(),
  outTradeNo: z.string().nullable(),
  tradeNo: z.string().nullable(),
  amount: z.number().int().nullable(),
  verified: z.boolean(),
  outcome: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TPaymentEvent = z.infer<typeof ZPaymentEvent>;

export const ZPaymentEventsResponse = z.object({ events: z.array(ZPaymentEvent) });
export type TPaymentEventsResponse = z.infer<typeof ZPaymentEventsResponse>;

export const PAYMENT_API = {
  wechat: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/wechat',
    access: 'user',
    params: ZOrderParams,
    body: ZOnlinePayRequest,
    response: ZOnlinePayResponse,
    summary:
      'Fixes the price and answers the WeChat Pay code_url to draw as a QR code, or on a phone the H5 page to open (the same while open).',
  }),
  alipay: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/alipay',
    access: 'user',
    params: ZOrderParams,
    body: ZOnlinePayRequest,
    response: ZOnlinePayResponse,
    summary: 'Fixes the price and answers the Alipay page (on a phone the wap pay page) to open (the same while open).',
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id/pay',
    access: 'user',
    params: ZOrderParams,
    response: ZPayStatusResponse,
    summary: 'Whether an online payment of the order succeeded, failed or is still awaited (polled).',
  }),
} as const;

export const ADMIN_PAYMENT_API = {
  exceptions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/exceptions',
    access: 'operator',
    roles: ['finance'],
    query: ZPaymentExceptionsQuery,
    response: ZPaymentExceptionsResponse,
    summary:
      'Payments that arrived but could not settle their order, newest first, whole or by state (待处理 / 已退款 / 已处理).',
  }),
  orderEvents: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/orders/:id/events',
    access: 'operator',
    roles: ['finance', 'service'],
    params: ZOrderParams,
    response: ZPaymentEventsResponse,
    summary: 'Every gateway delivery, query and close recorded for one order, newest first.',
  }),
} as const;
