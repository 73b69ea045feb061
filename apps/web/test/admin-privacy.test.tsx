import { ADMIN_PRIVACY_ROUTES, ADMIN_ROUTES, type TAdminPrivacyRequest } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { PrivacyPage } from '@/features/admin/routes/privacy-page';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';

function request(overrides: Partial<TAdminPrivacyRequest>): TAdminPrivacyRequest {
  return {
    sid: 'req0000000000001',
    kind: 'COPY',
    status: 'PENDING',
    detail: null,
    dueAt: '2026-10-22T16:00:00.000Z',
    dueDate: '2026-10-22',
    resolution: null,
    resolvedAt: null,
    archiveExpiresAt: null,
    createdAt: '2026-09-24T02:00:00.000Z',
    account: 'buyer@example.com',
    company: '上海鑫鎏珠宝有限公司',
    mainAccount: true,
    overdue: false,
    forfeitedBalanceCents: null,
    ...overrides,
  };
}

const OVERDUE = request({ sid: 'req0000000000001', kind: 'CORRECTION', detail: '姓名应为王晓明', overdue: true });
const DELETION = request({ sid: 'req0000000000002', kind: 'DELETION', forfeitedBalanceCents: 69_900 });

let calls: ApiCall[] = [];

function renderPage() {
  calls = serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) {
      return ok({
        operator: {
          sid: 'op1',
          username: 'kefu',
          name: '客服',
          lastLoginAt: null,
          roles: ['service'],
          totpEnabled: false,
          mustChangePassword: false,
        },
        warnings: { cluster: null },
      });
    }
    if (isCall(call, ADMIN_PRIVACY_ROUTES.list)) {
      return ok({ total: 2, totalCapped: false, nextCursor: null, requests: [OVERDUE, DELETION] });
    }
    if (isCall(call, ADMIN_PRIVACY_ROUTES.deletionPreview, { id: DELETION.sid })) {
      return ok({
        blockers: ['有 1 个发票申请正在处理，请等待开具或驳回后再申请'],
        accounts: ['主账号 buyer@example.com（王小明）', '子账号 caigou（李采购）'],
        removed: ['姓名、邮箱、手机号'],
        kept: ['订单、支付与退款记录（会计账簿，依法保存）'],
      });
    }
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/admin/privacy']}>
            <PrivacyPage />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('隐私请求 (the console queue)', () => {
  it('asks for the waiting requests first, shows each deadline, marks the overdue one, offers the actions of its kind', async () => {
    renderPage();
    expect(await screen.findByText('已逾期')).toBeTruthy();
    expect(screen.getAllByText('2026-10-22 前')).toHaveLength(2);
    expect(paramsQuery(calls)).toMatchObject({ status: 'PENDING' });
    const correction = screen.getByText('姓名应为王晓明').closest('tr')!;
    expect(within(correction as HTMLElement).getByRole('button', { name: '已更正' })).toBeTruthy();
    expect(within(correction as HTMLElement).queryByRole('button', { name: '生成副本' })).toBeNull();
    expect(screen.getByText('已确认放弃钱包余额 ¥699.00')).toBeTruthy();
  });

  it('a deletion shows what it removes and keeps, and cannot be confirmed while something blocks it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '注销' }));
    expect(await screen.findByText('子账号 caigou（李采购）')).toBeTruthy();
    expect(screen.getByText('订单、支付与退款记录（会计账簿，依法保存）')).toBeTruthy();
    expect(screen.getByText(/1 个发票申请正在处理/)).toBeTruthy();
    const confirm = screen.getByRole('button', { name: '注销并删除个人信息' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(callsOf(calls, ADMIN_PRIVACY_ROUTES.erase)).toHaveLength(0);
  });

  it('filtering by kind asks the server for that kind', async () => {
    renderPage();
    await screen.findByText('已逾期');
    fireEvent.click(screen.getByText('注销账号', { selector: '.ant-segmented-item-label' }));
    await vi.waitFor(() => expect(paramsQuery(calls)).toMatchObject({ status: 'PENDING', kind: 'DELETION' }));
  });
});

/** The query of the latest list call. */
function paramsQuery(all: ApiCall[]): Record<string, string> {
  const last = callsOf(all, ADMIN_PRIVACY_ROUTES.list).at(-1);
  return last ? Object.fromEntries(last.url.searchParams) : {};
}
