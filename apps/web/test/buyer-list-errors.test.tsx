import {
  DESIGN_ROUTES,
  LICENCE_ROUTES,
  MATERIAL_ROUTES,
  ORDER_ROUTES,
  PRIVACY_ROUTES,
  WALLET_ROUTES,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LikePage from '@/features/account/routes/like-page';
import PrivacyPage from '@/features/account/routes/privacy-page';
import { PurchasedMaterials } from '@/features/records/components/purchased-materials';
import CustomizeRecordsPage from '@/features/records/routes/customize-records-page';
import UserOrderPage from '@/features/records/routes/user-order-page';
import WalletPage from '@/features/wallet/routes/wallet-page';
import { signIn, userOf } from './factories';
import { type Called, callsOf, serveApi, isCall } from './fake-api';

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signIn(userOf({ isVip: true }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// 子账号 is covered in sub-account-page.test.tsx; a buyer's invoices hang on their orders (我的订单).
describe('a buyer list whose load fails', () => {
  it.each<[string, () => ReactNode, Called, string, string]>([
    ['我的订单', () => <UserOrderPage />, ORDER_ROUTES.list, '订单加载失败', '暂无订单'],
    ['已购素材', () => <PurchasedMaterials />, LICENCE_ROUTES.purchased, '已购素材加载失败', '暂无已购素材'],
    ['我的喜欢', () => <LikePage />, MATERIAL_ROUTES.userLikes, '加载失败', '还没有喜欢的素材'],
    ['钱包', () => <WalletPage />, WALLET_ROUTES.list, '充值记录加载失败', '暂无充值记录'],
    ['定制记录', () => <CustomizeRecordsPage />, DESIGN_ROUTES.list, '定制记录加载失败', '暂无定制记录'],
    ['个人信息请求', () => <PrivacyPage />, PRIVACY_ROUTES.list, '请求记录加载失败', '还没有提交过请求'],
  ])('%s says so in place, never "empty", and 重试 asks again', async (_name, page, list, failed, empty) => {
    const calls = serveApi((call) =>
      isCall(call, list)
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : undefined,
    );
    renderPage(page());
    expect(await screen.findByText(failed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(new RegExp(empty))).toBeNull();

    const asked = callsOf(calls, list).length;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await vi.waitFor(() => expect(callsOf(calls, list).length).toBe(asked + 1));
  });
});
