import {
  ADMIN_COMPANY_ROUTES,
  ADMIN_ROUTES,
  type OperatorRole,
  type TCompanyAccount,
  type TCompanyDetail,
  type TCompanySummary,
} from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

const COMPANY: TCompanySummary = {
  sid: 'u0000000000000001',
  company: '深圳市宝图珠宝科技有限公司',
  license: '91440300MA5XXXXX13',
  name: '林经理',
  mobile: '13800000001',
  email: 'lin@example.com',
  enabled: true,
  erased: false,
  createdAt: '2026-03-01T01:00:00.000Z',
  lastLoginAt: null,
};

const DETAIL: TCompanyDetail = {
  ...COMPANY,
  address: '深圳市罗湖区水贝一路 8 号',
  subEnabled: true,
  walletBalance: 123_456,
  isVip: false,
  vipValidBefore: null,
};

const SUB: TCompanyAccount = {
  sid: 'u0000000000000002',
  username: 'xiaozhou',
  name: '小周',
  mobile: null,
  email: null,
  enabled: true,
  erased: false,
  createdAt: '2026-03-02T01:00:00.000Z',
  lastLoginAt: null,
};

const page = <T,>(items: T[]) => ({ total: items.length, totalCapped: false, nextCursor: null, items });

let calls: ApiCall[] = [];

/** The console as an operator of `roles`; the company's calls answer as `handler` says, else as the server would. */
function serve(roles: OperatorRole[], handler: ApiHandler = () => undefined) {
  calls = serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) {
      return ok({
        operator: {
          sid: 'op00000000000001',
          username: 'zhao',
          name: '赵客服',
          lastLoginAt: null,
          roles,
          totpEnabled: false,
          mustChangePassword: false,
        },
        warnings: { cluster: null },
      });
    }
    const answer = handler(call);
    if (answer) return answer;
    if (isCall(call, ADMIN_COMPANY_ROUTES.list)) {
      return ok({ total: 1, totalCapped: false, nextCursor: null, companies: [COMPANY] });
    }
    if (isCall(call, ADMIN_COMPANY_ROUTES.detail)) return ok({ company: DETAIL });
    if (isCall(call, ADMIN_COMPANY_ROUTES.accounts)) return ok(page([SUB]));
    if (isCall(call, ADMIN_COMPANY_ROUTES.orders)) return ok(page([]));
    if (isCall(call, ADMIN_COMPANY_ROUTES.disableAccount)) return ok({ sid: SUB.sid, enabled: false });
    if (isCall(call, ADMIN_COMPANY_ROUTES.enableAccount)) return ok({ sid: SUB.sid, enabled: true });
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

