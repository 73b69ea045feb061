import { DESIGN_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CustomizeRecordsPage from '@/features/records/routes/customize-records-page';
import { signIn, userOf } from './factories';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CustomizeRecordsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastCall = (calls: ApiCall[]) => callsOf(calls, DESIGN_ROUTES.list).at(-1)!.url;

/**
 * 定制记录 goes to the next page by the cursor of the page shown, so a request submitted meanwhile
 * is neither shown twice nor hidden; 上一页 goes back to the page before.
 */
describe('定制记录, page after page', () => {
  let calls: ApiCall[];
  beforeEach(() => {
    signIn(userOf());
    calls = serveApi((call) => {
      if (!isCall(call, DESIGN_ROUTES.list)) return undefined;
      const cursor = call.url.searchParams.get('cursor');
      const name = cursor ? `after-${cursor}` : `page-${call.url.searchParams.get('page')}`;
      const demands = Array.from({ length: 10 }, (_, i) => ({
        sid: `${name}-${i}`,
        material: null,
        tier: 'advanced',
        status: 'CREATED',
        productKey: null,
        productUrl: null,
        logoKey: null,
        logoUrl: null,
        detail: { title: `定制 ${name}-${i}` },
        brief: null,
        resultKey: null,
        resultUrl: null,
        orderSid: null,
        stageDeadline: null,
        revisionsUsed: 0,
        revisionsLeft: 3,
        quotePrice: null,
        quoteLeadDays: null,
        designer: null,
        cancelReason: null,
        deliveredAt: null,
        createdAt: '2026-01-21T02:30:00.000Z',
        updatedAt: '2026-01-21T02:30:00.000Z',
      }));
      return ok({ demands, hasMore: true, nextCursor: `c-${name}` });
    });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the requests after the last one shown, and goes back to the first page', async () => {
    renderPage();
    expect(await screen.findByText('定制 page-1-0', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('定制 after-c-page-1-0', {}, { timeout: 10_000 })).toBeTruthy();
    expect(lastCall(calls).searchParams.get('cursor')).toBe('c-page-1');
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(await screen.findByText('定制 page-1-0', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
