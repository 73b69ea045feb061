import { z } from '../zod-locale.js';
import { AUDIT_MESSAGE_MAX, MAX_LENGTH } from '../constants.js';
import { ZDemandDetail, ZMaterial, ZOrder, ZTransferInfo, zLicenceType } from '../entities.js';
import { AUDIT_STATUS_VALUES, ORDER_STATUSES, ORDER_TYPES, PAY_WAYS } from '../enums.js';
import { defineEndpoint } from '../endpoint.js';
import { ZListPageInfo, zListCursor } from '../list-page.js';
import { MESSAGES, zSid } from '../validation.js';
import { ZPageQuery } from './material.js';
import { zSpec } from './cart.js';
import { zAgreedVersion } from '../agreed-version.js';

export function orderPath(pattern: string, sid: string, materialSid?: string): string {
  let path = pattern.replace(':id', encodeURIComponent(sid));
  if (materialSid !== undefined) path = path.replace(':materialSid', encodeURIComponent(materialSid));
  return path;
}

export const ORDER_MAX_ITEMS = 50;
/**
 * The most one order may cost: ¥20,000,000.00. Every gateway can collect it (WeChat Pay's
 * amount is a 32-bit count of fen) and it sits far below the bigint money columns; a larger
 * selection is refused with ORDER_TOTAL_TOO_LARGE rather than split silently.
 */
export const ORDER_MAX_TOTAL_CENTS = 2_000_000_000;
export const COUPON_CODE_MAX_LENGTH = 32;

export const ORDER_MESSAGES = {
  materials: '请选择要购买的素材',
  tooMany: `一次最多购买 ${ORDER_MAX_ITEMS} 个素材`,
  payWay: '支付方式不正确',
  price: MESSAGES.rechargeAmount,
  approved: '请选择通过或拒绝',
  status: '订单状态不正确',
  type: '订单类型不正确',
  note: '请填写备注',
  day: '日期格式不正确，请按 年-月-日 选择',
  dayRange: '结束日期不能早于开始日期',
  amount: '金额应为不小于 0 的整数（单位：分）',
  amountRange: '最高金额不能低于最低金额',
} as const;

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional text: trimmed; blank or absent → null. */
const zOptionalText = (max: number) =>
  z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(max, { error: MESSAGES.tooLong(max) })
      .nullish()
      .transform((v) => v ?? null),
  );

/** A coupon code; blank means none (the drawer itself says 请先输入优惠码 for an empty apply). */
export const zCouponCode = zOptionalText(COUPON_CODE_MAX_LENGTH);
export const zReferer = zOptionalText(MAX_LENGTH.referrer);
export const zSource = zOptionalText(MAX_LENGTH.source);
export const zPayWay = z
  .preprocess(blankAsNull, z.enum(PAY_WAYS, { error: ORDER_MESSAGES.payWay }).nullish())
  .transform((v) => v ?? null);

/** `{sid: licenceType}` — the materials to buy and the licence type of each. */
export const zMaterialSelection = z
  .record(zSid, zSpec, { error: ORDER_MESSAGES.materials })
  .refine((m) => Object.keys(m).length > 0, { error: ORDER_MESSAGES.materials })
  .refine((m) => Object.keys(m).length <= ORDER_MAX_ITEMS, { error: ORDER_MESSAGES.tooMany });

/** Price breakdown in cents (spec §7 names). `price` is what will be charged. */
export const ZPricePreview = z.object({
  price_origin: z.number().int(),
  /** What a held licence pays (高级定制授权 paying for its material's custom design); absent or 0: none. */
  discount_credit: z.number().int().optional(),
  discount_member: z.number().int(),
  discount_coupon: z.number().int(),
  price: z.number().int(),
});
export type TPricePreview = z.infer<typeof ZPricePreview>;

/**
 * `agreement_version`: the version of the licence agreement (CONTENT_API, key licence_agreement)
 * the contract dialog showed when it was ticked; recorded with the order (docs/decisions/0042).
 */
export const ZPlaceMaterialRequest = z.object({
  materials: zMaterialSelection,
  source: zSource,
  agreement_version: zAgreedVersion,
});
export type TPlaceMaterialRequest = z.input<typeof ZPlaceMaterialRequest>;

export const ZMaterialPreviewRequest = z.object({
  materials: zMaterialSelection,
  code: zCouponCode,
  pay_way: zPayWay,
});
export type TMaterialPreviewRequest = z.input<typeof ZMaterialPreviewRequest>;

