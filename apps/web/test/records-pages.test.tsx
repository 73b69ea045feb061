import { ORDER_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TabLinks, Tabs } from '@/components/ui/tabs';
import UserLayout from '@/features/account/routes/user-layout';
import RecordLayout from '@/features/records/routes/record-layout';
import UserOrderPage from '@/features/records/routes/user-order-page';
import { signIn, userOf } from './factories';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('light tabs', () => {
  function renderTabs(onChange = vi.fn(), activeKey = 'all') {
    render(
      <Tabs
        label="订单状态"
        activeKey={activeKey}
        onChange={onChange}
        items={[
          { key: 'all', label: '全部' },
          { key: 'created', label: '待支付' },
          { key: 'payed', label: '已完成' },
        ]}
      >
        <p>订单</p>
      </Tabs>,
    );
    return onChange;
  }

  it('is a named tablist whose selected tab alone is in the Tab order and labels the panel', () => {
    renderTabs();
    const list = screen.getByRole('tablist', { name: '订单状态' });
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    expect(screen.getByRole('tabpanel', { name: '全部' }).textContent).toBe('订单');
  });

  it('selects and focuses with the arrow keys (wrapping), Home and End; a click selects', () => {
    const onChange = renderTabs();
    const all = screen.getByRole('tab', { name: '全部' });
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('created');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '待支付' }));
    fireEvent.keyDown(all, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('payed');
    fireEvent.keyDown(all, { key: 'End' });
    expect(onChange).toHaveBeenLastCalledWith('payed');
    fireEvent.click(screen.getByRole('tab', { name: '待支付' }));
    expect(onChange).toHaveBeenLastCalledWith('created');
  });

  it('tabs that go to pages are links, the current one marked', () => {
    render(
      <MemoryRouter>
        <TabLinks
          label="我的素材"
          activeTo="/record/customize"
          items={[
            { to: '/record/ordinary', label: '素材购买记录' },
            { to: '/record/customize', label: '定制记录' },
          ]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '我的素材' });
    expect(within(nav).getByRole('link', { name: '定制记录' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '素材购买记录' }).getAttribute('aria-current')).toBeNull();
  });
});

describe('the account and records pages without antd', () => {
  let calls: ApiCall[];
  // A mounted order list fetches its cards' code, and they theirs, in the background: the loads a
  // quick test leaves in flight must end before the environment is torn down, or they fail after it.
  afterAll(async () => {
    await Promise.all([
      import('@/features/records/components/order-card'),
      import('@/features/records/components/order-invoice'),
      import('@/features/records/components/order-material-actions'),
    ]);
  });
  beforeEach(() => {
    signIn(userOf({ level: 0, subEnabled: true }));
    calls = serveApi((call) => (isCall(call, ORDER_ROUTES.list) ? ok({ total: 0, orders: [] }) : undefined));
  });

  function renderAt(at: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/user" element={<UserLayout />}>
              <Route path="order" element={<UserOrderPage />} />
            </Route>
            <Route path="/record" element={<RecordLayout />}>
              <Route path="ordinary" element={<p>购买记录</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('the account menu links every section and marks the open one, on wide screens and phones', () => {
    renderAt('/user/order');
    const menus = screen.getAllByRole('navigation', { name: '个人中心' });
    expect(menus).toHaveLength(2);
    for (const menu of menus) {
      expect(
        within(menu)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['账号设置', '企业信息', '我的订单', '我的喜欢', '团队收藏夹', '我的子账号', '个人信息', '升级VIP']);
      expect(within(menu).getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page');
    }
  });

  it('my orders filter by status through the tabs, 待我审批 for a main account with sub-accounts', async () => {
    renderAt('/user/order');
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    // no order at all: the way on is the catalogue
    expect(screen.getByRole('link', { name: '去挑选素材' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('tab', { name: '待支付' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('status') === 'CREATED')).toBe(true));
    fireEvent.keyDown(screen.getByRole('tab', { name: '待支付' }), { key: 'End' });
    expect(screen.getByRole('tab', { name: '待我审批' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('没有等待审批的子账号订单')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '去挑选素材' })).toBeNull();
    expect(calls.some((c) => c.url.searchParams.get('audit_status') === 'PENDING')).toBe(true);
  });

  it('the records tabs are links to their pages', () => {
    renderAt('/record/ordinary');
    const nav = screen.getByRole('navigation', { name: '我的素材' });
    expect(within(nav).getByRole('link', { name: '素材购买记录' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '定制记录' }).getAttribute('href')).toBe('/record/customize');
  });
});
