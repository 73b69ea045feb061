import {
  ADMIN_AUDIT_ROUTES,
  ADMIN_COUPON_ROUTES,
  ADMIN_OPERATOR_ROUTES,
  ADMIN_ROUTES,
  type OperatorRole,
  ORDER_REWARD_ROUTES,
  SERVICE_QR_ROUTES,
  type TAdminCoupon,
  type TAuditEntry,
  type TOperator,
  type TOperatorAccount,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { AuditPage } from '@/features/admin/routes/audit-page';
import { CouponsPage } from '@/features/admin/routes/coupons-page';
import { AdminLoginPage } from '@/features/admin/routes/login-page';
import { OperatorsPage } from '@/features/admin/routes/operators-page';
import { bindNotifier } from '@/lib/notify';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';

// ---- fixtures -------------------------------------------------------------------------------

function operator(roles: OperatorRole[], overrides: Partial<TOperator> = {}): TOperator {
  return {
    sid: 'op00000000000001',
    username: 'wang',
    name: '王运营',
    lastLoginAt: '2026-03-01T01:00:00.000Z',
    roles,
    totpEnabled: false,
    mustChangePassword: false,
    ...overrides,
  };
}

function account(overrides: Partial<TOperatorAccount> = {}): TOperatorAccount {
  return { ...operator(['finance']), enabled: true, createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

const ENTRY: TAuditEntry = {
  id: 41,
  operatorSid: 'op00000000000002',
  operatorName: '李财务',
  operatorUsername: 'li',
  action: 'order.confirm_transfer',
  entity: 'order',
  entitySid: 'ord00000000000009',
  entityRef: 'GS20260301120000000001',
  before: null,
  after: { note: '已核对到账' },
  createdAt: '2026-03-01T15:59:59.000Z',
  archived: false,
};

// ---- a fetch that answers like the server ----------------------------------------------------

let calls: ApiCall[] = [];

/** Answers ADMIN_ROUTES.me as an operator of `roles`, then `handler`. */
function serve(me: TOperator, handler: ApiHandler = () => undefined) {
  calls = serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) return ok({ operator: me, warnings: { cluster: null } });
    return handler(call);
  });
}

// ---- rendering --------------------------------------------------------------------------------

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <NotifierBinding />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            {page}
            <LocationProbe />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

/** The console frame around a stand-in page at `path`. */
function inLayout(path: string) {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path={path} element={<p>页面内容</p>} />
      </Route>
    </Routes>
  );
}

