import { MATERIAL_ROUTES, WALLET_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LikePage from '@/features/account/routes/like-page';
import WalletPage from '@/features/wallet/routes/wallet-page';
import { materialOf, signIn, userOf } from './factories';
import { type ApiCall, ok, serveApi, callsOf, isCall, type Called } from './fake-api';

function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastCall = (calls: ApiCall[], endpoint: Called) => callsOf(calls, endpoint).at(-1)!.url;

/**
 * A list longer than the server counts: the count says 1,000+, the page controls still jump by
 * number, and 下一页 asks for the page after the one shown by its cursor (so rows added meanwhile
 * neither repeat one nor hide one).
 */
describe('我的喜欢 past the counted likes', () => {
  let calls: ApiCall[];
  beforeEach(() => {
    signIn(userOf());
    calls = serveApi((call) => {
      if (!isCall(call, MATERIAL_ROUTES.userLikes)) return undefined;
      const cursor = call.url.searchParams.get('cursor');
      const name = cursor ? `after-${cursor}` : `page-${call.url.searchParams.get('page')}`;
      const materials = Array.from({ length: 24 }, (_, i) =>
        materialOf({ sid: `${name}-${i}`.padEnd(16, '0'), keywords: [`${name}-${i}`], liked: true }),
      );
      return ok({ total: 1000, totalCapped: true, nextCursor: `c-${name}`, materials });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says 共 1,000+ 个素材 and goes on to the next page by the cursor of the page shown', async () => {
    renderPage(<LikePage />);
    expect(await screen.findByText('共 1,000+ 个素材', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 42 页' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('link', { name: /after-c-page-1-0/ }, { timeout: 10_000 })).toBeTruthy();
    expect(lastCall(calls, MATERIAL_ROUTES.userLikes).searchParams.get('cursor')).toBe('c-page-1');

    fireEvent.click(screen.getByRole('button', { name: '第 42 页' }));
    expect(await screen.findByRole('link', { name: /page-42-0/ }, { timeout: 10_000 })).toBeTruthy();
    expect(lastCall(calls, MATERIAL_ROUTES.userLikes).searchParams.get('page')).toBe('42');
    expect(lastCall(calls, MATERIAL_ROUTES.userLikes).searchParams.get('cursor')).toBeNull();
  });
});

describe('the wallet page’s recharges, a page at a time', () => {
  let calls: ApiCall[];
  beforeEach(() => {
    signIn(userOf({ isVip: true }));
    calls = serveApi((call) => {
      if (!isCall(call, WALLET_ROUTES.list)) return undefined;
      const cursor = call.url.searchParams.get('cursor');
      const orders = Array.from({ length: 10 }, (_, i) => ({
        sid: `${cursor ?? `page-${call.url.searchParams.get('page')}`}-${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 30 - i)).toISOString(),
        total: 69_900 + i,
        balance: 0,
        validBefore: '2025-03-01T00:00:00.000Z',
        isValid: false,
      }));
      return ok({
        total: 23,
        totalCapped: false,
        nextCursor: cursor ? null : 'after-first',
        orders,
        balance: 0,
        isVip: true,
        vipValidBefore: null,
      });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('counts the recharges and asks for the next page by the cursor of the page shown', async () => {
    renderPage(<WalletPage />);
    expect(await screen.findByText('共 23 笔充值', {}, { timeout: 10_000 })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: '分页' });
    expect(within(pages).getByRole('button', { name: '第 3 页' })).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(lastCall(calls, WALLET_ROUTES.list).searchParams.get('cursor')).toBe('after-first'));
    expect(lastCall(calls, WALLET_ROUTES.list).searchParams.get('page')).toBe('2');
  });
});
