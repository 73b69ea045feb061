import {
  LicenceType,
  MaterialFormat,
  type TBoardSummary,
  type TMaterial,
  type TSubUser,
  type TUser,
} from '@gemstock/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { useSession } from '@/stores/session';

/** A catalogue material as the API sends it, with `values` over plain defaults. */
export function materialOf(values: Partial<TMaterial> = {}): TMaterial {
  return {
    sid: 'mat0000000000001',
    format: MaterialFormat.IMAGE,
    keywords: ['钻戒'],
    coverUrl: null,
    thumbUrl: null,
    authType: [LicenceType.STANDARD],
    watermarkUrl: null,
    previewUrl: null,
    width: 3000,
    height: 2000,
    likeCount: 0,
    liked: false,
    disabled: false,
    buyTime: null,
    price: 29_800,
    specialPrice: {},
    customPrice: null,
    free: false,
    remark: null,
    extra: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}

/** A signed-in buyer as GET /api/user sends it: a main account, with `values` over plain defaults. */
export function userOf(values: Partial<TUser> = {}): TUser {
  return {
    sid: 'buyer00000000001',
    email: 'buyer@example.cn',
    mobile: null,
    name: null,
    username: null,
    company: '上海鑫鎏珠宝有限公司',
    license: null,
    address: null,
    downloadCount: 0,
    walletBalance: 0,
    isVip: false,
    vipValidBefore: null,
    orderBadge: 0,
    lastLoginAt: '2026-01-01T00:00:00.000Z',
    enabled: true,
    subEnabled: false,
    level: 0,
    parent: null,
    pendingCoupon: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}

/** A sub-account as GET /api/user/sub_user lists it, with `values` over plain defaults. */
export function subUserOf(values: Partial<TSubUser> = {}): TSubUser {
  return {
    sid: 'sub0000000000001',
    username: 'staff01',
    name: null,
    email: null,
    mobile: null,
    enabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    orderWaiting: 0,
    vipValid: false,
    monthlyBudget: null,
    monthSpent: 0,
    ...values,
  };
}

/** Signs `user` in as the app does after a login: the buyer token stored, then the account. */
export function signIn(user: TUser = userOf()): void {
  useSession.getState().setToken('buyer-token');
  useSession.getState().setUser(user);
}

/**
 * For a file whose every test is a page a signed-in buyer uses: each test starts from an empty
 * localStorage signed in as `user()`, with toasts silenced (they would outlive the test's window),
 * and ends unmounted (Vitest runs without globals here, so Testing Library cannot unmount on its
 * own), with fetch and every spy restored and the session forgotten.
 */
export function signedInForEachTest(user: () => TUser = () => userOf()): void {
  beforeEach(() => {
    localStorage.clear();
    signIn(user());
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    useSession.getState().clear();
  });
}

/** A team board as the API describes it (decision 0047), with any fields a test needs changed. */
export function boardOf(values: Partial<TBoardSummary> = {}): TBoardSummary {
  return {
    sid: 'brd0000000000001',
    name: '春季婚戒',
    itemCount: 3,
    covers: [],
    creatorName: '王小明',
    editable: true,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...values,
  };
}
