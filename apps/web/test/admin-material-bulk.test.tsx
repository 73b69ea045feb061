import {
  ADMIN_MATERIAL_BULK_ROUTES,
  ADMIN_MATERIAL_ROUTES,
  type TAdminMaterial,
  type TAdminMaterialListResponse,
  type TBulkJob,
} from '@gemstock/contract';
import { NO_FACETS } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { MaterialsPage } from '@/features/admin/routes/materials-page';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';

function material(sid: string, keyword: string): TAdminMaterial {
  return {
    sid,
    format: 'image',
    status: 'ready',
    keywords: [keyword],
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
    review: 'listed',
    reviewReason: null,
    reviewedAt: null,
    similarTo: null,
    licenceWarning: null,
    job: null,
  };
}

const RING = material('mat0000000000001', '钻戒');
const NECKLACE = material('mat0000000000002', '项链');
const BRACELET = material('mat0000000000003', '手镯');

function page(
  materials: TAdminMaterial[],
  extra: Partial<TAdminMaterialListResponse> = {},
): TAdminMaterialListResponse {
  return { materials, total: 1204, totalCapped: false, nextCursor: null, ...extra };
}

function job(overrides: Partial<TBulkJob>): TBulkJob {
  return {
    sid: 'bulk000000000001',
    status: 'running',
    change: { kind: 'disabled', disabled: true },
    total: 2,
    processed: 0,
    lastError: null,
    operatorSid: 'op00000000000001',
    createdAt: '2026-01-21T02:30:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

let calls: ApiCall[] = [];

function renderPage(path: string, handler: ApiHandler) {
  calls = serveApi(handler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <MaterialsPage />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

async function chooseBulk(label: string) {
  fireEvent.mouseEnter(screen.getByText('批量操作').closest('button')!);
  fireEvent.click(await screen.findByText(label));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().clear();
});

describe('素材管理: bulk edits', () => {
  it('names its selection boxes in Chinese: each by its material, the header for the whole page', async () => {
    renderPage('/admin/materials', (call) =>
      isCall(call, ADMIN_MATERIAL_ROUTES.list) ? ok(page([RING, NECKLACE])) : undefined,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: `选择素材 ${RING.sid}` }));
    expect(screen.getByText('已选 1 个素材')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '选择本页全部素材' }));
    expect(screen.getByText('已选 2 个素材')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull();
  });

  it('takes the selected rows off sale after a confirmation that says what and how many, then shows the progress', async () => {
    let polls = 0;
    renderPage('/admin/materials', (call) => {
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.start)) return ok({ job: job({ status: 'queued' }) });
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.job, { id: 'bulk000000000001' })) {
        polls += 1;
        return ok({ job: polls === 1 ? job({ processed: 1 }) : job({ status: 'done', processed: 2 }) });
      }
      if (isCall(call, ADMIN_MATERIAL_ROUTES.list)) return ok(page([RING, NECKLACE, BRACELET]));
      return undefined;
    });
    fireEvent.click(within(await rowOf('钻戒')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('项链')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 个素材')).toBeTruthy();

    const dialog = await chooseBulk('下架');
    expect(within(dialog).getByText('将对已选的 2 个素材下架')).toBeTruthy();
    // Nothing is sent before the operator confirms.
    expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '开始修改' }));

    await waitFor(() =>
      expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start).map((c) => c.body)).toEqual([
        {
          selection: { sids: ['mat0000000000001', 'mat0000000000002'] },
          change: { kind: 'disabled', disabled: true },
          idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
      ]),
    );
    expect(await screen.findByText('批量修改进行中：1 / 2 个素材')).toBeTruthy();
    expect(await screen.findByText('批量修改已完成：2 个素材', {}, { timeout: 3000 })).toBeTruthy();
    // The list is asked again once the job has ended.
    await waitFor(() => expect(callsOf(calls, ADMIN_MATERIAL_ROUTES.list).length).toBeGreaterThan(1));
  });

  it('"select all matching" sends the search, not the rows on screen, and names how many in the confirmation', async () => {
    renderPage('/admin/materials?q=%E9%92%BB%E6%88%92&featured=false', (call) => {
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.start)) return ok({ job: job({ total: 1204 }) });
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.job)) return ok({ job: job({ total: 1204, processed: 500 }) });
      if (isCall(call, ADMIN_MATERIAL_ROUTES.list)) return ok(page([RING]));
      return undefined;
    });
    await rowOf('钻戒');
    fireEvent.click(screen.getByText('选择全部 1204 个符合条件的素材'));
    expect(screen.getByText('已选择全部符合条件的 1204 个素材')).toBeTruthy();

    const dialog = await chooseBulk('修改关键词');
    expect((within(dialog).getByRole('button', { name: '开始修改' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('添加关键词'), { target: { value: '婚戒，对戒' } });
    expect(await within(dialog).findByText('将对全部符合条件的 1204 个素材添加关键词「婚戒、对戒」')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '开始修改' }));

    await waitFor(() =>
      expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start).map((c) => c.body)).toEqual([
        {
          selection: { filter: { q: '钻戒', featured: 'false' } },
          change: { kind: 'keywords', add: ['婚戒', '对戒'], remove: [] },
          idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
      ]),
    );
    expect(await screen.findByText('批量修改进行中：500 / 1204 个素材')).toBeTruthy();
  });

  it('sends 开始修改 again after a lost answer with the same key, and a new confirmation with a new one', async () => {
    let answered = 0;
    renderPage('/admin/materials', (call) => {
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.start)) {
        answered += 1;
        // the first answer is lost on the way: the server may have started the job
        if (answered === 1) return { status: 503, body: { code: 1600, data: null, message: '服务暂时不可用' } };
        return ok({ job: job({ status: 'done', processed: 2 }) });
      }
      if (isCall(call, ADMIN_MATERIAL_BULK_ROUTES.job)) return ok({ job: job({ status: 'done', processed: 2 }) });
      if (isCall(call, ADMIN_MATERIAL_ROUTES.list)) return ok(page([RING, NECKLACE, BRACELET]));
      return undefined;
    });
    fireEvent.click(within(await rowOf('钻戒')).getByRole('checkbox'));
    const dialog = await chooseBulk('下架');
    fireEvent.click(within(dialog).getByRole('button', { name: '开始修改' }));
    await waitFor(() => expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start)).toHaveLength(1));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: '开始修改' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '开始修改' }));
    await waitFor(() => expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start)).toHaveLength(2));
    await screen.findByText('批量修改已完成：2 个素材');

    fireEvent.click(within(await rowOf('项链')).getByRole('checkbox'));
    fireEvent.click(within(await chooseBulk('下架')).getByRole('button', { name: '开始修改' }));
    await waitFor(() => expect(callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start)).toHaveLength(3));

    const keys = callsOf(calls, ADMIN_MATERIAL_BULK_ROUTES.start).map(
      (c) => (c.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks for the next page by the cursor of the page shown and goes back with 上一页', async () => {
    renderPage('/admin/materials?sort=likes', (call) => {
      if (!isCall(call, ADMIN_MATERIAL_ROUTES.list)) return undefined;
      return call.url.searchParams.get('cursor') === 'after-ring'
        ? ok(page([NECKLACE]))
        : ok(page([RING], { nextCursor: 'after-ring' }));
    });
    await rowOf('钻戒');
    fireEvent.click(screen.getByText('下一页'));
    await rowOf('项链');
    const asked = callsOf(calls, ADMIN_MATERIAL_ROUTES.list).map((c) => c.url.searchParams);
    expect(asked.at(-1)?.get('cursor')).toBe('after-ring');
    expect(asked.at(-1)?.get('sort')).toBe('likes');
    expect(asked.every((q) => !q.has('page'))).toBe(true);
    fireEvent.click(screen.getByText('上一页'));
    await rowOf('钻戒');
  });
});
