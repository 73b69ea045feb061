import { z } from './zod-locale.js';
import { DEMAND_DETAIL_MAX } from './constants.js';
import { FACETS, facetValues } from './facets.js';
import {
  AUDIT_STATUS_VALUES,
  DEMAND_STATUS_VALUES,
  DEMAND_TIERS,
  DESIGN_FILE_KINDS,
  INVOICE_STATUS_VALUES,
  INVOICE_TYPES,
  LICENCE_TYPES,
  MATERIAL_FORMATS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PAY_WAYS,
  REFUND_CHANNELS,
  REFUND_STATUSES,
} from './enums.js';

/** Wire shapes of spec §3. Money fields are integer cents; times are ISO-8601 strings. */

const zIso = z.string();
const zCents = z.number().int();
export const zLicenceType = z.literal(LICENCE_TYPES);

export const ZCompanyInfo = z.object({
  company: z.string().nullable(),
  address: z.string().nullable(),
  license: z.string().nullable(),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const ZUser = z.object({
  sid: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  company: z.string().nullable(),
  license: z.string().nullable(),
  address: z.string().nullable(),
  downloadCount: z.number().int(),
  walletBalance: zCents,
  isVip: z.boolean(),
  vipValidBefore: zIso.nullable(),
  orderBadge: z.number().int(),
  lastLoginAt: zIso.nullable(),
  enabled: z.boolean(),
  subEnabled: z.boolean(),
  level: z.union([z.literal(0), z.literal(1)]),
  parent: ZCompanyInfo.nullable(),
  pendingCoupon: z.string().nullable(),
  createdAt: zIso,
});
export type TUser = z.infer<typeof ZUser>;

export const ZSubUser = z.object({
  sid: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: zIso,
  lastLoginAt: zIso.nullable(),
  orderWaiting: z.number().int(),
  vipValid: z.boolean(),
  /** Monthly budget in cents set by the main account; null = no limit. */
  monthlyBudget: zCents.nullable(),
  /** Approved spending of the current China-time calendar month, in cents (docs/decisions/0017). */
  monthSpent: zCents,
});
export type TSubUser = z.infer<typeof ZSubUser>;

export const ZCoupon = z.object({
  sid: z.string(),
  code: z.string(),
  amount: z.number(),
  type: z.number().int(),
  startTime: zIso.nullable(),
  endTime: zIso.nullable(),
  scope: z.array(z.enum(ORDER_TYPES)),
  limit: z.number().int(),
  notify: z.boolean(),
  createdAt: zIso,
  updatedAt: zIso,
});
export type TCoupon = z.infer<typeof ZCoupon>;

export const ZWalletOrder = z.object({
  sid: z.string(),
  createdAt: zIso,
  total: zCents,
  balance: zCents,
  validBefore: zIso,
  isValid: z.boolean(),
});
export type TWalletOrder = z.infer<typeof ZWalletOrder>;

export const ZMaterialExtra = z.object({
  duration: z.number().nullable(),
  aspect_ratio: z.string().nullable(),
  resolution: z.string().nullable(),
});

const zPriceMap = z.record(z.string(), zCents);

/** A material's jewellery facets (facets.ts): one code each, null when not set. */
export const ZMaterialFacets = z.object({
  metal: z.enum(facetValues('metal')).nullable(),
  gem: z.enum(facetValues('gem')).nullable(),
  piece: z.enum(facetValues('piece')).nullable(),
  scene: z.enum(facetValues('scene')).nullable(),
});
export type TMaterialFacets = z.infer<typeof ZMaterialFacets>;
/** Every facet unset. */
export const NO_FACETS: TMaterialFacets = Object.fromEntries(FACETS.map((f) => [f, null])) as TMaterialFacets;

export const ZMaterial = z.object({
  sid: z.string(),
  format: z.enum(MATERIAL_FORMATS),
  keywords: z.array(z.string()),
  coverUrl: z.string().nullable(),
  /** Grid thumbnail, 480 px on the long side (WebP). */
  thumbUrl: z.string().nullable(),
  /**
   * Smaller grid thumbnail, 240 px on the long side (WebP), for 1× screens and narrow tiles;
   * null (or absent) for materials rendered before it existed.
   */
  thumbSmallUrl: z.string().nullable().optional(),
  /** Dominant colour of the picture, `#rrggbb`: the tile's background while the thumbnail loads. */
  placeholderColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .nullable()
    .optional(),
  /** Licence types the material qualifies for; the first is the selected one (also called spec). */
  authType: z.array(zLicenceType),
  watermarkUrl: z.string().nullable(),
  previewUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  disabled: z.boolean(),
  /** When the signed-in buyer's company last bought a licence of it (main and sub-accounts share); else null. */
  buyTime: zIso.nullable(),
  /**
   * Licence types the signed-in buyer's company owns for it, widest first (spec §3 ladder).
   * Present for a signed-in buyer (empty when none); absent in what visitors get.
   */
  ownedSpecs: z.array(zLicenceType).optional(),
  /** A single price in cents, or a map by licence type. */
  price: z.union([zCents, zPriceMap]),
  specialPrice: zPriceMap,
  customPrice: zCents.nullable(),
  free: z.boolean(),
  remark: z.string().nullable(),
  extra: ZMaterialExtra.nullable(),
  /** Metal, gem, piece and scene; absent only from answers made before facets existed. */
  facets: ZMaterialFacets.optional(),
  createdAt: zIso,
  /** The free-download window (spec's freeDateRange), present when the material has one. */
  freeFrom: zIso.optional(),
  freeUntil: zIso.optional(),
});
export type TMaterial = z.infer<typeof ZMaterial>;

export const ZOrderMaterial = z.object({
  sid: z.string(),
  spec: zLicenceType,
  unitPrice: zCents,
  thumbUrl: z.string().nullable(),
  keywords: z.array(z.string()),
});

/**
 * A VAT invoice of one or more paid orders (spec §3: sid, type, title, number, key, status,
 * times). `number` is the taxpayer number printed on it; `key` is set once the PDF is issued
 * (download it through GET /api/order/{id}/invoice); `dueAt` is the promised issue date, 10
 * working days after the request (China time, public holidays counted).
 */
export const ZInvoice = z.object({
  sid: z.string(),
  type: z.enum(INVOICE_TYPES),
  title: z.string(),
  number: z.string(),
  key: z.string().nullable(),
  status: z.enum(INVOICE_STATUS_VALUES),
  amount: zCents,
  /** Order numbers the invoice covers. */
  orderNos: z.array(z.string()),
  /** A 专票's registration and bank details as requested (null on a 普票): a new request starts from them. */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.string().nullable(),
  account: z.string().nullable(),
  rejectReason: z.string().nullable(),
  dueAt: zIso,
  issuedAt: zIso.nullable(),
  /** Why and when an issued invoice was voided or reversed (status VOIDED / REVERSED). */
  voidReason: z.string().nullable(),
  voidedAt: zIso.nullable(),
  /** The voided or reversed invoice this request re-issues (decision 0025), else null. */
  replaces: z
    .object({
      sid: z.string(),
      status: z.enum(INVOICE_STATUS_VALUES),
      voidReason: z.string().nullable(),
      voidedAt: zIso.nullable(),
    })
    .nullable(),
  createdAt: zIso,
  updatedAt: zIso,
});
export type TInvoice = z.infer<typeof ZInvoice>;

const zDetailText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `内容不能超过 ${max} 个字` })
    .optional();

