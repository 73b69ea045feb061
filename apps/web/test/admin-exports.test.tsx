import { ADMIN_EXPORT_PATHS, ADMIN_ORDER_ROUTES, ADMIN_ROUTES, type OperatorRole } from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

function serve(roles: OperatorRole[]): ApiCall[] {
  return serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) {
      return ok({
        operator: {
          sid: 'op00000000000009',
          username: 'ops',
          name: null,
          lastLoginAt: null,
          roles,
          totpEnabled: false,
          mustChangePassword: false,
        },
        warnings: { cluster: null },
      });
    }
    if (isCall(call, ADMIN_ORDER_ROUTES.list))
      return ok({ total: 0, totalCapped: false, nextCursor: null, orders: [] });
    return undefined;
  });
}

/** The export answers a file, not the envelope; every call is still recorded in `calls`. */
function serveCsv(calls: ApiCall[]) {
  const api = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== ADMIN_EXPORT_PATHS.orders) return api(input, init);
    calls.push({ method: init.method ?? 'GET', url, body: undefined });
    return new Response('\uFEFF订单号\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
  });
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('导出 CSV', () => {
  it("downloads the list with the address's filters, not its page", async () => {
    const calls = serve(['finance']);
    serveCsv(calls);
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderConsoleAt('/admin/orders?q=GS2026&status=PAYED&from=2026-03-01&max_amount=50000&page=4&page_size=40');
    fireEvent.click(await screen.findByRole('button', { name: /导出 CSV/ }, { timeout: 10_000 }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const asked = calls.find((c) => c.url.pathname === ADMIN_EXPORT_PATHS.orders)!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      q: 'GS2026',
      status: 'PAYED',
      from: '2026-03-01',
      max_amount: '50000',
    });
    expect(saved[0]).toMatch(/^订单-\d{8}\.csv$/);
    click.mockRestore();
  });
});
