import { z } from '../zod-locale.js';
import { MAX_LENGTH } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import { CouponType, ORDER_TYPES, OrderType } from '../enums.js';
import { MESSAGES } from '../validation.js';
import { MAX_PRICE_CENTS, ZAdminPageQuery } from './admin-material.js';
import { COUPON_CODE_MAX_LENGTH } from './order.js';

/** All-or-nothing in one transaction: large enough for a campaign, small enough for one request. */
export const COUPON_BATCH_MAX = 500;
export const COUPON_CODE_MIN_LENGTH = 4;
export const COUPON_PREFIX_MAX_LENGTH = 12;
/** Random characters after the prefix of a generated code. */
export const COUPON_GENERATED_LENGTH = 10;
export const COUPON_NAME_MAX_LENGTH = MAX_LENGTH.name;
export const COUPON_NOTE_MAX_LENGTH = 200;
export const COUPON_LIMIT_MAX = 1_000_000;
export const COUPON_PERCENT_MIN = 1;
export const COUPON_PERCENT_MAX = 99;
/** The detail lists this many of the newest redemptions; `redeemedCount` says how many there are. */
export const COUPON_REDEMPTIONS_SHOWN = 500;

/** Stored upper-case; buyers may type any case (the server normalises). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const COUPON_PREFIX_PATTERN = /^[A-Z0-9]+$/;

/** Order types a coupon may cover; a recharge never takes one (spec §5), so it is not offered. */
export const COUPON_SCOPES = [OrderType.MATERIAL, OrderType.CUSTOM, OrderType.DASHBOARD] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/**
 * One state per coupon at a moment, checked in this order: a used-up coupon stays 已用完 after
 * its end, since that is the more useful fact for a campaign.
 */
export const CouponStatus = {
  ACTIVE: 'active',
  NOT_STARTED: 'not_started',
  EXPIRED: 'expired',
  USED_UP: 'used_up',
} as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];
export const COUPON_STATUSES = Object.values(CouponStatus) as [CouponStatus, ...CouponStatus[]];

/** Coupons issued to one account (order rewards, survey) or public codes anyone may type. */
export const CouponKind = { PUBLIC: 'public', ISSUED: 'issued' } as const;
export type CouponKind = (typeof CouponKind)[keyof typeof CouponKind];
export const COUPON_KINDS = Object.values(CouponKind) as [CouponKind, ...CouponKind[]];

export const COUPON_MESSAGES = {
  name: '请填写优惠券名称',
  type: '优惠券类型不正确',
  amount: '请填写正确的优惠金额或折扣比例',
  fixedAmount: `优惠金额必须是 0.01 到 ${MAX_PRICE_CENTS / 100} 元之间、精确到分的金额`,
  percent: `折扣比例必须是 ${COUPON_PERCENT_MIN} 到 ${COUPON_PERCENT_MAX} 之间的整数（减免的百分比）`,
  scope: '适用订单类型不正确（充值订单不能使用优惠券）',
  limit: `使用次数上限必须是 0 到 ${COUPON_LIMIT_MAX} 之间的整数（0 表示不限）`,
  startTime: '请选择正确的开始时间',
  endTime: '请选择正确的结束时间',
  range: '结束时间必须晚于开始时间',
  endPast: '结束时间必须晚于当前时间',
  code: `优惠码只能包含字母、数字、下划线和短横线，长度 ${COUPON_CODE_MIN_LENGTH} 到 ${COUPON_CODE_MAX_LENGTH} 位`,
  prefix: `优惠码前缀只能包含字母和数字，最多 ${COUPON_PREFIX_MAX_LENGTH} 位`,
  count: `生成数量必须是 1 到 ${COUPON_BATCH_MAX} 之间的整数`,
  codeWithBatch: '批量生成时不能指定优惠码，请改填前缀',
  status: '优惠券状态不正确',
  kind: '优惠券类别不正确',
  search: `搜索内容不能超过 ${MAX_LENGTH.keyword} 个字符`,
  sid: '优惠券编号不正确',
  end: '结束操作的取值必须是 true',
  emptyPatch: '没有需要修改的内容',
} as const;

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const zName = z
  .string({ error: COUPON_MESSAGES.name })
  .trim()
  .min(1, { error: COUPON_MESSAGES.name })
  .max(COUPON_NAME_MAX_LENGTH, { error: MESSAGES.tooLong(COUPON_NAME_MAX_LENGTH) });

