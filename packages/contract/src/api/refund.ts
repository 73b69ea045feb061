import { z } from '../zod-locale.js';
import { defineEndpoint } from '../endpoint.js';
import { DEMAND_STATUS_VALUES, PAYMENT_EXCEPTION_STATUSES, REFUND_CHANNELS, REFUND_STATUSES } from '../enums.js';
import { MESSAGES, zRequestKey, zSid } from '../validation.js';
import { ZPageQuery } from './material.js';
import { ZOrderParams, ZTransferArrival, zBankSerial, zCalendarDay } from './order.js';

/**
 * Refunds, payment exceptions and what arrived by bank (docs/decisions/0029): the operator
 * refunds a paid order (through the gateway that took the money, back to the wallet, or paid
 * out by bank for a transfer), refunds or resolves a payment exception, and follows a refund the
 * gateway settles later. Every call moves money once, however often it is sent.
 */

export const REFUND_MESSAGES = {
  reason: '请填写退款原因',
  note: '请填写处理说明',
  amount: '请填写退款金额',
  paidOutOn: '请选择退款日期',
  key: '退款请求编号格式不正确，请关闭对话框后重试',
} as const;

export const REFUND_NOTE_MAX_LENGTH = 500;

const zNote = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(REFUND_NOTE_MAX_LENGTH, { error: MESSAGES.tooLong(REFUND_NOTE_MAX_LENGTH) });

/** Made by the console once per refund dialog: a request sent again is the same refund. */
export const zIdempotencyKey = zRequestKey(REFUND_MESSAGES.key);

