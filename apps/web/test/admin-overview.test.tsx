import { ADMIN_OVERVIEW_ROUTES, ADMIN_ROUTES, type OperatorRole, type TAdminOverview } from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

function me(roles: OperatorRole[]) {
  return ok({
    operator: {
      sid: 'op00000000000007',
      username: 'ops',
      name: '值班运营',
      lastLoginAt: null,
      roles,
      totpEnabled: false,
      mustChangePassword: false,
    },
    warnings: { cluster: null },
  });
}

/** What the server answers a 财务 operator: the content and service figures are not theirs (null). */
const FINANCE: TAdminOverview = {
  transfersWaiting: { count: 3, capped: false },
  exceptionsOpen: { count: 1000, capped: true },
  invoicesToIssue: { count: 5, capped: false },
  invoicesOverdue: { count: 0, capped: false },
  demandsWaiting: null,
  demandsOverdue: null,
  mediaFailed: null,
  reviewPending: null,
};

function serveOverview(roles: OperatorRole[], overview: TAdminOverview | 'fails'): ApiCall[] {
  return serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) return me(roles);
    if (isCall(call, ADMIN_OVERVIEW_ROUTES.overview)) {
      return overview === 'fails'
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : ok(overview);
    }
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

describe('今日待办, the page the console opens on', () => {
  it('/admin opens it, whatever the role', async () => {
    serveOverview(['finance'], FINANCE);
    renderConsoleAt('/admin');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/overview'), { timeout: 15_000 });
  });

  it("shows the figures of the operator's roles, each a link to its list, and says a capped count as 1,000+", async () => {
    serveOverview(['finance'], FINANCE);
    renderConsoleAt('/admin/overview');

    const transfers = await screen.findByRole('link', { name: '待确认到账 3' }, { timeout: 10_000 });
    expect(transfers.getAttribute('href')).toBe('/admin/transfers');
    expect(screen.getByRole('link', { name: '待处理 1,000+' }).getAttribute('href')).toBe(
      '/admin/payment-exceptions?status=PENDING',
    );
    expect(screen.getByRole('link', { name: '待开具 5' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '已超过承诺开具日 0' })).toBeTruthy();
    // not a 财务's work: no figure at all, rather than a zero
    expect(screen.queryByText('素材审核')).toBeNull();
    expect(screen.queryByText('定制需求')).toBeNull();

    fireEvent.click(transfers);
    // the next page may be loaded on demand: the address moves once it is
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/transfers'));
  });

  it('sends 内容 to the failed materials and the review queue', async () => {
    serveOverview(['content'], {
      ...Object.fromEntries(Object.keys(FINANCE).map((k) => [k, null])),
      mediaFailed: { count: 2, capped: false },
      reviewPending: { count: 7, capped: false },
    } as TAdminOverview);
    renderConsoleAt('/admin/overview');
    const failed = await screen.findByRole('link', { name: '处理失败的素材 2' }, { timeout: 10_000 });
    expect(failed.getAttribute('href')).toBe('/admin/materials?status=failed');
    expect(screen.getByRole('link', { name: '待审核的上传 7' }).getAttribute('href')).toBe('/admin/review');
    expect(screen.queryByText('对公转账')).toBeNull();
  });

  it("puts each page's waiting work beside its menu entry", async () => {
    serveOverview(['finance'], FINANCE);
    renderConsoleAt('/admin/overview');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByText('3')).toBeTruthy());
    expect(within(menu).getByText('1,000+')).toBeTruthy();
    expect(within(menu).getByText('5')).toBeTruthy();
  });

  it('says a failed load in place, not "nothing to do", and 重试 asks again', async () => {
    const calls = serveOverview(['content'], 'fails');
    renderConsoleAt('/admin/overview');
    expect(await screen.findByText('今日待办加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/暂无待办/)).toBeNull();

    const asked = callsOf(calls, ADMIN_OVERVIEW_ROUTES.overview).length;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await vi.waitFor(() => expect(callsOf(calls, ADMIN_OVERVIEW_ROUTES.overview).length).toBeGreaterThan(asked));
  });
});
