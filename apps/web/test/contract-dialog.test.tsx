import { CONTENT_ROUTES, LicenceType, MaterialFormat, ORDER_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { ContractDialog } from '@/features/checkout/components/contract-dialog';
import { callsOf, isCall, ok, serveApi } from './fake-api';

/**
 * The licence agreement before paying: each line says what its licence allows, the agreement is
 * the text published in 内容管理, and the order records the version shown (decision 0042).
 */

const PUBLISHED = {
  key: 'licence_agreement',
  title: '授权许可使用协议',
  version: 7,
  html: '<p>第七版协议：<strong>许可性质</strong></p>',
  publishedAt: '2026-11-28T00:00:00.000Z',
};

function renderDialog(format: MaterialFormat, spec: LicenceType) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ContractDialog open lines={[{ sid: 'mat0000000000001', spec, title: '珍珠项链视频', format }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('contract dialog', () => {
  it('a video line names the video licence’s use, without print', () => {
    serveApi((call) => (isCall(call, CONTENT_ROUTES.published) ? ok(PUBLISHED) : undefined));
    renderDialog(MaterialFormat.VIDEO, LicenceType.STANDARD);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/标准授权（视频：网络及户外广告）/)).toBeTruthy();
  });

  it('an image line names the image licence’s use', () => {
    serveApi((call) => (isCall(call, CONTENT_ROUTES.published) ? ok(PUBLISHED) : undefined));
    renderDialog(MaterialFormat.IMAGE, LicenceType.PREMIUM_CUSTOM);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/高级定制授权（图片：网络、线下印刷、户外广告）/)).toBeTruthy();
  });

  it('shows the published agreement and places the order with the version shown', async () => {
    const calls = serveApi((call) => {
      if (isCall(call, CONTENT_ROUTES.published, { key: 'licence_agreement' })) return ok(PUBLISHED);
      if (isCall(call, ORDER_ROUTES.placeMaterial))
        return { status: 409, body: { code: 4325, data: null, message: '协议内容已更新，请重新阅读后再勾选同意' } };
      return undefined;
    });
    renderDialog(MaterialFormat.IMAGE, LicenceType.STANDARD);
    const agreement = screen.getByLabelText('授权许可使用协议全文');
    await waitFor(() => expect(agreement.textContent).toContain('第七版协议：许可性质'));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /同意并下单/ }));
    await waitFor(() => expect(callsOf(calls, ORDER_ROUTES.placeMaterial)).toHaveLength(1));
    expect(callsOf(calls, ORDER_ROUTES.placeMaterial)[0]!.body).toMatchObject({ agreement_version: 7 });
    // refused because the text changed: the dialog asks for the current text again
    await waitFor(() => expect(callsOf(calls, CONTENT_ROUTES.published)).toHaveLength(2));
  });

  it('a failed load of the agreement says so in place, with 重试', async () => {
    serveApi(() => ({ status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }));
    renderDialog(MaterialFormat.IMAGE, LicenceType.STANDARD);
    const agreement = screen.getByLabelText('授权许可使用协议全文');
    await waitFor(() => expect(within(agreement).getByRole('button', { name: /重试/ })).toBeTruthy());
  });
});
