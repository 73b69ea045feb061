import {
  ADMIN_DASHBOARD_ROUTES,
  ADMIN_EXPORT_PATHS,
  ADMIN_ROUTES,
  chinaDateOf,
  type OperatorRole,
  type TDashboard,
} from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

function me(roles: OperatorRole[]) {
  return ok({
    operator: {
      sid: 'op00000000000007',
      username: 'ops',
      name: '值班运营',
      lastLoginAt: null,
      roles,
      totpEnabled: false,
      mustChangePassword: false,
    },
    warnings: { cluster: null },
  });
}

const today = chinaDateOf(new Date());

function board(withMoney: boolean): TDashboard {
  return {
    from: today,
    to: today,
    today,
    days: [
      {
        day: today,
        pageViews: 5,
        visitors: 1,
        searches: 2,
        zeroResultSearches: 1,
        detailViews: 3,
        cartAdds: 1,
        ordersPlaced: 1,
        ordersPaid: 1,
      },
    ],
    funnel: { detailViews: 3, cartAdds: 1, ordersPlaced: 1, ordersPaid: 1 },
    topSearches: [{ keyword: '钻戒', count: 1 }],
    zeroResultSearches: [{ keyword: '火星翡翠手镯', count: 1 }],
    surveys: [],
    invoices: { requested: 1, issued: 0, waiting: 1, overdue: 0 },
    demands: { created: 0, delivered: 0, averageTurnaroundHours: null, byStatus: [], overdue: 0 },
    money: withMoney
      ? {
          revenueCents: 29_800,
          refundedCents: 9_800,
          refunds: 1,
          netRevenueCents: 20_000,
          daily: [{ day: today, revenueCents: 29_800, refundedCents: 9_800, couponCents: 0 }],
          byPayWay: [{ key: 'WECHAT', cents: 29_800, count: 1 }],
          byOrderType: [{ key: 'MATERIAL', cents: 29_800, count: 1 }],
          byLicence: [{ key: '2', cents: 29_800, count: 1 }],
          couponCents: 0,
          walletLiabilityCents: 100_000,
          walletExpiredCents: 0,
        }
      : null,
  };
}

function serveBoard(roles: OperatorRole[], answer: () => TDashboard | 'fails'): ApiCall[] {
  return serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) return me(roles);
    if (isCall(call, ADMIN_DASHBOARD_ROUTES.dashboard)) {
      const data = answer();
      return data === 'fails'
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : ok(data);
    }
    if (call.url.pathname === ADMIN_EXPORT_PATHS.dashboard) return { body: '\uFEFF关键词,搜索次数\r\n' };
    return undefined;
  });
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('数据看板', () => {
  it('asks for the last 7 China-time days and shows traffic, searches and, to 财务, the money', async () => {
    const calls = serveBoard(['finance'], () => board(true));
    renderConsoleAt('/admin/dashboard');

    expect(await screen.findByText('火星翡翠手镯', undefined, { timeout: 15_000 })).toBeTruthy();
    const [asked] = callsOf(calls, ADMIN_DASHBOARD_ROUTES.dashboard);
    expect(asked!.url.searchParams.get('to')).toBe(today);
    const from = asked!.url.searchParams.get('from')!;
    expect((Date.parse(today) - Date.parse(from)) / 86_400_000).toBe(6);
    expect(screen.getByText('收入（财务）')).toBeTruthy();
    expect(screen.getAllByText('¥298.00').length).toBeGreaterThan(0);
    // refunds are shown and taken off: 净收入 is what stayed
    expect(screen.getByText('退款（1 笔，已退回）')).toBeTruthy();
    expect(screen.getByText('¥98.00')).toBeTruthy();
    expect(screen.getByText('¥200.00')).toBeTruthy();
    expect(screen.getByText('钱包负债（未过期余额，当前）')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /导出 CSV/ }).length).toBeGreaterThan(3);
  });

  it('shows no money to 客服 (the server sends none) and the rest of the page', async () => {
    serveBoard(['service'], () => board(false));
    renderConsoleAt('/admin/dashboard');
    expect(await screen.findByText('火星翡翠手镯', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('收入（财务）')).toBeNull();
    expect(screen.getByText('该时段暂无问卷')).toBeTruthy();
  });

  it('says a failed load in place with 重试, and shows the figures once it answers', async () => {
    let fail = true;
    serveBoard(['finance'], () => (fail ? 'fails' : board(true)));
    renderConsoleAt('/admin/dashboard');
    expect(await screen.findByText('数据看板加载失败', undefined, { timeout: 15_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(screen.getByText('火星翡翠手镯')).toBeTruthy());
  });
});