/**
 * 升级授权: the company's current licence of `material` is upgraded to licence type `spec` by
 * paying the difference (docs/decisions/0016).
 */
export const ZPlaceUpgradeRequest = z.object({
  material: zSid,
  spec: zSpec,
  source: zSource,
  agreement_version: zAgreedVersion,
});
export type TPlaceUpgradeRequest = z.input<typeof ZPlaceUpgradeRequest>;

export const ZUpgradePreviewRequest = z.object({ material: zSid, spec: zSpec, code: zCouponCode, pay_way: zPayWay });
export type TUpgradePreviewRequest = z.input<typeof ZUpgradePreviewRequest>;

/** `price` must be the VIP monthly fee (the only option, 699 yuan = 69 900 cents). */
export const ZPlaceWalletRequest = z.object({
  price: z.number({ error: ORDER_MESSAGES.price }).int({ error: ORDER_MESSAGES.price }),
  source: zSource,
  /** The version of the VIP monthly service agreement the dialog showed when it was ticked. */
  agreement_version: zAgreedVersion,
});
export type TPlaceWalletRequest = z.input<typeof ZPlaceWalletRequest>;

const zStorageKey = zOptionalText(300);

export const ZPlaceCustomRequest = z.object({
  material: zSid,
  source: zSource,
  product_key: zStorageKey,
  logo_key: zStorageKey,
  detail: ZDemandDetail.default({}),
});
export type TPlaceCustomRequest = z.input<typeof ZPlaceCustomRequest>;

export const ZCustomPreviewRequest = z.object({
  material: zSid,
  product_key: zStorageKey,
  logo_key: zStorageKey,
  detail: ZDemandDetail.default({}),
  code: zCouponCode,
  pay_way: zPayWay,
});
export type TCustomPreviewRequest = z.input<typeof ZCustomPreviewRequest>;

export const ZPayPreviewRequest = z.object({ code: zCouponCode, referer: zReferer, pay_way: zPayWay });
export type TPayPreviewRequest = z.input<typeof ZPayPreviewRequest>;

/** Every placement answers with the created order (status CREATED). */
export const ZOrderResponse = z.object({ order: ZOrder });
export type TOrderResponse = z.infer<typeof ZOrderResponse>;

export const ZOrderListQuery = ZPageQuery.extend({
  status: z.preprocess(blankAsNull, z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.status }).nullish()),
  type: z.preprocess(blankAsNull, z.enum(ORDER_TYPES, { error: ORDER_MESSAGES.type }).nullish()),
  audit_status: z.preprocess(blankAsNull, z.enum(AUDIT_STATUS_VALUES).nullish()),
  cursor: zListCursor,
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

/**
 * An order in the records list. A main account also sees its sub-accounts' orders, flagged
 * `fromSubAccount` with the sub-account's display name in `buyer`.
 */
export const ZOrderListItem = ZOrder.extend({
  fromSubAccount: z.boolean(),
  buyer: z.string().nullable(),
});
export type TOrderListItem = z.infer<typeof ZOrderListItem>;

/** `total` counts up to LIST_COUNT_CAP; `nextCursor` goes on from the last order of the page. */
export const ZOrderListResponse = ZListPageInfo.extend({ total: z.number().int(), orders: z.array(ZOrderListItem) });
export type TOrderListResponse = z.infer<typeof ZOrderListResponse>;

/** Wallet payment: `code` and `referer` may be null. */
export const ZPayRequest = z.object({ code: zCouponCode, referer: zReferer });
export type TPayRequest = z.input<typeof ZPayRequest>;

/** `coupon`: the order coupon issued by this payment (show the coupon dialog), or null. */
export const ZWalletPayResponse = z.object({ coupon: z.string().nullable(), order: ZOrder });
export type TWalletPayResponse = z.infer<typeof ZWalletPayResponse>;

/**
 * The bank-transfer drawer: the payee (configurable), the exact amount, and the per-order
 * reference to write in the transfer's remark so the operator can match the funds.
 */
export const ZOrderTransferInfo = ZTransferInfo.extend({
  reference: z.string(),
  amount: z.number().int(),
  orderNo: z.string(),
});
export type TOrderTransferInfo = z.infer<typeof ZOrderTransferInfo>;

export const ZTransferResponse = z.object({ info: ZOrderTransferInfo, order: ZOrder });
export type TTransferResponse = z.infer<typeof ZTransferResponse>;

