import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arrivedConsolePage, preloadConsolePage } from '@/features/admin/console-pages';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { queryClient } from '@/lib/query-client';
import { serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

beforeEach(() => {
  queryClient.clear();
  useAdminSession.getState().setToken('operator-token');
  serveApi(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('the page a cold console opens at', () => {
  it('is preloaded until its code has arrived, which the router waits for beside the frame', async () => {
    await preloadConsolePage('/admin/materials', '');
    expect(arrivedConsolePage('materials')?.MaterialsPage).toBeTypeOf('function');
  });

  it('renders in the frame’s first pass once its code is here: no spinner in its place first', async () => {
    await preloadConsolePage('/admin/orders', '');
    renderConsoleAt('/admin/orders');
    // React would reveal a page that suspended no sooner than 300 ms after its spinner
    expect(screen.getByPlaceholderText('订单号、买家邮箱 / 手机号 / 用户名或企业')).toBeTruthy();
  });
});
