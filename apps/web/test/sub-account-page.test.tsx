import { type TSubUser, USER_ROUTES, endpointUrl } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
// the dialogs' code and antd's scope, which the page loads when a dialog first opens, loaded with
// the test file so that no test waits for them
import '@/app/antd-scope';
import '@/features/account/components/sub-user-modals';
import SubAccountPage from '@/features/account/routes/sub-account-page';
import { notify } from '@/lib/notify';
import { signedInForEachTest, subUserOf, userOf } from './factories';
import { type ApiCall, type ApiHandler, ok, paramsOf, serveApi, isCall } from './fake-api';

/**
 * /user/sub-account: the table on desktops, one card per sub-account on phones. Both are in the
 * page (CSS shows one of them), so both are read here.
 */

const STAFF = subUserOf({
  sid: 'sub0000000000001',
  username: 'staff01',
  name: '王小明',
  email: 'wang@example.cn',
  mobile: '13800000000',
  orderWaiting: 2,
  vipValid: true,
  monthlyBudget: 50_000,
  monthSpent: 29_800,
  lastLoginAt: '2026-01-02T00:00:00.000Z',
});
const DESIGNER = subUserOf({ sid: 'sub0000000000002', username: 'design02', enabled: false });

// ---- a fetch that answers like the server ----------------------------------------------------

let calls: ApiCall[] = [];

function serve(handler: ApiHandler) {
  calls = serveApi(handler);
}

const listCalls = () => calls.filter((c) => isCall(c, USER_ROUTES.subUsers));

