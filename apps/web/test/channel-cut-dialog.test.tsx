import { LICENCE_ROUTES, type TChannelCutsResponse } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelCutDialog } from '@/features/records/components/channel-cut-dialog';
import { signIn, userOf } from './factories';
import { callsOf, isCall, serveApi } from './fake-api';

const CUTS: TChannelCutsResponse = {
  material: 'mat0000000000001',
  previewUrl: '/media/public/materials/mat0000000000001/watermark-0123456789abcdef.webp',
  width: 3000,
  height: 2250,
  cuts: [
    {
      preset: 'tmall',
      name: '天猫',
      use: '商品主图',
      ratio: '1:1',
      width: 800,
      height: 800,
      available: true,
      reason: null,
      crop: { left: 0.25, top: 0, width: 0.75, height: 1 },
    },
    {
      preset: 'douyin',
      name: '抖音',
      use: '竖屏封面',
      ratio: '9:16',
      width: 1080,
      height: 1920,
      available: false,
      reason: '原图 3000×2250，不足 1080×1920，不会放大画面',
      crop: null,
    },
  ],
};

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChannelCutDialog materialSid={CUTS.material} open onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signIn(userOf({}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('渠道尺寸', () => {
  it('draws the frame on the watermarked preview and names the cut on its download button', async () => {
    serveApi((call) =>
      isCall(call, LICENCE_ROUTES.channelCuts) ? { body: { code: 0, data: CUTS, message: 'ok' } } : undefined,
    );
    renderDialog();
    const whole = await screen.findByRole('img', { name: '素材预览（带水印）' }, { timeout: 10_000 });
    expect(whole.getAttribute('src')).toBe(CUTS.previewUrl);
    const cut = screen.getByRole('img', { name: '天猫裁切预览' });
    expect(cut.style.backgroundImage).toContain('watermark-');
    // the frame is the right three quarters: the preview is scaled by 4/3 and moved to its right edge
    expect(cut.style.backgroundSize).toBe('133.33% 100.00%');
    expect(cut.style.backgroundPosition).toBe('100.00% 0%');
    expect(screen.getByRole('button', { name: '下载天猫 800×800' })).toBeTruthy();
  });

  it('a cut the original cannot make says why and cannot be downloaded', async () => {
    serveApi((call) =>
      isCall(call, LICENCE_ROUTES.channelCuts) ? { body: { code: 0, data: CUTS, message: 'ok' } } : undefined,
    );
    renderDialog();
    fireEvent.click(await screen.findByText('抖音 9:16', {}, { timeout: 10_000 }));
    expect(await screen.findByText(/不足 1080×1920/)).toBeTruthy();
    const download = screen.getByRole('button', { name: '下载抖音 1080×1920' });
    expect((download as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed load says so, and 重试 asks again', async () => {
    const calls = serveApi((call) =>
      isCall(call, LICENCE_ROUTES.channelCuts)
        ? { status: 503, body: { code: 1600, data: null, message: '数据库暂时无法访问，请稍后再试' } }
        : undefined,
    );
    renderDialog();
    expect(await screen.findByText('渠道尺寸加载失败', {}, { timeout: 10_000 })).toBeTruthy();
    const asked = callsOf(calls, LICENCE_ROUTES.channelCuts).length;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await vi.waitFor(() => expect(callsOf(calls, LICENCE_ROUTES.channelCuts).length).toBe(asked + 1));
  });
});
