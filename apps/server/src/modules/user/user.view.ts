import {
  ORDER_TYPES,
  type OrderType,
  type TCompanyInfo,
  type TCoupon,
  type TSubUser,
  type TUser,
} from '@gemstock/contract';
import type { WalletSummary } from '../wallet/index.js';
import type { CouponRow, UserRow } from './user.repository.js';

/** Wire shapes of accounts: rows in, contract objects out. No database access here. */

export function companyInfoOf(row: UserRow): TCompanyInfo {
  return { company: row.company, address: row.companyAddress, license: row.companyLicense };
}

export interface UserExtras {
  wallet: WalletSummary;
  orderBadge: number;
  /** The parent's company for a sub-account; null for a main account. */
  parent: TCompanyInfo | null;
  pendingCouponCode: string | null;
}

export function presentUser(row: UserRow, extras: UserExtras): TUser {
  return {
    sid: row.sid,
    email: row.email,
    mobile: row.mobile,
    name: row.name,
    username: row.username,
    company: row.company,
    license: row.companyLicense,
    address: row.companyAddress,
    downloadCount: row.downloadCount,
    walletBalance: extras.wallet.balanceCents,
    isVip: extras.wallet.isVip,
    vipValidBefore: extras.wallet.vipValidBefore?.toISOString() ?? null,
    orderBadge: extras.orderBadge,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    enabled: row.enabled,
    subEnabled: row.subEnabled,
    level: row.level === 1 ? 1 : 0,
    parent: extras.parent,
    pendingCoupon: extras.pendingCouponCode,
    createdAt: row.createdAt.toISOString(),
  };
}

function isOrderType(value: string): value is OrderType {
  return (ORDER_TYPES as readonly string[]).includes(value);
}

export function presentCoupon(row: CouponRow): TCoupon {
  return {
    sid: row.sid,
    code: row.code,
    amount: row.amount,
    type: row.type,
    startTime: row.startAt?.toISOString() ?? null,
    endTime: row.endAt?.toISOString() ?? null,
    scope: row.scope.filter(isOrderType),
    limit: row.redemptionLimit,
    notify: row.notify,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSubUser(
  row: UserRow,
  extras: { orderWaiting: number; vipValid: boolean; monthSpent: number },
): TSubUser {
  return {
    sid: row.sid,
    username: row.username ?? '',
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    orderWaiting: extras.orderWaiting,
    vipValid: extras.vipValid,
    monthlyBudget: row.monthlyBudgetCents,
    monthSpent: extras.monthSpent,
  };
}
