/** Enumerations of spec §3–4. Values are the wire values. */

/** REFUNDED: paid, then refunded by an operator (its licences end); see RefundStatus for the money. */
export const OrderStatus = {
  CREATED: 'CREATED',
  PAYED: 'PAYED',
  CANCELLED: 'CANCELLED',
  REFUNDED: 'REFUNDED',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = Object.values(OrderStatus) as [OrderStatus, ...OrderStatus[]];

export const OrderType = {
  MATERIAL: 'material',
  WALLET: 'wallet',
  CUSTOM: 'custom',
  DASHBOARD: 'dashboard',
} as const;
export type OrderType = (typeof OrderType)[keyof typeof OrderType];
export const ORDER_TYPES = Object.values(OrderType) as [OrderType, ...OrderType[]];

/**
 * How an order was paid. FREE: the price was 0 (a coupon covered it), so the order was completed
 * without taking money from anywhere — no gateway, no transfer, no wallet.
 */
export const PayWay = {
  WECHAT: 'WECHAT',
  ALIPAY: 'ALIPAY',
  TRANSFER: 'TRANSFER',
  WALLET: 'WALLET',
  FREE: 'FREE',
} as const;
export type PayWay = (typeof PayWay)[keyof typeof PayWay];
export const PAY_WAYS = Object.values(PayWay) as [PayWay, ...PayWay[]];

/** The pay ways collected online by a gateway (the pay drawer's two tabs). */
export const ONLINE_PAY_WAYS = [PayWay.WECHAT, PayWay.ALIPAY] as const satisfies readonly PayWay[];
export type OnlinePayWay = (typeof ONLINE_PAY_WAYS)[number];

export function isOnlinePayWay(value: string | null | undefined): value is OnlinePayWay {
  return (ONLINE_PAY_WAYS as readonly string[]).includes(value ?? '');
}

/**
 * The buyer's choice in the pay drawer (spec §4), made once: online (WeChat or Alipay, a tab
 * each), the wallet (where a free completion is made too: no money moves either way) or a bank
 * transfer.
 */
export const PayMethod = { ONLINE: 'online', WALLET: 'wallet', TRANSFER: 'transfer' } as const;
export type PayMethod = (typeof PayMethod)[keyof typeof PayMethod];

/** The pay method a pay way belongs to; null for a value that is no pay way. */
export function payMethodOf(payWay: PayWay | string | null | undefined): PayMethod | null {
  if (isOnlinePayWay(payWay)) return PayMethod.ONLINE;
  if (payWay === PayWay.WALLET || payWay === PayWay.FREE) return PayMethod.WALLET;
  if (payWay === PayWay.TRANSFER) return PayMethod.TRANSFER;
  return null;
}

/** Spec §4: "the choice cannot be changed". True when `next` keeps the pay method `chosen` made. */
export function isSamePayMethod(chosen: PayWay | string, next: PayWay | string): boolean {
  return payMethodOf(chosen) === payMethodOf(next);
}

/** The adapter that collects an online payment (payment_attempts.gateway); the sandbox stands in for either. */
export type GatewayName = Lowercase<OnlinePayWay> | 'sandbox';

/**
 * What settled an order's money (orders.paid_gateway): its gateway, the bank transfer an
 * operator confirmed, the wallet, or nothing (a free completion).
 */
export type PaidGateway = GatewayName | 'transfer' | 'wallet' | 'free';

/** One online payment attempt at a gateway (payment_attempts.status). */
export const PaymentAttemptStatus = { OPEN: 'OPEN', PAID: 'PAID', CLOSED: 'CLOSED', FAILED: 'FAILED' } as const;
export type PaymentAttemptStatus = (typeof PaymentAttemptStatus)[keyof typeof PaymentAttemptStatus];

/**
 * A refund's money: PROCESSING (asked of the gateway, its answer awaited), SUCCEEDED (back with
 * the payer: the gateway said so, the wallet was credited, or the bank payout was recorded) or
 * FAILED (the gateway refused or closed it; the operator retries or pays out by bank).
 */
export const RefundStatus = { PROCESSING: 'PROCESSING', SUCCEEDED: 'SUCCEEDED', FAILED: 'FAILED' } as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];
export const REFUND_STATUSES = Object.values(RefundStatus) as [RefundStatus, ...RefundStatus[]];

