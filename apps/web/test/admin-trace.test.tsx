import { ADMIN_TRACE_PATH, pathUrl, type TTraceResponse } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AdminApi from '@/features/admin/lib/admin-api';
import { ApiError } from '@/lib/api-client';
import { TracePage } from '@/features/admin/routes/trace-page';

/*
 * 溯源 (docs/decisions/0049): the operator uploads a copy found online and sees the licence,
 * company, account and downloads it came from, or 未检出. What cannot be read is refused before
 * anything is sent.
 */

// The upload goes through XMLHttpRequest with progress; the test stands in for it.
const sent = vi.hoisted(() => ({
  calls: [] as { path: string; name: string }[],
  answer: null as null | (() => Promise<unknown>),
}));
vi.mock('@/features/admin/lib/admin-api', async (importOriginal) => {
  const actual = await importOriginal<typeof AdminApi>();
  return {
    ...actual,
    adminUpload: vi.fn(
      async (
        path: string,
        body: File,
        options: { onProgress?: (p: { loaded: number; total: number; percent: number }) => void },
      ) => {
        sent.calls.push({ path, name: body.name });
        options.onProgress?.({ loaded: body.size, total: body.size, percent: 100 });
        return sent.answer!();
      },
    ),
  };
});

const CANDIDATE: TTraceResponse['candidates'][number] = {
  sid: 'm8ue871tuitoc87',
  title: '金项链 项链 黄金',
  format: 'image',
  thumbUrl: null,
  distance: 4,
  placed: true,
  licencesCompared: 2,
  bestScore: 23.5,
  readings: [{ cut: null, frameMs: null, placed: true, stills: 1, licencesCompared: 2, bestScore: 23.5 }],
};

const FOUND: TTraceResponse = {
  found: true,
  threshold: 6,
  match: {
    materialSid: CANDIDATE.sid,
    certNo: 'GS-20261129-ELG65W9D',
    traceNo: 'TR-XCSK-TTSP',
    orderNo: 'GS20261129070827688077',
    orderSid: 'ord0000000000001',
    score: 23.5,
    cut: null,
    frameMs: null,
    company: '深圳市宝图演示珠宝有限公司',
    buyer: { sid: 'usr0000000000001', account: '林晓雯', mobile: '13800138000' },
    licensedAt: '2026-11-28T23:08:00.000Z',
    revoked: false,
    downloads: [
      { at: '2026-11-28T23:09:00.000Z', userSid: 'usr0000000000001', account: '林晓雯', mobile: null, preset: null },
    ],
  },
  candidates: [CANDIDATE, { ...CANDIDATE, sid: 'm9441qefsdb7fde', title: '项链 银饰', distance: 10, bestScore: 0.4 }],
  copy: { kind: 'image', width: 720, height: 960, bytes: 33_674, durationMs: null },
};

