import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminApp from '@/features/admin/admin-app';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { serveApi } from './fake-api';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderConsoleAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={<AdminApp />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

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
    expect(screen.getByTestId('where').textContent).toBe('/admin/materials');
  });

  it('opens the materials on /admin itself', async () => {
    renderConsoleAt('/admin');
    expect(screen.getByTestId('where').textContent).toBe('/admin/materials');
  });
});