beforeEach(() => {
  localStorage.clear();
  useAdminSession.getState().setToken('operator-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// ---- roles in the console ----------------------------------------------------------------------

describe('the console by role', () => {
  const menuTexts = async () => {
    const menu = await screen.findByRole('menu');
    await within(menu).findAllByRole('menuitem');
    return within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
  };

  it('shows a 内容 operator the catalogue pages only, and never asks for the customer-service settings', async () => {
    serve(operator(['content']));
    renderAt('/admin/materials', inLayout('/admin/materials'));
    expect(await menuTexts()).toEqual([
      '今日待办',
      '数据看板',
      '素材管理',
      '上传素材',
      '素材审核',
      '热门关键词',
      '溯源',
      '内容管理',
    ]);
    expect(screen.getByText('页面内容')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
    expect(callsOf(calls, SERVICE_QR_ROUTES.setting)).toHaveLength(0);
  });

  it('shows 财务 the money pages and 管理员 everything, 账号管理 and 操作日志 included', async () => {
    serve(operator(['finance']));
    renderAt('/admin/orders', inLayout('/admin/orders'));
    expect(await menuTexts()).toEqual([
      '今日待办',
      '数据看板',
      '订单管理',
      '转账确认',
      '发票管理',
      '支付异常',
      '优惠券',
    ]);
    cleanup();

    serve(operator(['admin']), () => ok({ image: null, warning: null }));
    renderAt('/admin/orders', inLayout('/admin/orders'));
    const all = await menuTexts();
    expect(all).toContain('账号管理');
    expect(all).toContain('操作日志');
    expect(all).toContain('今日待办');
    expect(all).toContain('企业客户');
    expect(all).toContain('数据看板');
    expect(all).toContain('隐私请求');
    expect(all).toContain('内容管理');
    expect(all).toContain('溯源');
    expect(all).toHaveLength(20);
  });

  it('answers an address the role cannot use with 没有权限 instead of the page', async () => {
    serve(operator(['service']));
    renderAt('/admin/invoices', inLayout('/admin/invoices'));
    expect(await screen.findByText('没有权限')).toBeTruthy();
    expect(screen.queryByText('页面内容')).toBeNull();
  });

  it('asks for a password of its own while the password is one an administrator set', async () => {
    serve(operator(['service'], { mustChangePassword: true }));
    renderAt('/admin/demands', inLayout('/admin/demands'));
    expect(await screen.findByText('请先设置您自己的密码')).toBeTruthy();
    expect(screen.getByLabelText('当前密码')).toBeTruthy();
  });

  it('hides creating and granting coupons and the order reward from 客服', async () => {
    const coupon: TAdminCoupon = {
      sid: 'c1',
      code: 'USE-ME-1',
      name: '首单立减',
      note: null,
      type: 1,
      amount: 1_000,
      scope: [],
      limit: 0,
      redeemedCount: 0,
      startTime: null,
      endTime: null,
      status: 'active',
      owner: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    serve(operator(['service']), (call) =>
      isCall(call, ADMIN_COUPON_ROUTES.list) ? ok({ total: 1, coupons: [coupon] }) : undefined,
    );
    renderAt('/admin/coupons', <CouponsPage />);
    expect(await screen.findByText('USE-ME-1')).toBeTruthy();
    expect(screen.queryByText('新建优惠券')).toBeNull();
    expect(screen.queryByText('发放给用户')).toBeNull();
    expect(callsOf(calls, ORDER_REWARD_ROUTES.setting)).toHaveLength(0);
  });
});

// ---- 操作日志 ------------------------------------------------------------------------------------

describe('操作日志', () => {
  it('sends the filters from the address, shows who did what in Chinese, and links the object', async () => {
    serve(operator(['admin']), (call) => {
      if (isCall(call, ADMIN_OPERATOR_ROUTES.list)) return ok({ operators: [account()] });
      if (isCall(call, ADMIN_AUDIT_ROUTES.list)) return ok({ entries: [ENTRY], nextCursor: null });
      return undefined;
    });
    renderAt(
      '/admin/audit?q=GS20260301120000000001&operator=op00000000000002&action=order.confirm_transfer&from=2026-03-01&to=2026-03-02',
      <AuditPage />,
    );
    expect(await screen.findByText('李财务')).toBeTruthy();
    expect(Object.fromEntries(callsOf(calls, ADMIN_AUDIT_ROUTES.list)[0]!.url.searchParams)).toEqual({
      q: 'GS20260301120000000001',
      operator: 'op00000000000002',
      action: 'order.confirm_transfer',
      from: '2026-03-01',
      to: '2026-03-02',
      page_size: '20',
    });
    expect(screen.getAllByText('确认转账到账').length).toBeGreaterThan(0);
    // 15:59:59 UTC is 23:59:59 in China.
    expect(screen.getByText('2026-03-01 23:59:59')).toBeTruthy();
    expect(screen.getByRole('link', { name: '订单' }).getAttribute('href')).toBe(
      '/admin/orders?order=ord00000000000009',
    );
    expect(screen.getByText('第 1 页，已到最早的记录')).toBeTruthy();
  });

  it('goes on by cursor and back, and starts over when a filter changes', async () => {
    serve(operator(['admin']), (call) => {
      if (isCall(call, ADMIN_OPERATOR_ROUTES.list)) return ok({ operators: [] });
      if (!isCall(call, ADMIN_AUDIT_ROUTES.list)) return undefined;
      const cursor = call.url.searchParams.get('cursor');
      return cursor === 'next-1'
        ? ok({ entries: [{ ...ENTRY, id: 40, action: 'operator.login', entity: 'operator' }], nextCursor: null })
        : ok({ entries: [ENTRY], nextCursor: 'next-1' });
    });
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText('确认转账到账')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /下一页/ }));
    expect(await screen.findByText('登录后台')).toBeTruthy();
    expect(callsOf(calls, ADMIN_AUDIT_ROUTES.list).at(-1)!.url.searchParams.get('cursor')).toBe('next-1');
    expect(screen.getByText('第 2 页，已到最早的记录')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /上一页/ }));
    expect(await screen.findByText('确认转账到账')).toBeTruthy();

    const search = screen.getByPlaceholderText('订单号、素材编号、优惠码或发票编号');
    fireEvent.change(search, { target: { value: ' SPRING2026 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/audit?q=SPRING2026'));
    const last = callsOf(calls, ADMIN_AUDIT_ROUTES.list).at(-1)!.url.searchParams;
    expect(last.get('q')).toBe('SPRING2026');
    expect(last.get('cursor')).toBeNull();
  });

  it('shows a failed load in place with 重试, not as an empty log', async () => {
    let fail = true;
    serve(operator(['admin']), (call) => {
      if (isCall(call, ADMIN_OPERATOR_ROUTES.list)) return ok({ operators: [] });
      if (!isCall(call, ADMIN_AUDIT_ROUTES.list)) return undefined;
      if (fail) return { status: 500, body: { code: 1500, data: null, message: '服务器开小差了，请稍后再试' } };
      return ok({ entries: [ENTRY], nextCursor: null });
    });
    renderAt('/admin/audit', <AuditPage />);
    expect(await screen.findByText('操作日志加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无操作记录')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('确认转账到账')).toBeTruthy();
  });
});

// ---- 账号管理 ------------------------------------------------------------------------------------

describe('账号管理', () => {
  it('creates an account with its roles and shows the made-up password once', async () => {
    serve(operator(['admin']), (call) => {
      if (isCall(call, ADMIN_OPERATOR_ROUTES.list)) return ok({ operators: [account()] });
      if (isCall(call, ADMIN_OPERATOR_ROUTES.create)) {
        return ok({ operator: account({ sid: 'op00000000000003', username: 'zhao' }), password: 'Abcd2345Efgh67' });
      }
      return undefined;
    });
    renderAt('/admin/operators', <OperatorsPage />);
    expect(await screen.findByText('王运营')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建账号/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'zhao' } });
    fireEvent.click(within(dialog).getByLabelText(/客服/));
    fireEvent.click(within(dialog).getByRole('button', { name: '创建' }));

    await waitFor(() => expect(callsOf(calls, ADMIN_OPERATOR_ROUTES.create)).toHaveLength(1));
    expect(await screen.findByText('Abcd2345Efgh67')).toBeTruthy();
    expect(callsOf(calls, ADMIN_OPERATOR_ROUTES.create)[0]!.body).toEqual({
      username: 'zhao',
      name: null,
      roles: ['service'],
    });
  });

  it('disables an account after a confirmation', async () => {
    serve(operator(['admin']), (call) => {
      if (isCall(call, ADMIN_OPERATOR_ROUTES.list)) {
        return ok({ operators: [account({ sid: 'op00000000000005', username: 'leaver', name: null })] });
      }
      if (call.method === 'PATCH') return ok({ operator: account({ enabled: false }) });
      return undefined;
    });
    renderAt('/admin/operators', <OperatorsPage />);
    fireEvent.click(await screen.findByRole('switch', { name: '停用 leaver' }));
    fireEvent.click(await screen.findByRole('button', { name: '停用' }));
    await waitFor(() =>
      expect(callsOf(calls, ADMIN_OPERATOR_ROUTES.update, { id: 'op00000000000005' })).toHaveLength(1),
    );
    expect(callsOf(calls, ADMIN_OPERATOR_ROUTES.update, { id: 'op00000000000005' })[0]!.body).toEqual({
      enabled: false,
    });
  });
});

// ---- sign-in with an authenticator code --------------------------------------------------------

describe('sign-in', () => {
  it('asks for the authenticator code when the server says the account needs one, and sends it', async () => {
    useAdminSession.getState().clear();
    calls = serveApi((call) => {
      if (!isCall(call, ADMIN_ROUTES.login)) return undefined;
      const body = call.body as { totp?: string };
      return body.totp
        ? ok({ access_token: 'new-token' })
        : { status: 401, body: { code: 2051, data: null, message: '请输入身份验证器上的 6 位动态验证码' } };
    });
    renderAt('/admin/login', <AdminLoginPage />);
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'wang' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Secret-passw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    const code = await screen.findByLabelText('动态验证码');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(useAdminSession.getState().token).toBe('new-token'));
    expect(callsOf(calls, ADMIN_ROUTES.login).map((c) => c.body)).toEqual([
      { username: 'wang', password: 'Secret-passw0rd' },
      { username: 'wang', password: 'Secret-passw0rd', totp: '123456' },
    ]);
  });
});