/** A refund as operators see it. `paid`: what the refunded payment brought in, the most that may go back. */
export const ZAdminRefund = z.object({
  sid: z.string(),
  refundNo: z.string(),
  orderSid: z.string().nullable(),
  orderNo: z.string().nullable(),
  exceptionId: z.number().int().nullable(),
  channel: z.enum(REFUND_CHANNELS),
  amount: z.number().int(),
  paid: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  gatewayRefundId: z.string().nullable(),
  bankSerial: z.string().nullable(),
  paidOutOn: z.string().nullable(),
  reason: z.string(),
  /** Why the gateway refused or closed it. */
  failure: z.string().nullable(),
  operator: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TAdminRefund = z.infer<typeof ZAdminRefund>;

/**
 * 退款 of a paid order. `amount` (cents) only for a custom design whose drafts the buyer has
 * seen: the amount agreed with the buyer, at most what was received; every other refund is of
 * the whole amount received. `bankSerial` and `paidOutOn` only for a bank-transfer order, whose
 * money the operator has paid out by bank.
 */
export const ZRefundOrderRequest = z.object({
  idempotencyKey: zIdempotencyKey,
  reason: zNote(REFUND_MESSAGES.reason),
  amount: z
    .number({ error: REFUND_MESSAGES.amount })
    .int({ error: REFUND_MESSAGES.amount })
    .min(1, { error: REFUND_MESSAGES.amount })
    .optional(),
  bankSerial: zBankSerial.optional(),
  paidOutOn: zCalendarDay(REFUND_MESSAGES.paidOutOn).optional(),
});
export type TRefundOrderRequest = z.input<typeof ZRefundOrderRequest>;

/** A licence the refund ends. */
export const ZRefundLicence = z.object({
  certNo: z.string(),
  materialSid: z.string(),
  spec: z.number().int(),
});

/**
 * What a refund of the order would do, for the confirmation dialog: how much goes back
 * (`amount`, or up to `maxAmount` when `amountEditable`), through which channel and to whom,
 * which licences end, what becomes of a custom design or a VIP month. `refusal` says why it
 * cannot be refunded (the same code and message the refund itself would answer).
 */
export const ZRefundPreview = z.object({
  orderSid: z.string(),
  orderNo: z.string(),
  refundable: z.boolean(),
  refusal: z.object({ code: z.number().int(), message: z.string() }).nullable(),
  received: z.number().int(),
  amount: z.number().int(),
  maxAmount: z.number().int(),
  amountEditable: z.boolean(),
  /** Null when nothing can go back (a free order). */
  channel: z.enum(REFUND_CHANNELS).nullable(),
  /** The company (and its account) the money goes back to. */
  payee: z.object({ company: z.string().nullable(), account: z.string().nullable() }),
  licences: z.array(ZRefundLicence),
  /** A custom design's stage, which decides the amount (docs/decisions/0029). */
  demandStatus: z.enum(DEMAND_STATUS_VALUES).nullable(),
  /** A VIP recharge: its month ends with the refund. */
  endsVip: z.boolean(),
  /** Wallet refunds: the part going back to recharges that have lapsed, written off at once as they would have been. */
  lapsedCents: z.number().int(),
  /** The order's refund, once made. */
  refund: ZAdminRefund.nullable(),
});
export type TRefundPreview = z.infer<typeof ZRefundPreview>;

/** The order's money beyond the price: bank statement lines recorded for it, and its refund. */
export const ZOrderMoneyResponse = z.object({
  received: z.number().int(),
  arrivals: z.array(ZTransferArrival),
  refund: ZAdminRefund.nullable(),
});
export type TOrderMoneyResponse = z.infer<typeof ZOrderMoneyResponse>;

export const ZRefundParams = z.object({ id: zSid });

/** A refund the gateway refused: asked again (a new refund number), with why. */
export const ZRetryRefundRequest = z.object({ note: zNote(REFUND_MESSAGES.note) });
export type TRetryRefundRequest = z.input<typeof ZRetryRefundRequest>;

/** A refund the gateway refused, paid out by bank instead: the bank's serial and the day. */
export const ZPaidOutRequest = z.object({
  bankSerial: zBankSerial,
  paidOutOn: zCalendarDay(REFUND_MESSAGES.paidOutOn),
  note: zNote(REFUND_MESSAGES.note),
});
export type TPaidOutRequest = z.input<typeof ZPaidOutRequest>;

export const ZRefundOnlyResponse = z.object({ refund: ZAdminRefund });
export type TRefundOnlyResponse = z.infer<typeof ZRefundOnlyResponse>;

export const PAYMENT_EXCEPTION_MESSAGES = { status: '异常状态不正确' } as const;

export const ZPaymentExceptionStatus = z.enum(PAYMENT_EXCEPTION_STATUSES, { error: PAYMENT_EXCEPTION_MESSAGES.status });

/**
 * A payment that arrived but could not settle its order (order cancelled, paid twice, amount
 * different from what was charged, a bank transfer above the price). Repeated deliveries of the
 * same payment are one row. `status`: 待处理 until an operator refunds it or marks it handled,
 * with `note`, `operator` and `handledAt`; `refund` once refunded.
 */
export const ZPaymentException = z.object({
  id: z.number().int(),
  orderSid: z.string().nullable(),
  orderNo: z.string().nullable(),
  orderStatus: z.string().nullable(),
  gateway: z.string(),
  outTradeNo: z.string().nullable(),
  tradeNo: z.string().nullable(),
  /** Cents the gateway (or the bank statement) says were paid; for an over-paid transfer, the excess. */
  amount: z.number().int().nullable(),
  reason: z.string(),
  deliveries: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  status: ZPaymentExceptionStatus,
  note: z.string().nullable(),
  operator: z.string().nullable(),
  handledAt: z.string().nullable(),
  refund: ZAdminRefund.nullable(),
});
export type TPaymentException = z.infer<typeof ZPaymentException>;

/** `status` filters by state (absent: all), newest first. */
export const ZPaymentExceptionsQuery = ZPageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), ZPaymentExceptionStatus.optional()),
});
export type TPaymentExceptionsQuery = z.input<typeof ZPaymentExceptionsQuery>;

