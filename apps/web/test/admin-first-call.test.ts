import {
  ADMIN_ORDER_ROUTES,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_ROUTES,
  CONSOLE_SHELL_PAGES,
  consoleShellOf,
  endpointUrl,
} from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MATERIALS_KEY } from '@/features/admin/api/get-materials';
import { ADMIN_ORDERS_KEY } from '@/features/admin/api/get-orders';
import { CONSOLE_PAGES, preloadConsolePage } from '@/features/admin/console-pages';
import { ADMIN_SCOPE } from '@/features/admin/lib/admin-paths';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

function answering(status: number, data: unknown) {
  return vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify(status === 200 ? { code: 0, data, message: 'ok' } : data), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

const urlsOf = (fetchMock: { mock: { calls: [string][] } }) => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  queryClient.clear();
  useAdminSession.getState().setToken('operator-token');
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  // the page's code is not what these tests are about
  for (const key of Object.keys(CONSOLE_PAGES) as (keyof typeof CONSOLE_PAGES)[]) {
    vi.spyOn(CONSOLE_PAGES, key).mockReturnValue(new Promise(() => {}) as never);
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAdminSession.getState().clear();
});

describe("a console page's first call starts with its code", () => {
  it('asks for the orders list as /admin/orders first shows it, under the key the page reads', async () => {
    const fetchMock = answering(200, { orders: [], total: 0, totalCapped: false, nextCursor: null });
    vi.stubGlobal('fetch', fetchMock);
    void preloadConsolePage('/admin/orders', '');
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryData([...ADMIN_ORDERS_KEY, 'list', { page: 1, page_size: ADMIN_PAGE_SIZE_DEFAULT }]),
      ).toEqual({ orders: [], total: 0, totalCapped: false, nextCursor: null }),
    );
    expect(
      urlsOf(fetchMock).some((url) =>
        url.endsWith(endpointUrl(ADMIN_ORDER_ROUTES.list, { query: { page: 1, page_size: 20 } })),
      ),
    ).toBe(true);
  });

  it('asks for the materials list newest first and for 今日待办 at /admin', async () => {
    const fetchMock = answering(200, {});
    vi.stubGlobal('fetch', fetchMock);
    void preloadConsolePage('/admin/materials', '');
    void preloadConsolePage('/admin', '');
    await vi.waitFor(() => {
      expect(queryClient.getQueryData([...ADMIN_MATERIALS_KEY, { sort: 'newest', page_size: 20 }])).toEqual({});
      expect(queryClient.getQueryData([ADMIN_SCOPE, 'overview'])).toEqual({});
    });
  });

  it('leaves a filtered address, the login page and a signed-out console to the page itself', async () => {
    const fetchMock = answering(200, {});
    vi.stubGlobal('fetch', fetchMock);
    void preloadConsolePage('/admin/orders', '?status=paid');
    void preloadConsolePage('/admin/materials', '?q=ring');
    void preloadConsolePage('/admin/login', '');
    useAdminSession.getState().clear();
    void preloadConsolePage('/admin/orders', '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(urlsOf(fetchMock).filter((url) => !url.endsWith(ADMIN_ROUTES.me.path))).toEqual([]);
  });

  it('says nothing when the role may not read the list: the page (没有权限) is not shown', async () => {
    const forbidden = answering(403, { code: 2050, data: null, message: '您的角色无权执行此操作' });
    const me = answering(200, { operator: { roles: ['editor'] }, warnings: { cluster: null } });
    const fetchMock = vi.fn(async (url: string) => (url.endsWith(ADMIN_ROUTES.me.path) ? me(url) : forbidden(url)));
    vi.stubGlobal('fetch', fetchMock);
    void preloadConsolePage('/admin/orders', '');
    await vi.waitFor(() =>
      expect(queryClient.getQueryState([...ADMIN_ORDERS_KEY, 'list', { page: 1, page_size: 20 }])?.status).toBe(
        'error',
      ),
    );
    expect(notify.error).not.toHaveBeenCalled();
  });
});

describe('console shells', () => {
  it('name every console page, and only those', () => {
    expect([...CONSOLE_SHELL_PAGES].sort()).toEqual(Object.keys(CONSOLE_PAGES).sort());
    expect(consoleShellOf('/admin')).toBe('admin-overview');
    expect(consoleShellOf('/admin/payment-exceptions/')).toBe('admin-payment-exceptions');
    expect(consoleShellOf('/admin/nope')).toBeNull();
    expect(consoleShellOf('/admin/orders/1')).toBeNull();
  });
});
