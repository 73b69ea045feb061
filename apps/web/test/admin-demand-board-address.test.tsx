import {
  ADMIN_DESIGN_ROUTES,
  ADMIN_OVERVIEW_ROUTES,
  ADMIN_ROUTES,
  DEMAND_STATUS_LABEL,
  type TAdminOverview,
} from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { BOARD_FILTER_STATUSES } from '@/features/admin/lib/demand-labels';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

const OVERVIEW: TAdminOverview = {
  transfersWaiting: null,
  exceptionsOpen: null,
  invoicesToIssue: null,
  invoicesOverdue: null,
  demandsWaiting: { count: 4, capped: false },
  demandsOverdue: { count: 2, capped: false },
  mediaFailed: null,
  reviewPending: null,
};

/** A 客服 operator, a to-do with demands, and an empty demand board. */
function serveBoard(): ApiCall[] {
  return serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) {
      return ok({
        operator: {
          sid: 'op00000000000007',
          username: 'ops',
          name: '值班客服',
          lastLoginAt: null,
          roles: ['service'],
          totpEnabled: false,
          mustChangePassword: false,
        },
        warnings: { cluster: null },
      });
    }
    if (isCall(call, ADMIN_OVERVIEW_ROUTES.overview)) return ok(OVERVIEW);
    if (isCall(call, ADMIN_DESIGN_ROUTES.list)) return ok({ demands: [], hasMore: false });
    return undefined;
  });
}

const boardQueries = (calls: ApiCall[]) =>
  callsOf(calls, ADMIN_DESIGN_ROUTES.list).map((c) => Object.fromEntries(c.url.searchParams));

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('the demand board keeps its filter in the address', () => {
  it("今日待办's overdue figure opens the board on overdue work", async () => {
    serveBoard();
    renderConsoleAt('/admin/overview');
    const overdue = await screen.findByRole('link', { name: '当前阶段已超期 2' }, { timeout: 10_000 });
    expect(overdue.getAttribute('href')).toBe('/admin/demands?overdue=true');
  });

  it("今日待办's waiting figure opens the board on the work waiting on us", async () => {
    const calls = serveBoard();
    renderConsoleAt('/admin/overview');
    const waiting = await screen.findByRole('link', { name: '待我方处理（报价、分配、交付） 4' }, { timeout: 10_000 });
    expect(waiting.getAttribute('href')).toBe('/admin/demands?waiting=true');
    fireEvent.click(waiting);
    await screen.findByText('暂无定制需求', {}, { timeout: 10_000 });
    expect(boardQueries(calls).at(-1)).toMatchObject({ waiting: 'true' });
  });

  it('an address with overdue=true asks for overdue work only', async () => {
    const calls = serveBoard();
    renderConsoleAt('/admin/demands?overdue=true');
    await screen.findByText('暂无定制需求', {}, { timeout: 10_000 });
    expect(boardQueries(calls).at(-1)).toMatchObject({ overdue: 'true' });
    expect(boardQueries(calls).every((q) => q.overdue === 'true')).toBe(true);
  });

  it('a chosen filter goes into the address and back to page 1', async () => {
    const stage = BOARD_FILTER_STATUSES[0]!;
    const calls = serveBoard();
    renderConsoleAt('/admin/demands?page=3');
    await screen.findByText('暂无定制需求', {}, { timeout: 10_000 });
    expect(boardQueries(calls).at(-1)).toMatchObject({ page: '3' });

    fireEvent.click(screen.getByText(DEMAND_STATUS_LABEL[stage]));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/admin/demands?status=${stage}`));
    await waitFor(() => expect(boardQueries(calls).at(-1)).toMatchObject({ status: stage, page: '1' }));

    fireEvent.click(screen.getByText('已逾期'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/demands?overdue=true'));
    await waitFor(() => expect(boardQueries(calls).at(-1)).not.toHaveProperty('status'));
  });

  it('a stage the board does not know, from a stale link, is not sent', async () => {
    const calls = serveBoard();
    renderConsoleAt('/admin/demands?status=NOT_A_STAGE');
    await screen.findByText('暂无定制需求', {}, { timeout: 10_000 });
    expect(boardQueries(calls).every((q) => !('status' in q))).toBe(true);
  });
});
