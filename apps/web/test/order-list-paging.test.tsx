import { type TOrderListItem, ORDER_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderList } from '@/features/records/components/order-list';
import { signIn, userOf } from './factories';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

function orderOf(sid: string): TOrderListItem {
  return {
    sid,
    orderNo: `GS-${sid}`,
    name: `订单 ${sid}`,
    orderType: 'material',
    status: 'PAYED',
    payWay: 'ALIPAY',
    payTime: '2026-01-21T02:31:00.000Z',
    spec: 2,
    referer: null,
    couponCode: null,
    priceOrigin: 29_800,
    membetDiscount: 0,
    couponDiscount: 0,
    finalPrice: 29_800,
    materials: [],
    invoice: null,
    demand: null,
    user: 'buyer00000000001',
    auditStatus: 'NONE',
    auditMessage: null,
    createdAt: '2026-01-21T02:30:00.000Z',
    updatedAt: '2026-01-21T02:31:00.000Z',
    fromSubAccount: false,
    buyer: null,
  } as TOrderListItem;
}

const pageOf = (name: string) => Array.from({ length: 10 }, (_, i) => orderOf(`${name}-${i}`));

function Orders() {
  const [page, setPage] = useState(1);
  return <OrderList query={{}} page={page} onPageChange={setPage} empty="暂无订单" />;
}

/**
 * A company with more orders than the list counts: the count says so, the page controls still
 * jump within the counted pages, and 下一页 asks for the page after the one shown by its cursor.
 */
describe('我的订单 paging past the counted orders', () => {
  let calls: ApiCall[];
  beforeEach(() => {
    signIn(userOf());
    calls = serveApi((call) => {
      if (!isCall(call, ORDER_ROUTES.list)) return undefined;
      const cursor = call.url.searchParams.get('cursor');
      if (cursor === 'after-page-1') {
        return ok({ total: 1000, totalCapped: true, nextCursor: 'after-second', orders: pageOf('second') });
      }
      const page = call.url.searchParams.get('page');
      return ok({ total: 1000, totalCapped: true, nextCursor: `after-page-${page}`, orders: pageOf(`page-${page}`) });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderOrders() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Orders />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  const lastListCall = () => calls.filter((c) => isCall(c, ORDER_ROUTES.list)).at(-1)!.url.searchParams;

  it('says 共 1,000+ 个订单 and offers the 100 counted pages', async () => {
    renderOrders();
    // The first render also loads the cards' code.
    expect(await screen.findByText('共 1,000+ 个订单', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 100 页' })).toBeTruthy();
  });

  it('asks for the next page by the cursor of the page shown, and for a jumped-to page by its number', async () => {
    renderOrders();
    await screen.findByText('共 1,000+ 个订单', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('article', { name: '订单 GS-second-0' })).toBeTruthy();
    expect(lastListCall().get('cursor')).toBe('after-page-1');

    fireEvent.click(screen.getByRole('button', { name: '第 100 页' }));
    expect(await screen.findByRole('article', { name: '订单 GS-page-100-0' })).toBeTruthy();
    expect(lastListCall().get('page')).toBe('100');
    expect(lastListCall().get('cursor')).toBeNull();
    // Page 100 has a next page: the controls go on to page 101, past the counted ones.
    await waitFor(() => expect(screen.getByRole('button', { name: '第 101 页' })).toBeTruthy());
  });
});
