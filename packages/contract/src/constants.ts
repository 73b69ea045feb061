import { LicenceType, MaterialFormat } from './enums.js';

/** Licence tables of spec §3 (one for images, one for videos). Prices are integer cents. */
export interface LicenceSpec {
  type: LicenceType;
  name: string;
  /** List price; a material's own price map overrides it. */
  priceCents: number;
  /** Where the licensed material may be used. */
  use: string;
  /** What the buyer gets with this licence beyond its use, said plainly; null when nothing more. */
  note: string | null;
  /** Minimum long side in pixels (images); null where the table gives none. */
  minLongSide: number | null;
  /** Minimum short side in pixels (videos: 720p, 1080p, 2K); null where the table gives none. */
  minShortSide: number | null;
  /** The size rule in words, as the detail page, the FAQ and the certificate print it. */
  requirement: string;
}

/**
 * What 高级定制授权 delivers: the original file under the broadest use at once, and the custom
 * design of the material with the buyer's product, logo and copy (drafts, two revisions, an
 * exclusive licence of the delivered design), which the licence pays for once (decision 0023).
 */
export const PREMIUM_CUSTOM_NOTE =
  '付款后即可下载原素材；含本素材一次高级定制，无需另付，提交产品、Logo 与文案即可，成品为独家授权';

export const LICENCE_TABLE: readonly LicenceSpec[] = [
  {
    type: LicenceType.EXTENDED,
    name: '扩展授权',
    priceCents: 39_800,
    use: '网络、线下印刷、户外广告',
    note: null,
    minLongSide: 2160,
    minShortSide: null,
    requirement: '素材长边 ≥ 2160px',
  },
  {
    type: LicenceType.STANDARD,
    name: '标准授权',
    priceCents: 29_800,
    use: '网络及印刷',
    note: null,
    minLongSide: 1440,
    minShortSide: null,
    requirement: '素材长边 ≥ 1440px',
  },
  {
    type: LicenceType.NEW_MEDIA,
    name: '新媒体授权',
    priceCents: 19_800,
    use: '仅限网络',
    note: null,
    minLongSide: 1080,
    minShortSide: null,
    requirement: '素材长边 ≥ 1080px',
  },
  {
    type: LicenceType.PREMIUM_CUSTOM,
    name: '高级定制授权',
    priceCents: 49_800,
    use: '网络、线下印刷、户外广告',
    note: PREMIUM_CUSTOM_NOTE,
    minLongSide: null,
    minShortSide: null,
    requirement: '尺寸不限',
  },
];

/**
 * The video table of spec §3: the same four names, online and outdoor uses (no print: a video
 * is not printed), resolution by the short side as video platforms name it. Prices are the
 * image table's; a material's own price map overrides them as for images.
 */
export const VIDEO_LICENCE_TABLE: readonly LicenceSpec[] = [
  {
    type: LicenceType.EXTENDED,
    name: '扩展授权',
    priceCents: 39_800,
    use: '网络、户外广告及线下大屏播放',
    note: null,
    minLongSide: null,
    minShortSide: 1440,
    requirement: '分辨率 ≥ 2K（1440p）',
  },
  {
    type: LicenceType.STANDARD,
    name: '标准授权',
    priceCents: 29_800,
    use: '网络及户外广告',
    note: null,
    minLongSide: null,
    minShortSide: 1080,
    requirement: '分辨率 ≥ 1080p',
  },
  {
    type: LicenceType.NEW_MEDIA,
    name: '新媒体授权',
    priceCents: 19_800,
    use: '仅限网络（含短视频平台）',
    note: null,
    minLongSide: null,
    minShortSide: 720,
    requirement: '分辨率 ≥ 720p',
  },
  {
    type: LicenceType.PREMIUM_CUSTOM,
    name: '高级定制授权',
    priceCents: 49_800,
    use: '网络、户外广告及线下大屏播放',
    note: PREMIUM_CUSTOM_NOTE,
    minLongSide: null,
    minShortSide: null,
    requirement: '分辨率不限',
  },
];

/** The licence table that applies to a material of this format. */
export function licenceTableFor(format: MaterialFormat = MaterialFormat.IMAGE): readonly LicenceSpec[] {
  return format === MaterialFormat.VIDEO ? VIDEO_LICENCE_TABLE : LICENCE_TABLE;
}

/** One row of the table for the format (images by default: names and prices are the same). */
export function licenceSpec(type: LicenceType, format: MaterialFormat = MaterialFormat.IMAGE): LicenceSpec {
  const spec = licenceTableFor(format).find((l) => l.type === type);
  if (!spec) throw new RangeError(`unknown licence type ${String(type)}`);
  return spec;
}

/** Whether a material of this size meets the licence's size rule. */
export function meetsLicenceSize(spec: LicenceSpec, width: number, height: number): boolean {
  if (spec.minLongSide !== null && Math.max(width, height) < spec.minLongSide) return false;
  if (spec.minShortSide !== null && Math.min(width, height) < spec.minShortSide) return false;
  return true;
}

