import { ADMIN_ORDER_ROUTES } from '@gemstock/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';
import { renderConsoleAt } from './render-console';

let calls: ApiCall[];

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
  calls = serveApi((call) =>
    isCall(call, ADMIN_ORDER_ROUTES.list)
      ? ok({ total: 0, totalCapped: false, nextCursor: null, orders: [] })
      : undefined,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

function lastListQuery(): URLSearchParams {
  const asked = callsOf(calls, ADMIN_ORDER_ROUTES.list);
  return asked[asked.length - 1]!.url.searchParams;
}

describe('订单管理 by the day placed and the amount', () => {
  it('asks the server for the days and amounts in the address, a shared link showing the same orders', async () => {
    renderConsoleAt('/admin/orders?from=2026-03-01&to=2026-03-02&min_amount=9900&max_amount=50000');
    await waitFor(() => expect(callsOf(calls, ADMIN_ORDER_ROUTES.list).length).toBeGreaterThan(0), { timeout: 10_000 });
    const query = lastListQuery();
    expect([query.get('from'), query.get('to'), query.get('min_amount'), query.get('max_amount')]).toEqual([
      '2026-03-01',
      '2026-03-02',
      '9900',
      '50000',
    ]);
    // the bounds read in yuan
    expect((screen.getByRole('spinbutton', { name: '最低金额（元）' }) as HTMLInputElement).value).toBe('99.00');
    expect(await screen.findByText('没有符合条件的订单，换个条件试试')).toBeTruthy();
  });

  it('keeps an amount typed in yuan in the address in cents, and asks again from the first page', async () => {
    renderConsoleAt('/admin/orders?page=3');
    const min = await screen.findByRole('spinbutton', { name: '最低金额（元）' }, { timeout: 10_000 });
    fireEvent.change(min, { target: { value: '12.5' } });
    fireEvent.blur(min);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/orders?min_amount=1250'));
    await waitFor(() => expect(lastListQuery().get('min_amount')).toBe('1250'));
  });
});
