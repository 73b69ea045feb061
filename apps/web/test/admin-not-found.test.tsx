import { ADMIN_ROUTES } from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

beforeEach(() => {
  // The frame's own requests (who am I, the service QR warning) and every page's are not the
  // point here: they answer the server's 404 envelope.
  serveApi(() => undefined);
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('an address the console does not have', () => {
  it('stays where it is and says so inside the console, with a way back', async () => {
    renderConsoleAt('/admin/no-such-page/deeper');
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    expect(screen.getByText(/运营后台没有 \/admin\/no-such-page\/deeper 这个页面/)).toBeTruthy();
    // no redirect: the address is the one asked for, not a growing chain of "materials"
    expect(screen.getByTestId('where').textContent).toBe('/admin/no-such-page/deeper');
    expect(screen.getByRole('button', { name: /退出/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '返回素材管理' }));
    // the navigation is a transition: the address changes once 素材管理's code has loaded
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/materials'), { timeout: 15_000 });
  });

  it('opens the first page the roles open on /admin itself: 今日待办 for 管理员', async () => {
    serveApi((call) =>
      isCall(call, ADMIN_ROUTES.me)
        ? ok({
            operator: {
              sid: 'op00000000000001',
              username: 'ops',
              name: null,
              lastLoginAt: null,
              roles: ['admin'],
              totpEnabled: false,
              mustChangePassword: false,
            },
            warnings: { cluster: null },
          })
        : undefined,
    );
    renderConsoleAt('/admin');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/overview'), { timeout: 15_000 });
  });

  it('opens 今日待办 on /admin for 财务 too', async () => {
    serveApi((call) =>
      isCall(call, ADMIN_ROUTES.me)
        ? ok({
            operator: {
              sid: 'op00000000000002',
              username: 'li',
              name: '李财务',
              lastLoginAt: null,
              roles: ['finance'],
              totpEnabled: false,
              mustChangePassword: false,
            },
            warnings: { cluster: null },
          })
        : undefined,
    );
    renderConsoleAt('/admin');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/overview'), { timeout: 15_000 });
  });
});
