import { MESSAGES, USER_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountSettingPage from '@/features/account/routes/account-setting-page';
import CompanySettingPage from '@/features/account/routes/company-setting-page';
import { CompanyDialog } from '@/features/company/components/company-dialog';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { signedInForEachTest, userOf } from './factories';
import { type ApiCall, type ApiHandler, ok, serveApi, isCall } from './fake-api';

/**
 * /user/account-setting and /user/company-setting, which load no antd: their forms are plain
 * fields checked with the contract's schemas, which load on the first check.
 */

const COMPANY = {
  company: '杭州宝图测试珠宝有限公司',
  company_license: '91330100MA2KCHK01G',
  company_address: '浙江省杭州市西湖区文三路 200 号',
};

/** Types the company's three fields as a person would. */
function fillCompany() {
  fireEvent.change(screen.getByLabelText('企业全称'), { target: { value: COMPANY.company } });
  fireEvent.change(screen.getByLabelText('统一社会信用代码/纳税人识别号'), {
    target: { value: COMPANY.company_license },
  });
  fireEvent.change(screen.getByLabelText('企业地址'), { target: { value: COMPANY.company_address } });
}

let calls: ApiCall[] = [];

function serve(handler: ApiHandler) {
  calls = serveApi(handler);
}

/** A 1001 answer with the server's field errors. */
function invalid(fields: Array<{ path: string; message: string }>) {
  return { status: 400, body: { code: 1001, data: { fields }, message: '请求参数不正确' } };
}

function renderWithClient(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

signedInForEachTest(() => userOf({ company: null }));

afterEach(() => {
  useDialogs.getState().closeCompany();
  useDialogs.getState().closeAuth();
});

describe('企业信息 (/user/company-setting)', () => {
  it('shows the notice and the three required fields, named by their labels', () => {
    renderWithClient(<CompanySettingPage />);
    expect(screen.getByRole('heading', { name: '企业信息' })).toBeTruthy();
    expect(screen.getByText('授权许可证书与发票均按企业信息开具，请确保与营业执照一致。')).toBeTruthy();
    for (const label of ['企业全称', '统一社会信用代码/纳税人识别号', '企业地址']) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-required')).toBe('true');
      expect(field.getAttribute('aria-invalid')).toBeNull();
    }
    expect(screen.getByLabelText('企业地址').tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: '保存' }).getAttribute('type')).toBe('submit');
  });

  it('fills the fields from the account, and a sub-account is told it uses the main account’s', () => {
    useSession.getState().setUser(userOf({ level: 1, company: COMPANY.company, license: COMPANY.company_license }));
    useSession.setState({ userParent: { company: '主账号公司', license: null, address: null } as never });
    renderWithClient(<CompanySettingPage />);
    expect(screen.getByText('子账号默认使用主账号的企业信息（主账号公司）。')).toBeTruthy();
    expect((screen.getByLabelText('企业全称') as HTMLInputElement).value).toBe(COMPANY.company);
    expect((screen.getByLabelText('统一社会信用代码/纳税人识别号') as HTMLInputElement).value).toBe(
      COMPANY.company_license,
    );
  });

  it('shows the schema’s message under a field when it loses focus, and takes it away once fixed', async () => {
    renderWithClient(<CompanySettingPage />);
    const name = screen.getByLabelText('企业全称');
    fireEvent.change(name, { target: { value: '杭' } });
    fireEvent.blur(name);

    const message = await screen.findByText(MESSAGES.company);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);

    // checked again on every change once it has been checked
    fireEvent.change(name, { target: { value: COMPANY.company } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.company)).toBeNull());
    expect(name.getAttribute('aria-invalid')).toBeNull();

    const license = screen.getByLabelText('统一社会信用代码/纳税人识别号');
    fireEvent.change(license, { target: { value: '91330100MA2KCHK01X' } });
    fireEvent.blur(license);
    // typed, but its check digit is wrong: said so, not "请输入…" as if it were empty
    expect(await screen.findByText('统一社会信用代码的校验位不正确，请核对后重新输入')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.license)).toBeNull();
  });

  it('keeps an over-long company name whole, counts it and names the limit, and refuses emoji', async () => {
    serve(() => undefined);
    renderWithClient(<CompanySettingPage />);
    const name = screen.getByLabelText('企业全称');
    const long = '杭州宝图'.repeat(25) + '珠宝有限公司';
    fireEvent.change(name, { target: { value: long } });
    fireEvent.blur(name);

    expect(await screen.findByText('企业全称不能超过 100 个字符')).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe(long);
    expect(name.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('106 / 100').className).toContain('is-over');

    fireEvent.change(name, { target: { value: '杭州宝图💎珠宝有限公司' } });
    expect(await screen.findByText(MESSAGES.companyCharacters)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toHaveLength(0);
  });

  it('on submit shows every message, focuses the first invalid field and sends nothing', async () => {
    serve(() => undefined);
    renderWithClient(<CompanySettingPage />);
    fireEvent.change(screen.getByLabelText('企业地址'), { target: { value: COMPANY.company_address } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText(MESSAGES.company)).toBeTruthy();
    expect(screen.getByText(MESSAGES.license)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.address)).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('企业全称'));
    expect(calls).toHaveLength(0);
  });

  it('sends the company on submit (as Enter in a field does) and says 更新成功', async () => {
    serve((call) =>
      isCall(call, USER_ROUTES.company) ? ok({ user: userOf({ company: COMPANY.company }) }) : undefined,
    );
    renderWithClient(<CompanySettingPage />);
    fillCompany();
    // Enter in a text field submits its form (the browser's implicit submission)
    fireEvent.submit(screen.getByLabelText('企业全称').closest('form')!);

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('更新成功'));
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      [USER_ROUTES.company.method, USER_ROUTES.company.path, COMPANY],
    ]);
    expect(useSession.getState().user?.company).toBe(COMPANY.company);
  });

  it('puts the server’s field errors under their fields and focuses the first', async () => {
    serve((call) =>
      isCall(call, USER_ROUTES.company)
        ? invalid([
            { path: 'company_license', message: '该纳税人识别号已被其他企业使用' },
            { path: 'unknown_field', message: '不会显示' },
          ])
        : undefined,
    );
    renderWithClient(<CompanySettingPage />);
    fillCompany();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    const message = await screen.findByText('该纳税人识别号已被其他企业使用');
    const license = screen.getByLabelText('统一社会信用代码/纳税人识别号');
    expect(license.getAttribute('aria-invalid')).toBe('true');
    expect(license.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(license);
    expect(screen.queryByText('不会显示')).toBeNull();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('works inside the antd company dialog, whose 保存 continues the interrupted flow', async () => {
    serve((call) =>
      isCall(call, USER_ROUTES.company) ? ok({ user: userOf({ company: COMPANY.company }) }) : undefined,
    );
    const onSaved = vi.fn();
    useDialogs.getState().openCompany(onSaved);
    renderWithClient(<CompanyDialog />);
    const dialog = await screen.findByRole('dialog');
    // antd spaces a two-character label out
    expect(within(dialog).getByRole('button', { name: /^取\s?消$/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText(MESSAGES.company)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('企业全称'));

    fireEvent.change(within(dialog).getByLabelText('企业全称'), { target: { value: COMPANY.company } });
    fireEvent.change(within(dialog).getByLabelText('统一社会信用代码/纳税人识别号'), {
      target: { value: COMPANY.company_license },
    });
    fireEvent.change(within(dialog).getByLabelText('企业地址'), { target: { value: COMPANY.company_address } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(useDialogs.getState().company.open).toBe(false);
  });
});

describe('账号设置 (/user/account-setting)', () => {
  it('lists the account’s details with 修改 or 绑定 beside each contact', () => {
    useSession.getState().setUser(userOf({ company: '上海鑫鎏珠宝有限公司', downloadCount: 7 }));
    renderWithClient(<AccountSettingPage />);
    expect(screen.getByRole('heading', { name: '账号信息' })).toBeTruthy();
    const details = screen.getByRole('heading', { name: '账号信息' }).closest('section')!;
    for (const text of ['buyer@example.cn', '主账号', '普通会员', '上海鑫鎏珠宝有限公司', '7', '未绑定']) {
      expect(within(details).getByText(text)).toBeTruthy();
    }
    expect(within(details).getByRole('button', { name: '修改' })).toBeTruthy(); // the email
    expect(within(details).getByRole('button', { name: '绑定' })).toBeTruthy(); // no mobile yet
  });

  // the dialog's code and antd load on the click: slow to compile on a cold test run
  it('opens the contact dialog on 修改', { timeout: 90_000 }, async () => {
    useSession.getState().setUser(userOf());
    renderWithClient(<AccountSettingPage />);
    fireEvent.click(screen.getByRole('button', { name: '修改' }));
    expect(await screen.findByText('修改邮箱', {}, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByText('验证码将发送到新的邮箱，验证通过后完成修改。')).toBeTruthy();
  });

  it('checks the password fields with the contract’s messages and focuses the first wrong one', async () => {
    serve(() => undefined);
    useSession.getState().setUser(userOf());
    renderWithClient(<AccountSettingPage />);
    const newPassword = screen.getByLabelText('新密码');
    fireEvent.change(newPassword, { target: { value: 'short' } });
    fireEvent.blur(newPassword);
    expect(await screen.findByText(MESSAGES.passwordLength)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText(MESSAGES.password)).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('当前密码'));

    // the confirmation follows the new password once checked
    fireEvent.change(newPassword, { target: { value: 'Longer-pass1' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Longer-pass2' } });
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    fireEvent.change(newPassword, { target: { value: 'Longer-pass2' } });
    await waitFor(() => expect(screen.queryByText('两次输入的新密码不一致')).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it('changes the password, then signs out and opens the login dialog', async () => {
    serve((call) => (isCall(call, USER_ROUTES.resetPassword) ? ok(null) : undefined));
    useSession.getState().setUser(userOf());
    renderWithClient(<AccountSettingPage />);
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Old-pass1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'New-pass12' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'New-pass12' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('密码已修改，请重新登录'));
    expect(calls[0]?.body).toEqual({ password: 'Old-pass1', new_password: 'New-pass12' });
    expect(useSession.getState().token).toBeNull();
    expect(useDialogs.getState().auth).toEqual({ open: true, mode: 'login' });
  });

  it('shows a wrong current password from the server under its field', async () => {
    serve((call) =>
      isCall(call, USER_ROUTES.resetPassword) ? invalid([{ path: 'password', message: '当前密码不正确' }]) : undefined,
    );
    useSession.getState().setUser(userOf());
    renderWithClient(<AccountSettingPage />);
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Wrong-pass1' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'New-pass12' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'New-pass12' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));

    expect(await screen.findByText('当前密码不正确')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('当前密码'));
    expect(useSession.getState().token).toBe('buyer-token');
  });

  it('shows the typed password on the eye, without taking the focus from it', () => {
    useSession.getState().setUser(userOf());
    renderWithClient(<AccountSettingPage />);
    const current = screen.getByLabelText('当前密码');
    expect(current.getAttribute('type')).toBe('password');
    const eye = within(current.parentElement!).getByRole('button', { name: '显示密码' });
    fireEvent.click(eye);
    expect(current.getAttribute('type')).toBe('text');
    expect(eye.getAttribute('aria-pressed')).toBe('true');
  });
});
