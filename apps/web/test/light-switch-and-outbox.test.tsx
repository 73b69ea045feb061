import { type TOutboxMessage, COMMON_ROUTES, DEV_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Progress } from '@/components/ui/progress';
import { Switch } from '@/components/ui/switch';
import OutboxPage from '@/features/dev-outbox/routes/outbox-page';
import { ok, serveApi, isCall } from './fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the light switch', () => {
  it('is a named switch that toggles with a click, Space/Enter (a native button) and the arrows', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Switch checked onChange={onChange} checkedChildren="启用" unCheckedChildren="停用" aria-label="停用子账号 a" />,
    );
    const control = screen.getByRole('switch', { name: '停用子账号 a' });
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(control.tagName).toBe('BUTTON');
    expect(control.textContent).toBe('启用');
    fireEvent.click(control);
    expect(onChange).toHaveBeenLastCalledWith(false);
    // → asks for on, which it already is; ← asks for off
    fireEvent.keyDown(control, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(control, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenCalledTimes(2);

    rerender(
      <Switch
        checked={false}
        loading
        onChange={onChange}
        checkedChildren="启用"
        unCheckedChildren="停用"
        aria-label="启用子账号 a"
      />,
    );
    const saving = screen.getByRole('switch', { name: '启用子账号 a' });
    expect(saving.getAttribute('aria-checked')).toBe('false');
    expect(saving.textContent).toBe('停用');
    // still focusable while the change is saved, but inert
    expect((saving as HTMLButtonElement).disabled).toBe(false);
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(saving);
    fireEvent.keyDown(saving, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('draws progress as a named progressbar', () => {
    render(<Progress percent={150} status="exception" aria-label="本月已用" />);
    expect(screen.getByRole('progressbar', { name: '本月已用' }).getAttribute('aria-valuenow')).toBe('100');
  });
});

const CODE_MAIL: TOutboxMessage = {
  channel: 'email',
  to: 'staff@example.cn',
  code: '482913',
  text: '您的验证码是 482913',
  createdAt: '2026-01-02T00:00:00.000Z',
};
const TEXT: TOutboxMessage = {
  channel: 'sms',
  to: '13800000000',
  code: null,
  text: '您的订单已发货',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderOutbox(devOutbox: boolean, messages: TOutboxMessage[]) {
  serveApi((call) => {
    if (isCall(call, COMMON_ROUTES.siteConfig)) return ok({ siteName: '宝图', devOutbox });
    if (isCall(call, DEV_ROUTES.outbox)) return ok({ messages });
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/dev/outbox']}>
        <OutboxPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('/dev/outbox without antd', () => {
  it('lists what was sent, each code with its copy button', async () => {
    renderOutbox(true, [CODE_MAIL, TEXT]);
    expect(await screen.findByRole('heading', { name: '开发邮箱' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: '开发邮箱消息列表' });
    await within(table).findByText('staff@example.cn');
    const [, mail, sms] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(mail).getByText('邮件')).toBeTruthy();
    expect(within(mail).getByText('482913')).toBeTruthy();
    expect(within(mail).getByRole('button', { name: '复制 482913' })).toBeTruthy();
    expect(within(sms).getByText('短信')).toBeTruthy();
    expect(within(sms).getByText('—')).toBeTruthy();
    expect(within(sms).getByText('您的订单已发货')).toBeTruthy();
  });

  it('says there is nothing yet, and is not found where the site has no dev outbox', async () => {
    renderOutbox(true, []);
    expect(await screen.findByText('还没有发出的邮件或短信')).toBeTruthy();
    cleanup();
    renderOutbox(false, []);
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeTruthy();
  });
});