const zNote = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .max(COUPON_NOTE_MAX_LENGTH, { error: MESSAGES.tooLong(COUPON_NOTE_MAX_LENGTH) })
    .nullish()
    .transform((v) => v ?? null),
);

const zTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** A code an operator chose: trimmed and upper-cased, so it matches however a buyer types it. */
export const zAdminCouponCode = z.preprocess(
  upper,
  z
    .string({ error: COUPON_MESSAGES.code })
    .min(COUPON_CODE_MIN_LENGTH, { error: COUPON_MESSAGES.code })
    .max(COUPON_CODE_MAX_LENGTH, { error: COUPON_MESSAGES.code })
    .regex(COUPON_CODE_PATTERN, { error: COUPON_MESSAGES.code }),
);

/** Why an amount is wrong for its type, or null. Shared by the form and the request schema. */
export function couponAmountProblem(type: number, amount: number): string | null {
  if (type === CouponType.FIXED) {
    return Number.isSafeInteger(amount) && amount >= 1 && amount <= MAX_PRICE_CENTS
      ? null
      : COUPON_MESSAGES.fixedAmount;
  }
  return Number.isInteger(amount) && amount >= COUPON_PERCENT_MIN && amount <= COUPON_PERCENT_MAX
    ? null
    : COUPON_MESSAGES.percent;
}

/**
 * POST /api/admin/coupons. Without `count` (or with 1) one coupon is made, with `code` when
 * given, otherwise a generated one (`prefix` + random characters). With `count` > 1 that many
 * coupons with generated unique codes and the same terms are made, all or none.
 * `scope` empty = every order type a coupon can cover; `limit` 0 = unlimited total uses (each
 * account may use a coupon once whatever the limit).
 */
export const ZAdminCouponCreateRequest = z
  .strictObject({
    name: zName,
    note: zNote,
    type: z.literal([CouponType.FIXED, CouponType.PERCENT], { error: COUPON_MESSAGES.type }),
    amount: z.number({ error: COUPON_MESSAGES.amount }),
    scope: z
      .array(z.enum(COUPON_SCOPES, { error: COUPON_MESSAGES.scope }), { error: COUPON_MESSAGES.scope })
      .default([])
      .transform((list) => list.filter((s, i) => list.indexOf(s) === i)),
    limit: z
      .number({ error: COUPON_MESSAGES.limit })
      .int({ error: COUPON_MESSAGES.limit })
      .min(0, { error: COUPON_MESSAGES.limit })
      .max(COUPON_LIMIT_MAX, { error: COUPON_MESSAGES.limit })
      .default(0),
    startTime: zTime(COUPON_MESSAGES.startTime),
    endTime: zTime(COUPON_MESSAGES.endTime),
    code: z.preprocess(blankAsUndefined, zAdminCouponCode.optional()),
    prefix: z.preprocess(
      (v) => upper(blankAsUndefined(v)),
      z
        .string({ error: COUPON_MESSAGES.prefix })
        .max(COUPON_PREFIX_MAX_LENGTH, { error: COUPON_MESSAGES.prefix })
        .regex(COUPON_PREFIX_PATTERN, { error: COUPON_MESSAGES.prefix })
        .optional(),
    ),
    count: z
      .number({ error: COUPON_MESSAGES.count })
      .int({ error: COUPON_MESSAGES.count })
      .min(1, { error: COUPON_MESSAGES.count })
      .max(COUPON_BATCH_MAX, { error: COUPON_MESSAGES.count })
      .default(1),
  })
  .superRefine((value, ctx) => {
    const amountProblem = couponAmountProblem(value.type, value.amount);
    if (amountProblem) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountProblem });
    if (Date.parse(value.endTime) <= Date.parse(value.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: COUPON_MESSAGES.range });
    }
    if (value.code !== undefined && value.count > 1) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: COUPON_MESSAGES.codeWithBatch });
    }
  });