export const ZPaymentExceptionsResponse = z.object({
  total: z.number().int(),
  exceptions: z.array(ZPaymentException),
});
export type TPaymentExceptionsResponse = z.infer<typeof ZPaymentExceptionsResponse>;

export const ZPaymentExceptionResponse = z.object({ exception: ZPaymentException });
export type TPaymentExceptionResponse = z.infer<typeof ZPaymentExceptionResponse>;

export const ZPaymentExceptionParams = z.object({ id: z.coerce.number().int().positive() });

/** 已处理: resolved without a refund here (honoured, refunded in the merchant platform, …), with a note. */
export const ZHandleExceptionRequest = z.object({ note: zNote(REFUND_MESSAGES.note) });
export type THandleExceptionRequest = z.input<typeof ZHandleExceptionRequest>;

/**
 * 退款 of a payment exception: its whole amount back through the gateway that took it, or for
 * an over-paid transfer paid out by bank (`bankSerial`, `paidOutOn`).
 */
export const ZRefundExceptionRequest = z.object({
  idempotencyKey: zIdempotencyKey,
  reason: zNote(REFUND_MESSAGES.reason),
  bankSerial: zBankSerial.optional(),
  paidOutOn: zCalendarDay(REFUND_MESSAGES.paidOutOn).optional(),
});
export type TRefundExceptionRequest = z.input<typeof ZRefundExceptionRequest>;

/** Operator: refunds and what the bank statement shows. Every call is 财务's (客服 may read an order's money record). */
export const ADMIN_REFUND_API = {
  orderPreview: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders/:id/refund',
    access: 'operator',
    roles: ['finance'],
    params: ZOrderParams,
    response: ZRefundPreview,
    summary:
      'What refunding the order would do (amount, channel, payee, licences that end), or why it cannot be refunded.',
  }),
  refundOrder: defineEndpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/refund',
    access: 'operator',
    roles: ['finance'],
    params: ZOrderParams,
    body: ZRefundOrderRequest,
    response: ZRefundOnlyResponse,
    summary:
      'Refunds a paid order once (idempotent by key): the order becomes REFUNDED, its licences end, the money goes back the way it came (audit-logged).',
  }),
  orderMoney: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders/:id/money',
    access: 'operator',
    roles: ['finance', 'service'],
    params: ZOrderParams,
    response: ZOrderMoneyResponse,
    summary: "The bank statement lines recorded for the order and the order's refund.",
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/:id/sync',
    access: 'operator',
    roles: ['finance'],
    params: ZRefundParams,
    response: ZRefundOnlyResponse,
    summary: 'Asks the gateway how a processing refund stands and records its answer.',
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/:id/retry',
    access: 'operator',
    roles: ['finance'],
    params: ZRefundParams,
    body: ZRetryRefundRequest,
    response: ZRefundOnlyResponse,
    summary: 'Asks the gateway again for a refund it refused, under a new refund number (audit-logged).',
  }),
  paidOut: defineEndpoint({
    method: 'POST',
    path: '/api/admin/refunds/:id/paid_out',
    access: 'operator',
    roles: ['finance'],
    params: ZRefundParams,
    body: ZPaidOutRequest,
    response: ZRefundOnlyResponse,
    summary: 'Records a refused refund as paid out by bank, with the serial number (audit-logged).',
  }),
  handleException: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/handle',
    access: 'operator',
    roles: ['finance'],
    params: ZPaymentExceptionParams,
    body: ZHandleExceptionRequest,
    response: ZPaymentExceptionResponse,
    summary: 'Marks a payment exception 已处理 with a note (audit-logged).',
  }),
  refundException: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/exceptions/:id/refund',
    access: 'operator',
    roles: ['finance'],
    params: ZPaymentExceptionParams,
    body: ZRefundExceptionRequest,
    response: ZPaymentExceptionResponse,
    summary:
      "Refunds a payment exception's money the way it came (idempotent by key); the exception becomes 已退款 (audit-logged).",
  }),
} as const;