const NOT_FOUND: TTraceResponse = {
  found: false,
  threshold: 6,
  match: null,
  candidates: [{ ...CANDIDATE, bestScore: 1.2 }],
  copy: { kind: 'image', width: 720, height: 960, bytes: 33_674, durationMs: null },
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/admin/trace']}>
            <TracePage />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

function choose(file: File) {
  const input = document.querySelector('input[type=file]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

const jpeg = (name = 'found-online.jpg') => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

beforeEach(() => {
  sent.calls = [];
  sent.answer = async () => FOUND;
});
afterEach(cleanup);

describe('溯源', () => {
  it('names the licence, company, account and download of a traced copy; only the matched material reads 已对齐', async () => {
    renderPage();
    choose(jpeg());
    const match = await screen.findByTestId('trace-match');
    expect(sent.calls).toEqual([{ path: ADMIN_TRACE_PATH, name: 'found-online.jpg' }]);
    for (const shown of [
      '深圳市宝图演示珠宝有限公司',
      'TR-XCSK-TTSP',
      'GS-20261129-ELG65W9D',
      '林晓雯（13800138000）',
    ]) {
      expect(match.textContent).toContain(shown);
    }
    // the order by its number, labelled as everywhere else in the console
    expect(within(match).getByText('订单号')).toBeTruthy();
    // The file the mark was found in, and the one download, are both the original.
    expect(within(match).getAllByText('原图')).toHaveLength(2);
    // The look-alike that lined up but carries no mark is not called aligned.
    expect(screen.getAllByText('已对齐')).toHaveLength(1);
    expect(screen.getByText('已比对，未检出标记')).toBeTruthy();
  });

  it('says which channel cut a copy was made from, and what each file of the material read', async () => {
    sent.answer = async () => ({
      ...FOUND,
      match: { ...FOUND.match!, cut: 'xiaohongshu', score: 17.2 },
      candidates: [
        {
          ...CANDIDATE,
          bestScore: 17.2,
          readings: [
            { cut: 'xiaohongshu', frameMs: null, placed: true, stills: 1, licencesCompared: 2, bestScore: 17.2 },
            { cut: null, frameMs: null, placed: false, stills: 1, licencesCompared: 2, bestScore: 0.3 },
            { cut: 'tmall', frameMs: null, placed: true, stills: 1, licencesCompared: 2, bestScore: 1.1 },
          ],
        },
      ],
    });
    renderPage();
    choose(jpeg());
    const match = await screen.findByTestId('trace-match');
    expect(match.textContent).toContain('检出文件小红书 1242×1656 渠道图');
    expect(screen.getByText('小红书 1242×1656 渠道图：17.2')).toBeTruthy();
    expect(screen.getByText('原图：无法对齐')).toBeTruthy();
    expect(screen.getByText('天猫 800×800 渠道图：1.1')).toBeTruthy();
  });

  it('says which frame of a video a still shows', async () => {
    sent.answer = async () => ({
      ...FOUND,
      match: { ...FOUND.match!, frameMs: 72_400, score: 9.3 },
      candidates: [
        {
          ...CANDIDATE,
          format: 'video',
          bestScore: 9.3,
          readings: [{ cut: null, frameMs: 72_400, placed: true, stills: 1, licencesCompared: 2, bestScore: 9.3 }],
        },
      ],
    });
    renderPage();
    choose(jpeg('still.png'));
    const match = await screen.findByTestId('trace-match');
    expect(match.textContent).toContain('检出文件原视频 01:12.4 处的画面');
    // its download: the video itself
    expect(within(match).getByText('原视频')).toBeTruthy();
  });

  it('sends a short video as the copy, and says its stills were read together from where they start', async () => {
    sent.answer = async () => ({
      ...FOUND,
      match: { ...FOUND.match!, frameMs: 3_300, score: 12 },
      candidates: [
        {
          ...CANDIDATE,
          format: 'video',
          bestScore: 12,
          readings: [{ cut: null, frameMs: 3_300, placed: true, stills: 5, licencesCompared: 2, bestScore: 12 }],
        },
      ],
      copy: { kind: 'video', width: 640, height: 360, bytes: 812_000, durationMs: 14_000 },
    });
    renderPage();
    choose(new File([new Uint8Array(4096)], 'douyin.mp4', { type: 'video/mp4' }));
    const match = await screen.findByTestId('trace-match');
    expect(match.textContent).toContain('检出文件原视频（5 帧画面，自 00:03.3 起）');
    expect(sent.calls).toHaveLength(1);
  });

  it('names a look-alike video whose frames could not be placed as the video, not a picture', async () => {
    sent.answer = async () => ({
      ...FOUND,
      candidates: [
        CANDIDATE,
        {
          ...CANDIDATE,
          sid: 'v2iz5rtjz56hakn',
          format: 'video',
          placed: false,
          bestScore: null,
          readings: [{ cut: null, frameMs: null, placed: false, stills: 5, licencesCompared: 1, bestScore: null }],
        },
      ],
    });
    renderPage();
    choose(jpeg());
    await screen.findByTestId('trace-match');
    expect(screen.getByText('原视频：无法对齐')).toBeTruthy();
    expect(screen.getByText('原图：23.5')).toBeTruthy();
  });

  it('says 未检出 of a video copy in its words', async () => {
    sent.answer = async () => ({
      ...NOT_FOUND,
      copy: { kind: 'video', width: 640, height: 360, bytes: 812_000, durationMs: 14_000 },
    });
    renderPage();
    choose(new File([new Uint8Array(4096)], 'clip.webm', { type: 'video/webm' }));
    expect((await screen.findByTestId('trace-none')).textContent).toContain('这段视频中没有找到任何授权的标记');
  });

  it('says 未检出 when no licence mark reaches the threshold', async () => {
    sent.answer = async () => NOT_FOUND;
    renderPage();
    choose(jpeg());
    expect((await screen.findByTestId('trace-none')).textContent).toContain('未检出');
    expect(screen.queryByTestId('trace-match')).toBeNull();
    expect(screen.queryByText('已对齐')).toBeNull();
  });

  it('refuses a file that is not a picture out loud and sends nothing', async () => {
    renderPage();
    choose(new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('请上传 JPG、PNG、WebP 格式的图片，或 MP4、MOV、WebM 格式的短视频')).toBeTruthy();
    expect(sent.calls).toEqual([]);
  });

  it('refuses a malformed 素材编号 and sends nothing until it is corrected, then sends it with the copy', async () => {
    renderPage();
    const field = screen.getByPlaceholderText('例如 k3x9f2…');
    fireEvent.change(field, { target: { value: 'ABC 12' } });
    expect(screen.getByText('素材编号为 6–64 位小写字母或数字')).toBeTruthy();
    choose(jpeg());
    expect(sent.calls).toEqual([]);

    fireEvent.change(field, { target: { value: ' m8ue871tuitoc87 ' } });
    choose(jpeg());
    await screen.findByTestId('trace-match');
    expect(sent.calls).toEqual([
      { path: pathUrl(ADMIN_TRACE_PATH, {}, { material: 'm8ue871tuitoc87' }), name: 'found-online.jpg' },
    ]);
  });

  it('shows a failed trace with 重试, which sends the same copy again', async () => {
    sent.answer = async () => {
      throw new ApiError(4486, '原图准备失败，请稍后重试', 503);
    };
    renderPage();
    choose(jpeg());
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('原图准备失败，请稍后重试')).toBeTruthy();
    sent.answer = async () => FOUND;
    fireEvent.click(retry);
    await screen.findByTestId('trace-match');
    expect(sent.calls).toHaveLength(2);
  });
});
