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
      preparing: false,
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
      preparing: false,
    },
  ],
};

function renderDialog(video = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChannelCutDialog materialSid={CUTS.material} open onClose={() => undefined} video={video} />
    </QueryClientProvider>,
  );
}

/** A licensed 4K video: 9:16 and 1:1 reframes, centred; the pictures' other formats not offered. */
const VIDEO_CUTS: TChannelCutsResponse = {
  ...CUTS,
  width: 3840,
  height: 2160,
  cuts: [
    { ...CUTS.cuts[0]!, use: '主图视频', crop: { left: 0.21875, top: 0, width: 0.5625, height: 1 } },
    {
      ...CUTS.cuts[1]!,
      use: '竖屏视频',
      available: true,
      reason: null,
      crop: { left: 0.3418, top: 0, width: 0.3164, height: 1 },
    },
  ],
};

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

  it('a video’s reframe is made first: the download answers 4423, the dialog says 生成中 and asks again until it is ready', async () => {
    let ready = false;
    let asked = 0;
    const calls = serveApi((call) => {
      if (isCall(call, LICENCE_ROUTES.channelCuts)) {
        asked += 1;
        const preparing = asked > 1 && !ready;
        const cuts = VIDEO_CUTS.cuts.map((c) => (c.preset === 'douyin' ? { ...c, preparing } : c));
        return { body: { code: 0, data: { ...VIDEO_CUTS, cuts }, message: 'ok' } };
      }
      if (isCall(call, LICENCE_ROUTES.materialDownload)) {
        return ready
          ? { body: { code: 0, data: { url: '/media/cut.mp4', expiresAt: '2026-01-01T00:00:00Z' }, message: 'ok' } }
          : {
              status: 409,
              body: { code: 4423, data: null, message: '该渠道尺寸的视频正在生成，请稍候几分钟后再下载' },
            };
      }
      return undefined;
    });
    renderDialog(true);
    fireEvent.click(await screen.findByText('抖音 9:16', {}, { timeout: 10_000 }));
    expect(await screen.findByText(/画面居中裁切/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下载抖音 1080×1920' }));
    expect(await screen.findByText('抖音竖屏视频生成中', {}, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: '下载抖音 1080×1920' }) as HTMLButtonElement).disabled).toBe(true);
    ready = true;
    // asked again on its own (every 5 s) until the reframe is stored
    await vi.waitFor(() => expect(screen.queryByText('抖音竖屏视频生成中')).toBeNull(), { timeout: 15_000 });
    expect((screen.getByRole('button', { name: '下载抖音 1080×1920' }) as HTMLButtonElement).disabled).toBe(false);
    expect(callsOf(calls, LICENCE_ROUTES.materialDownload)).toHaveLength(1);
  }, 40_000);
});