export type TAdminCouponCreateRequest = z.input<typeof ZAdminCouponCreateRequest>;

/** PATCH /api/admin/coupons/:sid: rename, re-note, or end it now (`end: true`). Terms never change. */
export const ZAdminCouponPatch = z
  .strictObject({
    name: zName.optional(),
    note: zNote.optional(),
    end: z.literal(true, { error: COUPON_MESSAGES.end }).optional(),
  })
  .refine((p) => p.name !== undefined || p.note !== undefined || p.end !== undefined, {
    error: COUPON_MESSAGES.emptyPatch,
  });
export type TAdminCouponPatch = z.input<typeof ZAdminCouponPatch>;

export const ZAdminCouponListQuery = ZAdminPageQuery.extend({
  /** Part of a code or a name. */
  q: z.preprocess(
    blankAsUndefined,
    z.string().trim().max(MAX_LENGTH.keyword, { error: COUPON_MESSAGES.search }).optional(),
  ),
  status: z.preprocess(blankAsUndefined, z.enum(COUPON_STATUSES, { error: COUPON_MESSAGES.status }).optional()),
  kind: z.preprocess(blankAsUndefined, z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }).optional()),
});
export type TAdminCouponListQuery = z.input<typeof ZAdminCouponListQuery>;

export const ZAdminCouponParams = z.object({
  sid: z.string().min(1, { error: COUPON_MESSAGES.sid }).max(64, { error: COUPON_MESSAGES.sid }),
});

/** An account as the console names it (coupon owner, redeemer). */
export const ZAdminCouponAccount = z.object({
  sid: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  company: z.string().nullable(),
});
export type TAdminCouponAccount = z.infer<typeof ZAdminCouponAccount>;