/** The main account approves (or not) a sub-account's wallet payment of an order. */
export const ZAuditRequest = z.object({
  approved: z.boolean({ error: ORDER_MESSAGES.approved }),
  message: zOptionalText(AUDIT_MESSAGE_MAX),
});
export type TAuditRequest = z.input<typeof ZAuditRequest>;

export const ZDownloadQuery = z.object({
  /** For an order of several materials: which one. Absent → every material of the order. */
  material: z.preprocess(blankAsNull, zSid.nullish()),
});

export const ZDownloadFile = z.object({ material: z.string(), url: z.string(), expiresAt: z.string() });

/** `url`: a signed link valid for at most 5 minutes (the first file for an order). */
export const ZDownloadResponse = z.object({ url: z.string(), expiresAt: z.string(), files: z.array(ZDownloadFile) });
export type TDownloadResponse = z.infer<typeof ZDownloadResponse>;

/** A purchased material: the catalogue view plus the licence bought. */
export const ZPurchasedMaterial = ZMaterial.extend({
  spec: zLicenceType,
  downloadCount: z.number().int(),
  orderSid: z.string(),
  orderNo: z.string(),
  certNo: z.string(),
  /** GET path of the licence certificate PDF. */
  certificateUrl: z.string(),
});
export type TPurchasedMaterial = z.infer<typeof ZPurchasedMaterial>;

export const ZPurchasedQuery = ZPageQuery.extend({ cursor: zListCursor });
/** `total` counts up to LIST_COUNT_CAP; `nextCursor` goes on from the last licence of the page. */
export const ZPurchasedResponse = ZListPageInfo.extend({
  total: z.number().int(),
  materials: z.array(ZPurchasedMaterial),
});
export type TPurchasedResponse = z.infer<typeof ZPurchasedResponse>;

export const ZOrderParams = z.object({ id: zSid });
export const ZCertificateParams = z.object({ id: zSid, materialSid: zSid });
export const ZVerifyCertificateParams = z.object({ certNo: z.string().max(40) });

export const ZTransferDecisionRequest = z.object({
  note: z
    .string({ error: ORDER_MESSAGES.note })
    .trim()
    .min(1, { error: ORDER_MESSAGES.note })
    .max(500, { error: MESSAGES.tooLong(500) }),
});
export type TTransferDecisionRequest = z.input<typeof ZTransferDecisionRequest>;

/** The longest bank serial number (流水号) kept; banks print 16 to 32 characters. */
export const BANK_SERIAL_MAX_LENGTH = 64;

export const TRANSFER_MESSAGES = {
  amount: '请填写到账金额',
  arrivedOn: '请选择到账日期',
  bankSerial: '请填写银行流水号',
} as const;

/** A calendar day as YYYY-MM-DD (China time, as the bank statement prints it). */
export const zCalendarDay = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(
      (day) =>
        !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
      {
        error: message,
      },
    );

export const zBankSerial = z
  .string({ error: TRANSFER_MESSAGES.bankSerial })
  .trim()
  .min(1, { error: TRANSFER_MESSAGES.bankSerial })
  .max(BANK_SERIAL_MAX_LENGTH, { error: MESSAGES.tooLong(BANK_SERIAL_MAX_LENGTH) });

/**
 * 确认到账: what the bank statement shows arrived for the order (amount in cents, the day, the
 * bank's serial number) and the operator's note. An amount other than what the order still
 * waits for is refused with TRANSFER_AMOUNT_DIFFERS unless `acceptDifference` says the operator
 * saw it: short, the arrival is recorded and the order keeps waiting; over, the order is settled
 * and the excess becomes a payment exception to refund.
 */
export const ZConfirmTransferRequest = z.object({
  amount: z
    .number({ error: TRANSFER_MESSAGES.amount })
    .int({ error: TRANSFER_MESSAGES.amount })
    .min(1, { error: TRANSFER_MESSAGES.amount })
    .max(ORDER_MAX_TOTAL_CENTS, { error: TRANSFER_MESSAGES.amount }),
  arrivedOn: zCalendarDay(TRANSFER_MESSAGES.arrivedOn),
  bankSerial: zBankSerial,
  note: ZTransferDecisionRequest.shape.note,
  acceptDifference: z.boolean().default(false),
});
export type TConfirmTransferRequest = z.input<typeof ZConfirmTransferRequest>;

/** partial: short of the price, the order keeps waiting. settled: paid. overpaid: paid, the excess is a payment exception. */
export const TRANSFER_ARRIVAL_OUTCOMES = ['partial', 'settled', 'overpaid'] as const;
export type TransferArrivalOutcome = (typeof TRANSFER_ARRIVAL_OUTCOMES)[number];