/** The advanced customization form (spec §3 Demand detail). */
export const ZDemandDetail = z.object({
  direction: zDetailText(DEMAND_DETAIL_MAX.direction),
  style: zDetailText(DEMAND_DETAIL_MAX.style),
  gender: zDetailText(DEMAND_DETAIL_MAX.gender),
  title: zDetailText(DEMAND_DETAIL_MAX.title),
  subTitle: zDetailText(DEMAND_DETAIL_MAX.subTitle),
  logoFileName: zDetailText(DEMAND_DETAIL_MAX.logoFileName),
});

/** What a buyer asks of a quoted tier (super, AI video): the brief and reference pictures. */
export const ZDemandBrief = z.object({
  text: z.string(),
  /** Reference images the buyer uploaded (private keys) with short-lived links to view them. */
  references: z.array(z.object({ key: z.string(), url: z.string().nullable() })),
  /** AI video only: seconds and aspect ratio wanted. */
  duration: z.number().int().nullable(),
  aspectRatio: z.string().nullable(),
});
export type TDemandBrief = z.infer<typeof ZDemandBrief>;

export const ZDemand = z.object({
  sid: z.string(),
  material: z.string().nullable(),
  tier: z.enum(DEMAND_TIERS),
  status: z.enum(DEMAND_STATUS_VALUES),
  /** Short-lived links: the uploads are private to the company and the operators. */
  productKey: z.string().nullable(),
  productUrl: z.string().nullable(),
  logoKey: z.string().nullable(),
  logoUrl: z.string().nullable(),
  detail: ZDemandDetail,
  brief: ZDemandBrief.nullable(),
  /** The final delivery, once DELIVERED (download through the delivery call). */
  resultKey: z.string().nullable(),
  resultUrl: z.string().nullable(),
  orderSid: z.string().nullable(),
  /** When the current stage is due (end of a China working day), or null when it is the buyer's turn. */
  stageDeadline: zIso.nullable(),
  revisionsUsed: z.number().int(),
  revisionsLeft: z.number().int(),
  quotePrice: zCents.nullable(),
  quoteLeadDays: z.number().int().nullable(),
  designer: z.string().nullable(),
  cancelReason: z.string().nullable(),
  deliveredAt: zIso.nullable(),
  createdAt: zIso,
  updatedAt: zIso,
});
export type TDemand = z.infer<typeof ZDemand>;