describe('企业客户', () => {
  it('is in the menu of 客服, lists companies and searches by what was typed', async () => {
    serve(['service']);
    renderConsoleAt('/admin/companies');
    expect(await screen.findByText('深圳市宝图珠宝科技有限公司')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: /企业客户/ })).toBeTruthy();
    expect(screen.getByText(/共 1 家企业/)).toBeTruthy();

    const search = screen.getByPlaceholderText('公司名称、手机号、邮箱、用户名或税号');
    fireEvent.change(search, { target: { value: '13800000001' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(callsOf(calls, ADMIN_COMPANY_ROUTES.list).at(-1)?.url.searchParams.get('q')).toBe('13800000001'),
    );
    expect(screen.getByTestId('where').textContent).toContain('q=13800000001');
  });

  it('says a failed search in place with 重试, not "no companies"', async () => {
    serve(['service'], (call) =>
      isCall(call, ADMIN_COMPANY_ROUTES.list)
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : undefined,
    );
    renderConsoleAt('/admin/companies');
    expect(await screen.findByText('企业客户列表加载失败')).toBeTruthy();
    expect(screen.queryByText('还没有企业客户')).toBeNull();
    const asked = callsOf(calls, ADMIN_COMPANY_ROUTES.list).length;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(callsOf(calls, ADMIN_COMPANY_ROUTES.list).length).toBe(asked + 1));
  });

  it('opens a company with its balance and its sub-accounts, each tab failing in place with 重试', async () => {
    let ordersFail = true;
    serve(['service'], (call) =>
      isCall(call, ADMIN_COMPANY_ROUTES.orders) && ordersFail
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : undefined,
    );
    renderConsoleAt(`/admin/companies?company=${COMPANY.sid}`);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('¥1,234.56')).toBeTruthy();
    expect(await within(drawer).findByText('xiaozhou')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('tab', { name: '订单' }));
    expect(await within(drawer).findByText('订单列表加载失败')).toBeTruthy();
    expect(within(drawer).queryByText('还没有订单')).toBeNull();
    ordersFail = false;
    fireEvent.click(within(drawer).getByRole('button', { name: /重试/ }));
    expect(await within(drawer).findByText('还没有订单')).toBeTruthy();
  });

  it('disables a sub-account only with a reason, after saying what it does', async () => {
    serve(['service']);
    renderConsoleAt(`/admin/companies?company=${COMPANY.sid}`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('xiaozhou');
    const row = within(drawer).getByText('xiaozhou').closest('tr')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /停\s?用/ }));

    const asking = (await screen.findByText('停用 xiaozhou？')).closest<HTMLElement>('.ant-modal')!;
    expect(within(asking).getByText(/立即退出登录/)).toBeTruthy();
    fireEvent.click(within(asking).getByRole('button', { name: /停\s?用/ }));
    expect(await within(asking).findByText('请填写停用原因（不超过 200 个字符）')).toBeTruthy();
    expect(callsOf(calls, ADMIN_COMPANY_ROUTES.disableAccount)).toHaveLength(0);

    fireEvent.change(within(asking).getByLabelText('停用原因'), { target: { value: '员工已离职' } });
    fireEvent.click(within(asking).getByRole('button', { name: /停\s?用/ }));
    await waitFor(() => expect(callsOf(calls, ADMIN_COMPANY_ROUTES.disableAccount, { id: SUB.sid })).toHaveLength(1));
    expect(callsOf(calls, ADMIN_COMPANY_ROUTES.disableAccount)[0]!.body).toEqual({ reason: '员工已离职' });
  });

  it('keeps a pasted reason past 200 characters as typed and refuses it with the limit named, sending nothing', async () => {
    serve(['service']);
    renderConsoleAt(`/admin/companies?company=${COMPANY.sid}`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('xiaozhou');
    const row = within(drawer).getByText('xiaozhou').closest('tr')!;
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /停\s?用/ }));
    const asking = (await screen.findByText('停用 xiaozhou？')).closest<HTMLElement>('.ant-modal')!;

    const pasted = '员工已离职，'.repeat(34); // 204 characters
    const field = within(asking).getByLabelText<HTMLTextAreaElement>('停用原因');
    // nothing for the browser to cut a paste short with
    expect(field.getAttribute('maxlength')).toBeNull();
    fireEvent.change(field, { target: { value: pasted } });
    expect(field.value).toBe(pasted);
    expect(within(asking).getByText('204 / 200')).toBeTruthy();
    fireEvent.click(within(asking).getByRole('button', { name: /停\s?用/ }));
    expect(await within(asking).findByText('停用原因不能超过 200 个字符')).toBeTruthy();
    expect(field.value).toBe(pasted);
    expect(callsOf(calls, ADMIN_COMPANY_ROUTES.disableAccount)).toHaveLength(0);
  });

  it("shows an account deleted at its owner's request as 已注销, with no 启用 to offer", async () => {
    serve(['service'], (call) => {
      if (isCall(call, ADMIN_COMPANY_ROUTES.detail))
        return ok({ company: { ...DETAIL, enabled: false, erased: true } });
      if (isCall(call, ADMIN_COMPANY_ROUTES.accounts)) return ok(page([{ ...SUB, enabled: false, erased: true }]));
      return undefined;
    });
    renderConsoleAt(`/admin/companies?company=${COMPANY.sid}`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('xiaozhou');
    const row = within(drawer).getByText('xiaozhou').closest('tr')!;
    expect(within(row).getByText('已注销')).toBeTruthy();
    expect(within(drawer).getAllByText('已注销')).toHaveLength(2);
    expect(within(drawer).queryByText('已停用')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /启\s?用/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /停\s?用/ })).toBeNull();
  });

  it('says that disabling the main account stops its sub-accounts too, and enables a disabled account after asking', async () => {
    serve(['service'], (call) =>
      isCall(call, ADMIN_COMPANY_ROUTES.accounts) ? ok(page([{ ...SUB, enabled: false }])) : undefined,
    );
    renderConsoleAt(`/admin/companies?company=${COMPANY.sid}`);
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('xiaozhou');

    fireEvent.click(within(drawer).getAllByRole('button', { name: /停\s?用/ })[0]!);
    const asking = (await screen.findByText(`停用 ${COMPANY.company}？`)).closest<HTMLElement>('.ant-modal')!;
    expect(within(asking).getByText(/主账号和全部子账号立即退出登录/)).toBeTruthy();

    const row = within(drawer).getByText('xiaozhou').closest('tr')!;
    expect(within(row).getByText('已停用')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /启\s?用/ }));
    const confirm = (await screen.findByText('启用 xiaozhou？')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(confirm).getByRole('button', { name: /启\s?用/ }));
    await waitFor(() => expect(callsOf(calls, ADMIN_COMPANY_ROUTES.enableAccount, { id: SUB.sid })).toHaveLength(1));
  });

  it('is not offered to 内容', async () => {
    serve(['content']);
    renderConsoleAt('/admin/materials');
    await screen.findAllByRole('menuitem');
    expect(screen.queryByRole('menuitem', { name: /企业客户/ })).toBeNull();
  });
});