export const ZAdminCoupon = z.object({
  sid: z.string(),
  code: z.string(),
  name: z.string().nullable(),
  note: z.string().nullable(),
  type: z.number().int(),
  /** Cents off for type 1, percent off otherwise. */
  amount: z.number().int(),
  /** Empty = all order types. */
  scope: z.array(z.enum(ORDER_TYPES)),
  /** 0 = unlimited. */
  limit: z.number().int(),
  redeemedCount: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  status: z.enum(COUPON_STATUSES),
  /** The account an issued coupon belongs to; null for a public code. */
  owner: ZAdminCouponAccount.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminCoupon = z.infer<typeof ZAdminCoupon>;

export const ZAdminCouponListResponse = z.object({
  total: z.number().int(),
  /** More than ADMIN_COUNT_CAP matches: `total` is the cap. */
  totalCapped: z.boolean(),
  coupons: z.array(ZAdminCoupon),
});
export type TAdminCouponListResponse = z.infer<typeof ZAdminCouponListResponse>;

/** The coupons just made (one, or the whole batch in code order). */
export const ZAdminCouponCreateResponse = z.object({ coupons: z.array(ZAdminCoupon) });
export type TAdminCouponCreateResponse = z.infer<typeof ZAdminCouponCreateResponse>;

export const ZAdminCouponRedemption = z.object({
  account: ZAdminCouponAccount,
  orderSid: z.string(),
  /** Null only if the order row is gone. */
  orderNo: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminCouponRedemption = z.infer<typeof ZAdminCouponRedemption>;

export const ZAdminCouponResponse = z.object({ coupon: ZAdminCoupon });
export type TAdminCouponResponse = z.infer<typeof ZAdminCouponResponse>;

/** Newest first, at most COUPON_REDEMPTIONS_SHOWN. */
export const ZAdminCouponDetailResponse = z.object({
  coupon: ZAdminCoupon,
  redemptions: z.array(ZAdminCouponRedemption),
});
export type TAdminCouponDetailResponse = z.infer<typeof ZAdminCouponDetailResponse>;

/* ------------------------------------------------------------------ grants */

/** Accounts one grant may name (mobiles and sids together). */
export const COUPON_GRANT_MAX_ACCOUNTS = 500;
export const COUPON_GRANT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const COUPON_GRANT_MESSAGES = {
  grantKey: '发放编号不正确，请刷新页面后重试',
  accounts: '请填写要发放的用户手机号',
  tooMany: `每次最多发放给 ${COUPON_GRANT_MAX_ACCOUNTS} 个用户，请分批发放`,
  entry: '手机号或账号编号格式不正确',
} as const;

const zGrantEntry = z
  .string({ error: COUPON_GRANT_MESSAGES.entry })
  .trim()
  .min(1, { error: COUPON_GRANT_MESSAGES.entry })
  .max(64, { error: COUPON_GRANT_MESSAGES.entry });

/**
 * POST /api/admin/coupons/:sid/grant. Issues each named account a coupon of its own with the
 * terms of coupon `:sid` (one use, a generated code) and shows it once at the account's next
 * user-info load. `grantKey` is made once per grant by the console: a retried request with the
 * same key issues nothing twice. A mobile not in the format, or of no account, is reported, not
 * refused.
 */
export const ZAdminCouponGrantRequest = z
  .strictObject({
    grantKey: z
      .string({ error: COUPON_GRANT_MESSAGES.grantKey })
      .regex(COUPON_GRANT_KEY_PATTERN, { error: COUPON_GRANT_MESSAGES.grantKey }),
    mobiles: z.array(zGrantEntry, { error: COUPON_GRANT_MESSAGES.accounts }).default([]),
    sids: z.array(zGrantEntry, { error: COUPON_GRANT_MESSAGES.accounts }).default([]),
  })
  .superRefine((value, ctx) => {
    const total = value.mobiles.length + value.sids.length;
    if (total === 0) ctx.addIssue({ code: 'custom', path: ['mobiles'], message: COUPON_GRANT_MESSAGES.accounts });
    if (total > COUPON_GRANT_MAX_ACCOUNTS) {
      ctx.addIssue({ code: 'custom', path: ['mobiles'], message: COUPON_GRANT_MESSAGES.tooMany });
    }
  });
export type TAdminCouponGrantRequest = z.input<typeof ZAdminCouponGrantRequest>;

/** One account of a grant and the coupon it holds from it. */
export const ZAdminCouponGrantLine = z.object({
  account: ZAdminCouponAccount,
  couponSid: z.string(),
  code: z.string(),
});
export type TAdminCouponGrantLine = z.infer<typeof ZAdminCouponGrantLine>;

export const ZAdminCouponGrantResponse = z.object({
  /** Coupons issued by this request. */
  issued: z.array(ZAdminCouponGrantLine),
  /** Accounts that already hold a coupon of this grant (a retried request): nothing new. */
  alreadyIssued: z.array(ZAdminCouponGrantLine),
  /** Mobiles given that match no account (or are not mobiles at all). */
  unknownMobiles: z.array(z.string()),
  /** Account sids given that match no account. */
  unknownSids: z.array(z.string()),
});
export type TAdminCouponGrantResponse = z.infer<typeof ZAdminCouponGrantResponse>;

/**
 * Operator console: coupons (list, create one or a batch, detail with redemptions, end early).
 * Every call needs an operator token. A fixed-amount coupon's `amount` is integer cents; a
 * percentage coupon's `amount` is the percent taken off (20 → the buyer pays 80%, shown 8 折).
 */
export const ADMIN_COUPON_API = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/coupons',
    access: 'operator',
    roles: ['finance', 'service'],
    query: ZAdminCouponListQuery,
    response: ZAdminCouponListResponse,
    summary: 'Coupons, filtered by code or name, status and kind.',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/coupons',
    access: 'operator',
    roles: ['finance'],
    body: ZAdminCouponCreateRequest,
    response: ZAdminCouponCreateResponse,
    summary: 'Creates one coupon, or a batch with generated codes (all or none).',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/coupons/:sid',
    access: 'operator',
    roles: ['finance', 'service'],
    params: ZAdminCouponParams,
    response: ZAdminCouponDetailResponse,
    summary: 'A coupon with its newest redemptions.',
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/admin/coupons/:sid',
    access: 'operator',
    roles: ['finance'],
    params: ZAdminCouponParams,
    body: ZAdminCouponPatch,
    response: ZAdminCouponResponse,
    summary: 'Renames, re-notes or ends a coupon now; its terms never change.',
  }),
  grant: defineEndpoint({
    method: 'POST',
    path: '/api/admin/coupons/:sid/grant',
    access: 'operator',
    roles: ['finance'],
    params: ZAdminCouponParams,
    body: ZAdminCouponGrantRequest,
    response: ZAdminCouponGrantResponse,
    summary:
      'Issues chosen accounts a copy of the coupon, once per (grant, account); shown at their next user-info load.',
  }),
} as const;

/* ---- the order-reward coupon (spec §2's order coupon dialog) ---------------------------------- */

/** The longest an order-reward coupon may stay valid. */
export const ORDER_REWARD_DAYS_MAX = 3650;

export const ORDER_REWARD_MESSAGES = {
  enabled: '请选择是否发放下单奖励优惠券',
  type: '请选择优惠券类型（满减金额或折扣）',
  validDays: `有效天数必须是 1 到 ${ORDER_REWARD_DAYS_MAX} 之间的整数`,
} as const;

/**
 * The coupon a buyer receives when an order is paid (shown in the order coupon dialog): whether
 * it is given, its type (1 = cents off, 2 = percent off), its amount (cents or percent) and how
 * many days it stays valid. Reward coupons are for the buyer's next material, custom or dashboard
 * order. The amount is checked whether on or off, so switching on later never meets a bad one.
 */
export const ZOrderRewardSetting = z
  .strictObject({
    enabled: z.boolean({ error: ORDER_REWARD_MESSAGES.enabled }),
    type: z.union([z.literal(CouponType.FIXED), z.literal(CouponType.PERCENT)], {
      error: ORDER_REWARD_MESSAGES.type,
    }),
    amount: z.number({ error: COUPON_MESSAGES.amount }),
    validDays: z
      .number({ error: ORDER_REWARD_MESSAGES.validDays })
      .int({ error: ORDER_REWARD_MESSAGES.validDays })
      .min(1, { error: ORDER_REWARD_MESSAGES.validDays })
      .max(ORDER_REWARD_DAYS_MAX, { error: ORDER_REWARD_MESSAGES.validDays }),
  })
  .superRefine((value, ctx) => {
    const amountProblem = couponAmountProblem(value.type, value.amount);
    if (amountProblem) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountProblem });
  });