/** A comment pinned to a point of a draft (x, y as fractions of its width and height), or general. */
export const ZDesignComment = z.object({
  sid: z.string(),
  file: z.string(),
  author: z.enum(['buyer', 'operator']),
  authorName: z.string(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  body: z.string(),
  createdAt: zIso,
});
export type TDesignComment = z.infer<typeof ZDesignComment>;

/** A draft or the final delivery a designer uploaded, with a short-lived link to view it. */
export const ZDesignFile = z.object({
  sid: z.string(),
  kind: z.enum(DESIGN_FILE_KINDS),
  version: z.number().int(),
  label: z.string(),
  format: z.enum(MATERIAL_FORMATS),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  fileName: z.string(),
  url: z.string(),
  createdAt: zIso,
});
export type TDesignFile = z.infer<typeof ZDesignFile>;

/**
 * A refunded order's money (docs/decisions/0029): how much goes back, where (the gateway that
 * took it, the wallet, or a bank payout) and whether it is back with the buyer yet.
 */
export const ZOrderRefund = z.object({
  amount: zCents,
  status: z.enum(REFUND_STATUSES),
  channel: z.enum(REFUND_CHANNELS),
  createdAt: zIso,
  /** When the money was back with the buyer; null while processing. */
  settledAt: zIso.nullable(),
});
export type TOrderRefund = z.infer<typeof ZOrderRefund>;

export const ZOrder = z.object({
  sid: z.string(),
  orderNo: z.string(),
  name: z.string(),
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  payWay: z.enum(PAY_WAYS).nullable(),
  payTime: zIso.nullable(),
  spec: zLicenceType.nullable(),
  referer: z.string().nullable(),
  couponCode: z.string().nullable(),
  priceOrigin: zCents,
  /** Spelt as the order drawer reads it (spec §3). */
  membetDiscount: zCents,
  couponDiscount: zCents,
  finalPrice: zCents,
  materials: z.array(ZOrderMaterial),
  invoice: ZInvoice.nullable(),
  demand: ZDemand.nullable(),
  user: z.string(),
  auditStatus: z.enum(AUDIT_STATUS_VALUES),
  auditMessage: z.string().nullable(),
  createdAt: zIso,
  updatedAt: zIso,
  /** Only on a licence upgrade (docs/decisions/0016): the licence type upgraded from; its item is the type upgraded to. */
  upgradeFrom: zLicenceType.optional(),
  /**
   * When this unpaid order is cancelled if still unpaid (the server's rule: 30 minutes after
   * the last online attempt, or working days for a bank transfer); null once paid or cancelled.
   */
  expiresAt: zIso.nullable().optional(),
  /** A REFUNDED order's refund; absent on every other order. */
  refund: ZOrderRefund.optional(),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZTransferInfo = z.object({
  name: z.string(),
  bank: z.string(),
  account: z.string(),
  notes: z.string(),
});
export type TTransferInfo = z.infer<typeof ZTransferInfo>;
