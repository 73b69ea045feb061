import { COMMON_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfigQuery } from '@/api/site-config';
import { DemoRibbon } from '@/components/demo-ribbon';
import { ok, serveApi, isCall } from './fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every page with the site's configuration as the server states it. */
async function renderWithSite(site: { sandboxPayments?: boolean }) {
  serveApi((call) =>
    isCall(call, COMMON_ROUTES.siteConfig) ? ok({ siteName: '宝图', devOutbox: false, ...site }) : undefined,
  );
  const client = new QueryClient();
  await client.fetchQuery(siteConfigQuery);
  render(
    <QueryClientProvider client={client}>
      <DemoRibbon />
    </QueryClientProvider>,
  );
}

describe('the 演示环境 tab', () => {
  it('says so on every page while payments are simulated', async () => {
    await renderWithSite({ sandboxPayments: true });
    const note = screen.getByRole('note');
    expect(note.textContent).toBe('演示环境');
    expect(note.title).toBe('演示环境：支付为模拟支付，不会真实扣款');
  });

  it('is absent from a real shop', async () => {
    await renderWithSite({ sandboxPayments: false });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