export type TOrderRewardSetting = z.infer<typeof ZOrderRewardSetting>;

/**
 * The setting in force. `source`: `console` once an operator saved one; `environment` while
 * the ORDER_REWARD_COUPON_* variables (or their defaults: off) still decide.
 */
export const ZOrderRewardSettingResponse = z.object({
  setting: z.object({
    enabled: z.boolean(),
    type: z.number().int(),
    amount: z.number().int(),
    validDays: z.number().int(),
  }),
  source: z.enum(['console', 'environment']),
  updatedAt: z.string().nullable(),
});
export type TOrderRewardSettingResponse = z.infer<typeof ZOrderRewardSettingResponse>;

/** The order-reward coupon in the console, kept in the site settings (like 客服设置). */
export const ORDER_REWARD_API = {
  setting: defineEndpoint({
    method: 'GET',
    path: '/api/admin/settings/order-reward',
    access: 'operator',
    roles: ['finance'],
    response: ZOrderRewardSettingResponse,
    summary: 'Whether a paid order gives its buyer a coupon, and which one.',
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/settings/order-reward',
    access: 'operator',
    roles: ['finance'],
    body: ZOrderRewardSetting,
    response: ZOrderRewardSettingResponse,
    summary: 'Switches the order-reward coupon on or off and sizes it (audited); applies to orders paid from now on.',
  }),
} as const;
