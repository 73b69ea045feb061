import { ADMIN_REVIEW_ROUTES, type TAdminMaterial, type TReviewQueueResponse } from '@gemstock/contract';
import { NO_FACETS } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { ReviewPage } from '@/features/admin/routes/review-page';
import { bindNotifier } from '@/lib/notify';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';

function material(overrides: Partial<TAdminMaterial>): TAdminMaterial {
  return {
    sid: 'mat0000000000001',
    format: 'image',
    status: 'ready',
    keywords: ['钻戒'],
    thumbUrl: null,
    coverUrl: null,
    watermarkUrl: null,
    previewUrl: null,
    width: 3000,
    height: 2000,
    durationMs: null,
    aspectRatio: null,
    resolution: null,
    authTypes: [1, 2, 3, 4],
    originalMime: 'image/jpeg',
    originalBytes: 1000,
    likeCount: 0,
    salesCount: 0,
    featured: false,
    disabled: false,
    free: false,
    freeFrom: null,
    freeUntil: null,
    pricesCents: {},
    specialPricesCents: {},
    customPriceCents: null,
    remark: null,
    facets: NO_FACETS,
    suggestedFacets: NO_FACETS,
    createdAt: '2026-01-21T02:30:00.000Z',
    updatedAt: '2026-01-21T02:30:00.000Z',
    version: 0,
    review: 'pending',
    reviewReason: null,
    reviewedAt: null,
    similarTo: null,
    licenceWarning: null,
    job: null,
    ...overrides,
  };
}

const LOOKALIKE = material({
  sid: 'mat0000000000001',
  keywords: ['婚戒'],
  similarTo: { sid: 'old0000000000009', distance: 3 },
});
const SMALL = material({
  sid: 'mat0000000000002',
  keywords: ['小图'],
  width: 400,
  height: 300,
  authTypes: [4],
  licenceWarning: '尺寸 400×300 不满足任何标准授权（新媒体授权需长边 ≥ 1000 像素），买家只能购买高级定制授权',
});
const PROCESSING = material({ sid: 'mat0000000000003', keywords: ['处理中的图'], status: 'processing' });

function queue(materials: TAdminMaterial[]): TReviewQueueResponse {
  return { materials, total: materials.length, totalCapped: false, nextCursor: null };
}

let calls: ApiCall[] = [];
const toasts: string[] = [];

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => {
    bindNotifier({
      ...message,
      success: (m: unknown) => void toasts.push(String(m)),
      error: (m: unknown) => void toasts.push(String(m)),
    } as never);
  }, [message]);
  return null;
}

function renderPage(handler: ApiHandler) {
  calls = serveApi(handler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <NotifierBinding />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/admin/review']}>
            <ReviewPage />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

/** The table row that shows `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

beforeEach(() => {
  toasts.length = 0;
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('素材审核', () => {
  it('shows what the reviewer must look at: the look-alike with its link, the size no standard licence fits, processing', async () => {
    renderPage((call) =>
      isCall(call, ADMIN_REVIEW_ROUTES.queue) ? ok(queue([LOOKALIKE, SMALL, PROCESSING])) : undefined,
    );
    const lookalike = await rowOf('婚戒');
    expect(within(lookalike).getByText('疑似重复：')).toBeTruthy();
    expect(within(lookalike).getByRole('link', { name: 'old0000000000009' }).getAttribute('href')).toBe(
      '/admin/materials?q=old0000000000009',
    );
    expect(within(await rowOf('小图')).getByText(/400×300 不满足任何标准授权/)).toBeTruthy();
    const processing = await rowOf('处理中的图');
    expect(within(processing).getByText('处理中')).toBeTruthy();
    expect((within(processing).getByText('提交上架').closest('button') as HTMLButtonElement).disabled).toBe(true);
    expect(callsOf(calls, ADMIN_REVIEW_ROUTES.queue)[0]?.url.searchParams.get('state')).toBe('pending');
  });

  it('names its selection boxes in Chinese, each by its material', async () => {
    renderPage((call) => (isCall(call, ADMIN_REVIEW_ROUTES.queue) ? ok(queue([LOOKALIKE, SMALL])) : undefined));
    expect(await screen.findByRole('checkbox', { name: `选择素材 ${LOOKALIKE.sid}` })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: '选择本页全部素材' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
  });

  it('lists the selected materials in one call and says how many', async () => {
    let listed = false;
    renderPage((call) => {
      if (isCall(call, ADMIN_REVIEW_ROUTES.list)) {
        listed = true;
        return ok({ materials: [LOOKALIKE, SMALL].map((m) => ({ ...m, review: 'listed' })) });
      }
      if (isCall(call, ADMIN_REVIEW_ROUTES.queue)) return ok(queue(listed ? [] : [LOOKALIKE, SMALL]));
      return undefined;
    });
    fireEvent.click(within(await rowOf('婚戒')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('小图')).getByRole('checkbox'));
    fireEvent.click(screen.getByText('批量提交上架'));
    await waitFor(() => expect(toasts).toContain('已上架 2 个素材'));
    expect(callsOf(calls, ADMIN_REVIEW_ROUTES.list).map((c) => c.body)).toEqual([
      { sids: ['mat0000000000001', 'mat0000000000002'] },
    ]);
    expect(await screen.findByText('没有待审核的素材')).toBeTruthy();
  });

  it('驳回 asks for a reason and sends nothing without one', async () => {
    renderPage((call) => {
      if (isCall(call, ADMIN_REVIEW_ROUTES.reject)) {
        return ok({ materials: [{ ...SMALL, review: 'rejected', reviewReason: '尺寸太小' }] });
      }
      if (isCall(call, ADMIN_REVIEW_ROUTES.queue)) return ok(queue([LOOKALIKE, SMALL]));
      return undefined;
    });
    fireEvent.click(within(await rowOf('小图')).getByText('驳回'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(toasts).toContain('请填写驳回原因'));
    expect(callsOf(calls, ADMIN_REVIEW_ROUTES.reject)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '尺寸太小' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(toasts).toContain('已驳回 1 个素材'));
    expect(callsOf(calls, ADMIN_REVIEW_ROUTES.reject).map((c) => c.body)).toEqual([
      { sids: ['mat0000000000002'], reason: '尺寸太小' },
    ]);
  });

  it('a failed load says so in place with 重试, not "nothing to review"', async () => {
    let fail = true;
    renderPage((call) => {
      if (!isCall(call, ADMIN_REVIEW_ROUTES.queue)) return undefined;
      if (fail) return { status: 503, body: { code: 1600, data: null, message: '服务暂时不可用，请稍后重试' } };
      return ok(queue([LOOKALIKE]));
    });
    expect(await screen.findByText('审核列表加载失败')).toBeTruthy();
    expect(screen.queryByText('没有待审核的素材')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByText('重试'));
    expect(await screen.findByText('婚戒')).toBeTruthy();
  });
});