/** One line of the bank statement recorded for an order. */
export const ZTransferArrival = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  arrivedOn: z.string(),
  bankSerial: z.string(),
  outcome: z.enum(TRANSFER_ARRIVAL_OUTCOMES),
  note: z.string(),
  operator: z.string().nullable(),
  createdAt: z.string(),
});
export type TTransferArrival = z.infer<typeof ZTransferArrival>;

/**
 * `received`: everything recorded as arrived for the order so far; `due`: what it still waits
 * for (0 once paid); `overpaid`: the excess recorded as a payment exception (0 when none).
 */
export const ZConfirmTransferResponse = z.object({
  order: ZOrder,
  arrival: ZTransferArrival,
  received: z.number().int(),
  due: z.number().int(),
  overpaid: z.number().int(),
});
export type TConfirmTransferResponse = z.infer<typeof ZConfirmTransferResponse>;

/** A China-time calendar day, YYYY-MM-DD. */
const zOrderDay = z.preprocess(
  blankAsNull,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ORDER_MESSAGES.day })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+08:00`)), { error: ORDER_MESSAGES.day })
    .nullish(),
);
/** An amount in cents, as the address carries it. */
const zOrderAmount = z.preprocess(
  blankAsNull,
  z.coerce
    .number({ error: ORDER_MESSAGES.amount })
    .int({ error: ORDER_MESSAGES.amount })
    .min(0, { error: ORDER_MESSAGES.amount })
    .max(Number.MAX_SAFE_INTEGER, { error: ORDER_MESSAGES.amount })
    .nullish(),
);

export const ZAdminOrderListQuery = ZPageQuery.extend({
  status: z.preprocess(blankAsNull, z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.status }).nullish()),
  type: z.preprocess(blankAsNull, z.enum(ORDER_TYPES, { error: ORDER_MESSAGES.type }).nullish()),
  pay_way: z.preprocess(blankAsNull, z.enum(PAY_WAYS, { error: ORDER_MESSAGES.payWay }).nullish()),
  /** Any part of the order number (its last digits), the order sid, part of the buyer's e-mail, mobile, username, or part of the company's name. */
  q: zOptionalText(100),
  /** First and last China-time day the order was placed, both included. */
  from: zOrderDay,
  to: zOrderDay,
  /** The order's price (cents), both bounds included. */
  min_amount: zOrderAmount,
  max_amount: zOrderAmount,
  cursor: zListCursor,
})
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: ORDER_MESSAGES.dayRange, path: ['to'] })
  .refine((q) => q.min_amount == null || q.max_amount == null || q.min_amount <= q.max_amount, {
    error: ORDER_MESSAGES.amountRange,
    path: ['max_amount'],
  });
export type TAdminOrderListQuery = z.input<typeof ZAdminOrderListQuery>;

/** An order as operators see it: who bought it and how it was (or is to be) paid. */
export const ZAdminOrder = ZOrder.extend({
  buyer: z.object({
    sid: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    username: z.string().nullable(),
    company: z.string().nullable(),
  }),
  ownerSid: z.string(),
  transferReference: z.string().nullable(),
  paidGateway: z.string().nullable(),
  tradeNo: z.string().nullable(),
  paidAmount: z.number().int().nullable(),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

/** `total` counts up to LIST_COUNT_CAP; `nextCursor` goes on from the last order of the page. */
export const ZAdminOrderListResponse = ZListPageInfo.extend({ total: z.number().int(), orders: z.array(ZAdminOrder) });
export type TAdminOrderListResponse = z.infer<typeof ZAdminOrderListResponse>;
export const ZAdminOrderResponse = z.object({ order: ZAdminOrder });
export type TAdminOrderResponse = z.infer<typeof ZAdminOrderResponse>;

/**
 * Orders of spec §7: placing, previews, records, cancel, approval, and paying by wallet or bank
 * transfer. Online payment (WeChat, Alipay) and its status are in api/payment.ts.
 */
export const ORDER_API = {
  placeMaterial: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/material',
    access: 'user',
    body: ZPlaceMaterialRequest,
    response: ZOrderResponse,
    summary: 'Places an order for materials, each with its licence type.',
  }),
  placeMaterialPreview: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/material/preview',
    access: 'user',
    body: ZMaterialPreviewRequest,
    response: ZPricePreview,
    summary: 'The price breakdown of buying materials, with a coupon and a pay way, without placing an order.',
  }),
  placeUpgrade: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/upgrade',
    access: 'user',
    body: ZPlaceUpgradeRequest,
    response: ZOrderResponse,
    summary:
      "Places (or hands out again) the order upgrading the company's licence of a material to a wider one, priced at the difference.",
  }),
  placeUpgradePreview: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/upgrade/preview',
    access: 'user',
    body: ZUpgradePreviewRequest,
    response: ZPricePreview,
    summary:
      'The price breakdown of a licence upgrade (the difference, with a coupon and a pay way), without placing an order.',
  }),
  placeWallet: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/wallet',
    access: 'mainAccount',
    body: ZPlaceWalletRequest,
    response: ZOrderResponse,
    summary: 'Places a VIP recharge order.',
  }),
  placeCustom: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/custom',
    access: 'user',
    body: ZPlaceCustomRequest,
    response: ZOrderResponse,
    summary: 'Places a custom-design order based on a material.',
  }),
  placeCustomPreview: defineEndpoint({
    method: 'POST',
    path: '/api/order/place/custom/preview',
    access: 'user',
    body: ZCustomPreviewRequest,
    response: ZPricePreview,
    summary: 'The price breakdown of a custom-design order, without placing it.',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/order/list',
    access: 'user',
    query: ZOrderListQuery,
    response: ZOrderListResponse,
    summary:
      "The account's orders (a main account's include its sub-accounts'), newest first; `cursor` (a page's `nextCursor`) goes on after that page without skipping or repeating an order.",
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id',
    access: 'user',
    params: ZOrderParams,
    response: ZOrderResponse,
    summary: 'One order of the account.',
  }),
  payPreview: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/pay_preview',
    access: 'user',
    params: ZOrderParams,
    body: ZPayPreviewRequest,
    response: ZPricePreview,
    summary: 'The price breakdown an open order would be charged with, for a coupon and a pay way.',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/cancel',
    access: 'user',
    params: ZOrderParams,
    response: ZOrderResponse,
    summary: 'Cancels an unpaid order (closing its open gateway trades first).',
  }),
  audit: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/audit',
    access: 'mainAccount',
    params: ZOrderParams,
    body: ZAuditRequest,
    response: ZOrderResponse,
    summary: "Approves or refuses a sub-account's wallet payment of an order.",
  }),
  payByWallet: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/wallet',
    access: 'user',
    params: ZOrderParams,
    body: ZPayRequest,
    response: ZWalletPayResponse,
    summary: "Pays an order from the wallet (a sub-account's payment first goes to its main account).",
  }),
  startTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/order/:id/transfer',
    access: 'user',
    params: ZOrderParams,
    body: ZPayRequest,
    response: ZTransferResponse,
    summary: 'Fixes the price, locks the order to bank transfer and answers the payee and reference.',
  }),
  transferInfo: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id/transfer',
    access: 'user',
    params: ZOrderParams,
    response: ZTransferResponse,
    summary: 'The payee, amount and reference of an order locked to bank transfer.',
  }),
} as const;

/** Operator: the order list (with it the bank-transfer queue), one order, and transfer decisions. */
export const ADMIN_ORDER_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders',
    access: 'operator',
    roles: ['finance', 'service'],
    query: ZAdminOrderListQuery,
    response: ZAdminOrderListResponse,
    summary: 'Every order, filtered (the bank-transfer queue is status=CREATED&pay_way=TRANSFER).',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/orders/:id',
    access: 'operator',
    roles: ['finance', 'service'],
    params: ZOrderParams,
    response: ZAdminOrderResponse,
    summary: 'One order with its buyer and how it was paid.',
  }),
  confirmTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/confirm_transfer',
    access: 'operator',
    roles: ['finance'],
    params: ZOrderParams,
    body: ZConfirmTransferRequest,
    response: ZConfirmTransferResponse,
    summary:
      'Records money found on the bank statement for a transfer order (amount, day, serial): settles it once the price has arrived, the excess becoming a payment exception (audit-logged).',
  }),
  rejectTransfer: defineEndpoint({
    method: 'POST',
    path: '/api/admin/orders/:id/reject_transfer',
    access: 'operator',
    roles: ['finance'],
    params: ZOrderParams,
    body: ZTransferDecisionRequest,
    response: ZOrderResponse,
    summary: 'No matching funds: the order leaves the transfer queue and stays unpaid (audit-logged).',
  }),
} as const;
