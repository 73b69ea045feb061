import { ErrorCode, PRIVACY_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PrivacyPage from '@/features/account/routes/privacy-page';
import { signIn, userOf } from './factories';
import { callsOf, isCall, ok, serveApi } from './fake-api';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const REQUEST = {
  sid: 'r1',
  kind: 'COPY',
  status: 'DONE',
  detail: null,
  dueAt: '2026-12-18T16:00:00.000Z',
  dueDate: '2026-12-18',
  resolution: null,
  resolvedAt: '2026-11-30T02:00:00.000Z',
  archiveExpiresAt: '2026-12-07T02:00:00.000Z',
  createdAt: '2026-11-28T13:25:00.000Z',
};

beforeEach(() => {
  signIn(userOf({}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/privacy', () => {
  it('lists the requests with their deadline, state and the copy to download', async () => {
    serveApi((call) => (isCall(call, PRIVACY_ROUTES.list) ? ok({ requests: [REQUEST] }) : undefined));
    renderPage();
    expect(await screen.findByText('2026-12-18 前')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByRole('button', { name: /下载数据副本/ })).toBeTruthy();
  });

  it('a correction needs its text before anything is sent', async () => {
    const calls = serveApi((call) => (isCall(call, PRIVACY_ROUTES.list) ? ok({ requests: [] }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /更正个人信息/ }));
    fireEvent.click(screen.getByRole('button', { name: '提交请求' }));
    expect(await screen.findByText('请填写需要更正的内容')).toBeTruthy();
    expect(callsOf(calls, PRIVACY_ROUTES.create)).toHaveLength(0);
  });

  it("shows the server's refusal in place (a second request of the same kind)", async () => {
    const calls = serveApi((call) => {
      if (isCall(call, PRIVACY_ROUTES.list)) return ok({ requests: [] });
      if (isCall(call, PRIVACY_ROUTES.create)) {
        const { code, message, http } = ErrorCode.PRIVACY_REQUEST_OPEN;
        return { status: http, body: { code, data: null, message } };
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '提交请求' }));
    expect(await screen.findByText(ErrorCode.PRIVACY_REQUEST_OPEN.message)).toBeTruthy();
    expect(callsOf(calls, PRIVACY_ROUTES.create)[0]?.body).toEqual({ kind: 'COPY', forfeitBalance: false });
  });

  it('a deletion says what must be finished first and cannot be sent meanwhile', async () => {
    serveApi((call) => {
      if (isCall(call, PRIVACY_ROUTES.list)) return ok({ requests: [] });
      if (isCall(call, PRIVACY_ROUTES.deletionCheck)) {
        return ok({ blockers: ['有 1 个未支付的订单，请先支付或取消'], balanceCents: 0, subAccounts: 0 });
      }
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /注销账号/ }));
    expect(await screen.findByText('有 1 个未支付的订单，请先支付或取消')).toBeTruthy();
    expect((screen.getByRole('button', { name: '申请注销账号' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a deletion with wallet money asks the user to give it up, then sends that choice', async () => {
    const calls = serveApi((call) => {
      if (isCall(call, PRIVACY_ROUTES.list)) return ok({ requests: [] });
      if (isCall(call, PRIVACY_ROUTES.deletionCheck)) return ok({ blockers: [], balanceCents: 69_900, subAccounts: 2 });
      if (isCall(call, PRIVACY_ROUTES.create)) return ok({ ...REQUEST, kind: 'DELETION', status: 'PENDING' });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: /注销账号/ }));
    expect(await screen.findByText(/2 个子账号将随主账号一并注销/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: '申请注销账号' }) as HTMLButtonElement;
    fireEvent.click(screen.getByRole('checkbox', { name: /我已了解/ }));
    expect(submit.disabled).toBe(true); // the balance is not given up yet
    fireEvent.click(screen.getByRole('checkbox', { name: /放弃钱包中未过期的余额 ¥699/ }));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    await vi.waitFor(() => expect(callsOf(calls, PRIVACY_ROUTES.create)).toHaveLength(1));
    expect(callsOf(calls, PRIVACY_ROUTES.create)[0]?.body).toEqual({ kind: 'DELETION', forfeitBalance: true });
  });
});