/** Where a refund's money goes back through: the gateway that took it, the wallet, or a bank payout. */
export const RefundChannel = {
  WECHAT: 'wechat',
  ALIPAY: 'alipay',
  SANDBOX: 'sandbox',
  WALLET: 'wallet',
  TRANSFER: 'transfer',
} as const;
export type RefundChannel = (typeof RefundChannel)[keyof typeof RefundChannel];
export const REFUND_CHANNELS = Object.values(RefundChannel) as [RefundChannel, ...RefundChannel[]];

/** A payment exception (支付异常): 待处理, 已退款 (its money was refunded) or 已处理 (resolved otherwise, with a note). */
export const PaymentExceptionStatus = { PENDING: 'PENDING', REFUNDED: 'REFUNDED', HANDLED: 'HANDLED' } as const;
export type PaymentExceptionStatus = (typeof PaymentExceptionStatus)[keyof typeof PaymentExceptionStatus];
export const PAYMENT_EXCEPTION_STATUSES = Object.values(PaymentExceptionStatus) as [
  PaymentExceptionStatus,
  ...PaymentExceptionStatus[],
];

export const PaymentPollStatus = { WAITING: 'WAITING', SUCCESS: 'SUCCESS', FAIL: 'FAIL' } as const;
export type PaymentPollStatus = (typeof PaymentPollStatus)[keyof typeof PaymentPollStatus];

/**
 * A VAT invoice request: waiting for the operator, issued (PDF attached) or rejected (reason); an
 * issued one may later be voided (作废) or reversed by a red-letter invoice (红冲), decision 0025.
 */
export const InvoiceStatus = {
  REQUESTED: 'REQUESTED',
  ISSUED: 'ISSUED',
  REJECTED: 'REJECTED',
  VOIDED: 'VOIDED',
  REVERSED: 'REVERSED',
} as const;
export type InvoiceStatus = (typeof InvoiceStatus)[keyof typeof InvoiceStatus];

/** 增值税普通发票 or 增值税专用发票 (the special one also needs the bank and registration details). */
export const InvoiceType = { ORDINARY: 'ORDINARY', SPECIAL: 'SPECIAL' } as const;
export type InvoiceType = (typeof InvoiceType)[keyof typeof InvoiceType];
export const INVOICE_TYPES = Object.values(InvoiceType) as [InvoiceType, ...InvoiceType[]];

/**
 * Where a custom design request stands (DemandStateMachine in demand-state.ts lists the moves).
 * Quoted tiers start at QUOTE_REQUESTED; the advanced tier starts at CREATED (placed, unpaid).
 */
export const DemandStatus = {
  QUOTE_REQUESTED: 'QUOTE_REQUESTED',
  QUOTED: 'QUOTED',
  CREATED: 'CREATED',
  SUBMITTED: 'SUBMITTED',
  DESIGNING: 'DESIGNING',
  DRAFT_REVIEW: 'DRAFT_REVIEW',
  REVISING: 'REVISING',
  /** The draft is settled (accepted, or the last revision is up): the designer makes the final files. */
  FINAL_PRODUCTION: 'FINAL_PRODUCTION',
  DELIVERED: 'DELIVERED',
  CANCELLED: 'CANCELLED',
} as const;
export type DemandStatus = (typeof DemandStatus)[keyof typeof DemandStatus];