/** The sub-account list answers `subUsers`; enabling or disabling one answers it changed. */
function serveSubUsers(subUsers: TSubUser[]) {
  serve((call) => {
    if (isCall(call, USER_ROUTES.subUsers)) return ok({ sub_users: subUsers });
    const enabled = paramsOf(call, USER_ROUTES.setSubUserEnabled);
    if (enabled) {
      const subUser = subUsers.find((s) => s.sid === enabled.id)!;
      return ok({ sub_user: { ...subUser, ...(call.body as object) } });
    }
    return undefined;
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // no antd around the page: it renders without it, and its dialogs load antd's scope themselves
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user/sub-account']}>
        <SubAccountPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The phones' cards, once the list has loaded. */
async function findCards() {
  const list = await screen.findByRole('list', { name: '子账号列表' });
  return within(list).getAllByRole('listitem');
}

/**
 * The dialog titled `title` (antd's test ids are alike, so not found by its accessible name). The
 * dialogs are loaded on first opening, with antd: the first one found may take a while.
 */
async function findDialog(title: string | RegExp) {
  const found = await screen.findByText(title, { selector: '.ant-modal-title' }, { timeout: 10_000 });
  const dialog = found.closest<HTMLElement>('[role="dialog"]');
  expect(dialog).not.toBeNull();
  return dialog!;
}

/** The table's body rows (the header row left out). */
function tableRows() {
  const table = screen.getByRole('table', { name: '子账号列表' });
  return within(table).getAllByRole('row').slice(1);
}

signedInForEachTest(() => userOf({ subEnabled: true }));

describe('子账号 on phones: one card per sub-account', () => {
  it('lists the same sub-accounts as the table, with everything a row shows', async () => {
    serveSubUsers([STAFF, DESIGNER]);
    renderPage();

    const cards = await findCards();
    const rows = tableRows();
    expect(cards).toHaveLength(2);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('staff01')).toBeTruthy();
    expect(within(rows[1]!).getByText('design02')).toBeTruthy();

    const [staff, designer] = cards as [HTMLElement, HTMLElement];
    for (const text of ['staff01', '王小明', 'wang@example.cn', '13800000000', '¥298.00 / ¥500.00', 'VIP']) {
      expect(within(staff).getByText(text)).toBeTruthy();
      expect(within(rows[0]!).getByText(text)).toBeTruthy();
    }
    expect(within(staff).getByText('2')).toBeTruthy(); // 待审批订单
    expect(
      within(staff).getByRole('progressbar', { name: 'staff01 本月已批准 ¥298.00，每月预算 ¥500.00' }),
    ).toBeTruthy();
    expect(within(designer).getByText('design02')).toBeTruthy();
    expect(within(designer).getByText('不限预算')).toBeTruthy();
    expect(within(designer).getByText('从未登录')).toBeTruthy();

    // the switch and every action of a row, each named with its sub-account
    expect(within(staff).getByRole('switch', { name: '停用子账号 staff01' }).getAttribute('aria-checked')).toBe('true');
    expect(within(designer).getByRole('switch', { name: '启用子账号 design02' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    for (const name of ['编辑 staff01', '设置密码 staff01', '更换邮箱 staff01']) {
      expect(within(staff).getByRole('button', { name })).toBeTruthy();
      expect(within(rows[0]!).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(designer).getByRole('button', { name: '绑定邮箱 design02' })).toBeTruthy();
  });

  it('disables a sub-account from its card, says so and reloads the list', async () => {
    serveSubUsers([STAFF, DESIGNER]);
    renderPage();
    const [staff] = (await findCards()) as [HTMLElement];

    fireEvent.click(within(staff).getByRole('switch', { name: '停用子账号 staff01' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe(endpointUrl(USER_ROUTES.setSubUserEnabled, { params: { id: STAFF.sid } }));
    expect(put.body).toEqual({ enabled: false });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已停用'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('opens the password and email dialogs of the sub-account from its card', async () => {
    serveSubUsers([STAFF, DESIGNER]);
    renderPage();
    const [, designer] = (await findCards()) as [HTMLElement, HTMLElement];

    fireEvent.click(within(designer).getByRole('button', { name: '设置密码 design02' }));
    expect(within(await findDialog('设置 design02 的登录密码')).getByLabelText(/密码/)).toBeTruthy();

    fireEvent.click(within(designer).getByRole('button', { name: '绑定邮箱 design02' }));
    expect(within(await findDialog(/绑定 design02 的邮箱/)).getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('offers to create the first sub-account when there is none', async () => {
    serveSubUsers([]);
    renderPage();

    // the cards' empty state and the table's
    await waitFor(() => expect(screen.getAllByText('还没有子账号')).toHaveLength(2));
    expect(screen.queryByRole('list', { name: '子账号列表' })).toBeNull();
    // the header's button, then the cards' empty state's
    fireEvent.click(screen.getAllByRole('button', { name: '新建子账号' })[1]!);
    expect(within(await findDialog('新建子账号')).getByLabelText('用户名')).toBeTruthy();
  });

  it('says the list failed to load, with a retry, and nothing else: not that there is no sub-account', async () => {
    serve((call) =>
      isCall(call, USER_ROUTES.subUsers)
        ? { status: 500, body: { code: 1000, data: null, message: '服务器繁忙' } }
        : undefined,
    );
    renderPage();

    expect(await screen.findByText('子账号列表加载失败')).toBeTruthy();
    expect(screen.queryByRole('list', { name: '子账号列表' })).toBeNull();
    // neither the cards nor the table say there is no sub-account
    expect(screen.queryByText('还没有子账号')).toBeNull();
    expect(screen.queryByRole('table', { name: '子账号列表' })).toBeNull();

    serveSubUsers([STAFF]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await findCards()).toHaveLength(1);
  });
});

describe('新建子账号: the monthly budget is refused, never changed', () => {
  it.each([
    ['−100', '-100', '每月预算不能小于 0'],
    ['an amount below a cent', '1.234', '每月预算最多精确到分'],
  ])('refuses %s with a message instead of saving another amount', async (_name, typed, message) => {
    serveSubUsers([]);
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: '新建子账号' }))[0]!);
    const dialog = await findDialog('新建子账号');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'staff09' } });
    fireEvent.change(within(dialog).getByLabelText('登录密码'), { target: { value: 'Secret123!' } });
    const budget = within(dialog).getByLabelText('每月预算（元）');
    fireEvent.change(budget, { target: { value: typed } });
    fireEvent.blur(budget);
    expect((budget as HTMLInputElement).value).toBe(typed);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));

    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('新建子账号: what is typed past a limit is kept and refused, never cut', () => {
  it('keeps a pasted name past 40 characters and a password past 64 as typed, names both limits and sends nothing', async () => {
    serveSubUsers([]);
    renderPage();
    fireEvent.click((await screen.findAllByRole('button', { name: '新建子账号' }))[0]!);
    const dialog = await findDialog('新建子账号');
    fireEvent.change(within(dialog).getByLabelText('用户名'), { target: { value: 'staff09' } });
    const password = within(dialog).getByLabelText<HTMLInputElement>('登录密码');
    const longPassword = 'Gemstock-2026!'.repeat(5); // 70 characters
    fireEvent.change(password, { target: { value: longPassword } });
    const name = within(dialog).getByLabelText<HTMLInputElement>('姓名');
    const longName = '深圳市宝图珠宝科技有限公司设计部'.repeat(3); // 48 characters
    fireEvent.change(name, { target: { value: longName } });
    expect(within(dialog).getByText('48 / 40')).toBeTruthy();
    // nothing for the browser to cut a paste short with
    expect([name, password].map((field) => field.getAttribute('maxlength'))).toEqual([null, null]);

    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText('姓名不能超过 40 个字符')).toBeTruthy();
    expect(await within(dialog).findByText('密码长度为 8-64 位')).toBeTruthy();
    expect(name.value).toBe(longName);
    expect(password.value).toBe(longPassword);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
