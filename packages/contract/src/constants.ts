import { LicenceType } from './enums.js';

/** Licence table of spec §3. Prices are integer cents. */
export interface LicenceSpec {
  type: LicenceType;
  name: string;
  priceCents: number;
  use: string;
  /** Minimum long side in pixels; null where the spec gives none. */
  minLongSide: number | null;
}

export const LICENCE_TABLE: readonly LicenceSpec[] = [
  {
    type: LicenceType.EXTENDED,
    name: '扩展授权',
    priceCents: 39_800,
    use: '网络、线下印刷、户外广告',
    minLongSide: 2160,
  },
  { type: LicenceType.STANDARD, name: '标准授权', priceCents: 29_800, use: '网络及印刷', minLongSide: 1440 },
  { type: LicenceType.NEW_MEDIA, name: '新媒体授权', priceCents: 19_800, use: '仅限网络', minLongSide: 1080 },
  {
    type: LicenceType.PREMIUM_CUSTOM,
    name: '高级定制授权',
    priceCents: 49_800,
    use: '含产品、Logo 及文案替换',
    minLongSide: null,
  },
];

export function licenceSpec(type: LicenceType): LicenceSpec {
  const spec = LICENCE_TABLE.find((l) => l.type === type);
  if (!spec) throw new RangeError(`unknown licence type ${String(type)}`);
  return spec;
}

/**
 * Licence types a material of this size qualifies for, best first. The premium custom licence
 * has no minimum and is always offered.
 */
export function qualifyingLicenceTypes(width: number, height: number): LicenceType[] {
  const longSide = Math.max(width, height);
  return LICENCE_TABLE.filter((l) => l.minLongSide === null || longSide >= l.minLongSide).map((l) => l.type);
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

/** Local-storage keys shared by the web app (spec §9). */
export const STORAGE_KEYS = { token: 'gemstock.token', surveyFlag: 'gemstock.survey' } as const;
