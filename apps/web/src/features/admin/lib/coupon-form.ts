import {
  type CouponScope,
  CouponStatus,
  CouponType,
  type TAdminCouponAccount,
  type TAdminCouponCreateRequest,
  yuanStringToCents,
} from '@gemstock/contract';
import type { Dayjs } from 'dayjs';
import { chinaInstantOf, chinaWallDayjs } from './china-picker';

/** The create modal's form: money in yuan as operators type it, converted to cents only here. */
export interface CouponFormValues {
  mode: 'single' | 'batch';
  name: string;
  note?: string | undefined;
  type: typeof CouponType.FIXED | typeof CouponType.PERCENT;
  /** Yuan as typed (the input runs in string mode), so it is converted from its digits, never a float. */
  amountYuan?: string | null | undefined;
  /** Percent off, 1–99. */
  percent?: number | null | undefined;
  scope: CouponScope[];
  /** Total uses; 0 = unlimited. */
  limit: number | null;
  validity: [Dayjs, Dayjs] | null;
  /** Single mode: blank = generated. */
  code?: string | undefined;
  prefix?: string | undefined;
  /** Batch mode. */
  count?: number | null | undefined;
}

export const COUPON_DEFAULT_DAYS = 30;

/** `now` as China's wall clock reads it (`chinaWallDayjs`): the validity ends at a China day's end. */
export function initialCouponValues(now: Dayjs = chinaWallDayjs(new Date())): CouponFormValues {
  return {
    mode: 'single',
    name: '',
    type: CouponType.FIXED,
    amountYuan: null,
    percent: null,
    scope: [],
    limit: 0,
    validity: [now.startOf('minute'), now.add(COUPON_DEFAULT_DAYS, 'day').endOf('day')],
    count: 10,
  };
}

/** "50", "50.5", "0.05" → cents; null for anything that is not a plain amount with at most 2 decimals. */
export function yuanInputToCents(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return yuanStringToCents(String(value).trim());
}

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Form values → the POST body. The server checks everything again; an amount the form could not
 * read is sent as -1, so the server's own message explains it rather than a silent default.
 */
export function toCreateRequest(values: CouponFormValues): TAdminCouponCreateRequest {
  const amount =
    values.type === CouponType.FIXED ? (yuanInputToCents(values.amountYuan) ?? -1) : (values.percent ?? -1);
  const now = chinaWallDayjs(new Date());
  const [start, end] = values.validity ?? [now, now];
  const batch = values.mode === 'batch';
  return {
    name: values.name.trim(),
    note: blankToUndefined(values.note) ?? null,
    type: values.type,
    amount,
    scope: values.scope,
    limit: values.limit ?? 0,
    startTime: chinaInstantOf(start),
    endTime: chinaInstantOf(end),
    ...(batch ? { count: values.count ?? 0 } : {}),
    ...(!batch && blankToUndefined(values.code) ? { code: blankToUndefined(values.code) } : {}),
    ...(blankToUndefined(values.prefix) && (batch || !blankToUndefined(values.code))
      ? { prefix: blankToUndefined(values.prefix) }
      : {}),
  };
}

/** Server field paths → this form's fields (the amount field depends on the type chosen). */
export function couponFormFieldOf(path: string, type: number): keyof CouponFormValues | null {
  switch (path) {
    case 'amount':
      return type === CouponType.FIXED ? 'amountYuan' : 'percent';
    case 'startTime':
    case 'endTime':
      return 'validity';
    case 'name':
    case 'note':
    case 'scope':
    case 'limit':
    case 'code':
    case 'prefix':
    case 'count':
    case 'type':
      return path;
    default:
      return null;
  }
}

export const COUPON_STATUS_LABEL: Record<CouponStatus, { text: string; color: string }> = {
  [CouponStatus.ACTIVE]: { text: '进行中', color: 'green' },
  [CouponStatus.NOT_STARTED]: { text: '未开始', color: 'blue' },
  [CouponStatus.EXPIRED]: { text: '已结束', color: 'default' },
  [CouponStatus.USED_UP]: { text: '已用完', color: 'orange' },
};

/** "3 / 100", or "3 / 不限" for an unlimited coupon. */
export function couponUsageText(coupon: { redeemedCount: number; limit: number }): string {
  return `${coupon.redeemedCount} / ${coupon.limit === 0 ? '不限' : coupon.limit}`;
}

/** How the console names an account: its username, else e-mail or mobile, else its id. */
export function accountName(account: TAdminCouponAccount): string {
  return account.username ?? account.email ?? account.mobile ?? account.sid;
}