/** The three customization tiers of the global dialog (spec §1). */
export const DemandTier = { ADVANCED: 'advanced', SUPER: 'super', AI_VIDEO: 'ai_video' } as const;
export type DemandTier = (typeof DemandTier)[keyof typeof DemandTier];
export const DEMAND_TIERS = Object.values(DemandTier) as [DemandTier, ...DemandTier[]];
/** The tiers an operator prices one to one (a `dashboard` order follows the quote). */
export const QUOTED_TIERS = [DemandTier.SUPER, DemandTier.AI_VIDEO] as const;

/** A file a designer hands over: a draft for feedback, or the final delivery. */
export const DesignFileKind = { DRAFT: 'draft', FINAL: 'final' } as const;
export type DesignFileKind = (typeof DesignFileKind)[keyof typeof DesignFileKind];
export const DESIGN_FILE_KINDS = Object.values(DesignFileKind) as [DesignFileKind, ...DesignFileKind[]];

/** Approval of a sub-account's order by its main account. */
export const AuditStatus = { NONE: 'NONE', PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type AuditStatus = (typeof AuditStatus)[keyof typeof AuditStatus];

export const MaterialFormat = { IMAGE: 'image', VIDEO: 'video' } as const;
export type MaterialFormat = (typeof MaterialFormat)[keyof typeof MaterialFormat];
export const MATERIAL_FORMATS = Object.values(MaterialFormat) as [MaterialFormat, ...MaterialFormat[]];

/** Licence types of spec §3; the number is the wire value. */
export const LicenceType = { EXTENDED: 1, STANDARD: 2, NEW_MEDIA: 3, PREMIUM_CUSTOM: 4 } as const;
export type LicenceType = (typeof LicenceType)[keyof typeof LicenceType];
export const LICENCE_TYPES = [1, 2, 3, 4] as const satisfies readonly LicenceType[];

export const Orientation = { PORTRAIT: 'PORTRAIT', LANDSCAPE: 'LANDSCAPE', SQUARE: 'SQUARE' } as const;
export type Orientation = (typeof Orientation)[keyof typeof Orientation];
export const ORIENTATIONS = Object.values(Orientation) as [Orientation, ...Orientation[]];

export const Period = { WEEK: 'WEEK', MONTH: 'MONTH', QUARTER: 'QUARTER', HALF: 'HALF', YEAR: 'YEAR' } as const;
export type Period = (typeof Period)[keyof typeof Period];
export const PERIODS = Object.values(Period) as [Period, ...Period[]];

export const SortOption = { RANDOM: 'random', NEWEST: '-created', MOST_LIKED: '-likes' } as const;
export type SortOption = (typeof SortOption)[keyof typeof SortOption];
export const SORT_OPTIONS = Object.values(SortOption) as [SortOption, ...SortOption[]];

/** Account level: 0 main account, 1 sub-account. */
export const AccountLevel = { MAIN: 0, SUB: 1 } as const;
export type AccountLevel = (typeof AccountLevel)[keyof typeof AccountLevel];

export const CouponType = { FIXED: 1, PERCENT: 2 } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

/** What a verification code is for; a code only works for the purpose it was sent for. */
export const CodePurpose = {
  REGISTER: 'register',
  RESET_PASSWORD: 'reset_password',
  BIND: 'bind',
} as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];
export const CODE_PURPOSES = Object.values(CodePurpose) as [CodePurpose, ...CodePurpose[]];

export const MessageChannel = { EMAIL: 'email', SMS: 'sms' } as const;
export type MessageChannel = (typeof MessageChannel)[keyof typeof MessageChannel];

export const AUDIT_STATUS_VALUES = Object.values(AuditStatus) as [AuditStatus, ...AuditStatus[]];
export const DEMAND_STATUS_VALUES = Object.values(DemandStatus) as [DemandStatus, ...DemandStatus[]];
export const INVOICE_STATUS_VALUES = Object.values(InvoiceStatus) as [InvoiceStatus, ...InvoiceStatus[]];