/**
 * Licence types a material of this size and format qualifies for, best first. The premium
 * custom licence has no minimum and is always offered.
 */
export function qualifyingLicenceTypes(
  width: number,
  height: number,
  format: MaterialFormat = MaterialFormat.IMAGE,
): LicenceType[] {
  return licenceTableFor(format)
    .filter((l) => meetsLicenceSize(l, width, height))
    .map((l) => l.type);
}

/**
 * The usage ladder of spec §3, widest first: 扩展 covers 标准 and 新媒体, 标准 covers 新媒体. The
 * premium custom licence is a service of its own, on no ladder: it covers only itself.
 */
const LICENCE_LADDER: readonly number[] = [LicenceType.EXTENDED, LicenceType.STANDARD, LicenceType.NEW_MEDIA];

/**
 * Whether owning licence `owned` already grants what `wanted` would: the same type, or a wider
 * one on the ladder. Buying a covered licence again is refused; a wider one is an upgrade.
 */
export function licenceCovers(owned: number, wanted: number): boolean {
  if (owned === wanted) return true;
  const o = LICENCE_LADDER.indexOf(owned);
  const w = LICENCE_LADDER.indexOf(wanted);
  return o >= 0 && w >= 0 && o < w;
}

export const DEFAULT_MATERIAL_PRICE_CENTS = 29_800;
export const DEFAULT_CUSTOMIZATION_PRICE_CENTS = 49_800;
export const VIP_MONTHLY_FEE_CENTS = 69_900;
export const VIP_VALID_MONTHS = 1;
export const VIP_DISCOUNT_LABEL = '0.1折';

export const PAYMENT_POLL_INTERVAL_MS = 4_000;
export const PAY_DRAWER_WIDTH = 640;
export const CODE_RESEND_SECONDS = 60;
export const MOBILE_LENGTH = 11;
export const CODE_LENGTH = 6;
export const COUPON_ERROR_DISPLAY_MS = 3_000;
export const TOAST_DURATION_MS = 3_000;
export const RATING_DEFAULT = 5;
export const RANDOM_STRING_DEFAULT_LENGTH = 8;

/** Verification code policy enforced by the server. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_HOURLY_CAP = 5;
export const CODE_DAILY_CAP = 10;
/**
 * Codes one client address may request per hour across all targets without a proof-of-work
 * check, by default (offices share an address; the server's CODE_CHALLENGE_AFTER decides).
 */
export const CODE_IP_HOURLY_CAP = 10;

export const INVOICE_ISSUE_WORKING_DAYS = 10;
export const PRIVACY_REPLY_WORKING_DAYS = 15;
export const TRANSFER_COMPLETE_WORKING_DAYS = 2;
/** Defaults of ORDER_UNPAID_TTL_MINUTES and ORDER_TRANSFER_WORKING_DAYS (the FAQ quotes them). */
export const UNPAID_ORDER_TTL_MINUTES = 30;
export const TRANSFER_ORDER_WORKING_DAYS = 5;
export const MINIMUM_AGE = 18;

/** Longest accepted text inputs; anything longer is refused rather than truncated. */
export const MAX_LENGTH = {
  email: 100,
  password: 64,
  passwordMin: 8,
  username: 32,
  name: 40,
  company: 100,
  license: 30,
  address: 200,
  source: 64,
  referrer: 64,
  keyword: 50,
  feedback: 1000,
} as const;

/*
 * Limits of texts typed on buyer pages, here rather than beside their schemas so that a page
 * counting them does not load zod. The forms count and refuse past them (decision 0050).
 */
/** The advanced customization form (ZDemandDetail). */
export const DEMAND_DETAIL_MAX = {
  direction: 50,
  style: 50,
  gender: 20,
  title: 40,
  subTitle: 80,
  logoFileName: 120,
} as const;
/** A custom design's conversation: pinned comments, the round's note, the designer's reply, a cancellation. */
export const DESIGN_TEXT_MAX = { comment: 500, feedback: 500, reply: 500, cancelReason: 200 } as const;
/** The reason a main account gives a sub-account for refusing its wallet payment (ZAuditRequest). */
export const AUDIT_MESSAGE_MAX = 200;

/** Local-storage keys shared by the web app (spec §9). */
export const STORAGE_KEYS = { token: 'gemstock.token', surveyFlag: 'gemstock.survey' } as const;

/**
 * A buyer's list counts its rows up to this many and no further: beyond it `totalCapped` is true,
 * `total` is the cap and the site shows "1,000+". Page controls jump within the counted pages;
 * past them a list goes on page by page with `nextCursor` (list-page.ts).
 */
export const LIST_COUNT_CAP = 1000;

/**
 * Where a phone's browser comes back after the gateway's mobile page: `?order=<sid>` (web route).
 * Here, not beside the payment schemas: every page's route table names it, and a page must not
 * load zod for a path.
 */
export const PAY_RETURN_PATH = '/pay/return';
export const PAY_RETURN_ORDER_PARAM = 'order';
