import {
  type TAdminDemand,
  type TAdminDemandDetails,
  type TDemand,
  type TDemandDetails,
  type TDesignFile,
  ADMIN_DESIGN_ROUTES,
  DESIGN_ROUTES,
  MATERIAL_PATHS,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AdminDemandsApi from '@/features/admin/api/demands';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { DemandsPage } from '@/features/admin/routes/demands-page';
import { DemandDetailsDrawer } from '@/features/customize/components/demand-details-drawer';
import { bindNotifier } from '@/lib/notify';
import { signIn } from './factories';
import { type ApiCall, type ApiHandler, ok, serveApi, callsOf, isCall } from './fake-api';

// The console's file upload goes through XMLHttpRequest with progress; the test stands in for it.
const uploads = vi.hoisted(() => ({ calls: [] as { sid: string; kind: string; name: string }[] }));
vi.mock('@/features/admin/api/demands', async (importOriginal) => {
  const actual = await importOriginal<typeof AdminDemandsApi>();
  return {
    ...actual,
    uploadDesignFile: vi.fn(async (sid: string, kind: string, file: File) => {
      uploads.calls.push({ sid, kind, name: file.name });
      return adminDetails({ demand: adminDemand({ status: kind === 'final' ? 'DELIVERED' : 'DRAFT_REVIEW' }) });
    }),
  };
});

// ---- fixtures -------------------------------------------------------------------------------

function demandOf(overrides: Partial<TDemand> = {}): TDemand {
  return {
    sid: 'dem0000000000001',
    material: 'mat0000000000001',
    tier: 'advanced',
    status: 'DRAFT_REVIEW',
    productKey: null,
    productUrl: null,
    logoKey: null,
    logoUrl: null,
    detail: { title: '新品上市' },
    brief: null,
    resultKey: null,
    resultUrl: null,
    orderSid: 'ord0000000000001',
    stageDeadline: null,
    revisionsUsed: 0,
    revisionsLeft: 2,
    quotePrice: null,
    quoteLeadDays: null,
    designer: '设计师小王',
    cancelReason: null,
    deliveredAt: null,
    createdAt: '2026-01-20T02:00:00.000Z',
    updatedAt: '2026-01-20T02:00:00.000Z',
    ...overrides,
  };
}

function adminDemand(overrides: Partial<TAdminDemand> = {}): TAdminDemand {
  return {
    ...demandOf(),
    company: '上海宝石贸易有限公司',
    requestedBy: 'buyer@example.cn',
    orderNo: 'GS20260120100000123456',
    overdue: false,
    feedbackAnsweredAt: null,
    ...overrides,
  };
}

const DRAFT: TDesignFile = {
  sid: 'fil0000000000001',
  kind: 'draft',
  version: 1,
  label: '初稿',
  format: 'image',
  contentType: 'image/jpeg',
  width: 800,
  height: 600,
  bytes: 120_000,
  fileName: 'draft.jpg',
  url: `${MATERIAL_PATHS.original}?key=private%2Fdesigns%2Fd.jpg`,
  createdAt: '2026-01-21T02:00:00.000Z',
};

function adminDetails(overrides: Partial<TAdminDemandDetails> = {}): TAdminDemandDetails {
  return {
    demand: adminDemand(),
    files: [DRAFT],
    comments: [],
    order: null,
    material: null,
    certificate: null,
    ...overrides,
  };
}

function buyerDetails(overrides: Partial<TDemandDetails> = {}): TDemandDetails {
  return {
    demand: demandOf(),
    files: [DRAFT],
    comments: [],
    order: null,
    material: null,
    certificate: null,
    ...overrides,
  };
}

// ---- rendering --------------------------------------------------------------------------------

let calls: ApiCall[] = [];

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

function renderPage(page: ReactNode, handler: ApiHandler) {
  calls = serveApi(handler);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <NotifierBinding />
        <QueryClientProvider client={client}>
          <MemoryRouter>{page}</MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

/** The operator's board with `rows`, and the drawer of `details` once a row is opened. */
function serveBoard(rows: TAdminDemand[], details?: TAdminDemandDetails): ApiHandler {
  return (call) => {
    if (isCall(call, ADMIN_DESIGN_ROUTES.list)) return ok({ demands: rows, hasMore: false });
    if (isCall(call, ADMIN_DESIGN_ROUTES.designers)) return ok({ designers: [] });
    if (details && isCall(call, ADMIN_DESIGN_ROUTES.details, { id: details.demand.sid })) {
      return ok(details);
    }
    if (call.method === 'POST' && call.url.pathname.endsWith('/quote')) return ok(details?.demand);
    return undefined;
  };
}

async function openDrawer(sid: string) {
  fireEvent.click(await screen.findByRole('button', { name: `处理定制需求 ${sid}` }));
  return screen.findByRole('dialog', { name: '定制需求详情' });
}

beforeEach(() => {
  localStorage.clear();
  uploads.calls = [];
  useAdminSession.getState().setToken('operator-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// ---- the board ---------------------------------------------------------------------------------

describe('定制需求看板: whose turn it is', () => {
  it('shows the final files as the designer’s work with a deadline, overdue in red; ended work as ended', async () => {
    renderPage(
      <DemandsPage />,
      serveBoard([
        adminDemand({
          sid: 'dem0000000000010',
          status: 'FINAL_PRODUCTION',
          revisionsUsed: 2,
          revisionsLeft: 0,
          stageDeadline: '2026-01-22T16:00:00.000Z',
          overdue: true,
        }),
        adminDemand({ sid: 'dem0000000000011', status: 'DRAFT_REVIEW' }),
        adminDemand({ sid: 'dem0000000000012', status: 'DELIVERED', deliveredAt: '2026-01-23T02:00:00.000Z' }),
        adminDemand({ sid: 'dem0000000000013', status: 'CANCELLED', cancelReason: '无法完成' }),
      ]),
    );
    const table = await screen.findByRole('region', { name: '定制需求列表' });
    const rowOf = async (sid: string) =>
      (await within(table).findByRole('button', { name: `处理定制需求 ${sid}` })).closest('tr')!;

    const final = await rowOf('dem0000000000010');
    expect(within(final).getByText('2026-01-22 前')).toBeTruthy();
    expect(within(final).getByText('已逾期')).toBeTruthy();
    expect(within(final).getByText('待交付终稿')).toBeTruthy();
    expect(within(await rowOf('dem0000000000011')).getByText('等待买家反馈')).toBeTruthy();
    const delivered = await rowOf('dem0000000000012');
    expect(within(delivered).queryByText(/等待买家/)).toBeNull();
    expect(within(delivered).getAllByText('已交付').length).toBeGreaterThan(0);
    const cancelled = await rowOf('dem0000000000013');
    expect(within(cancelled).queryByText(/等待买家/)).toBeNull();
    expect(within(cancelled).getAllByText('已取消').length).toBeGreaterThan(0);
  });
});

// ---- the operator's drawer ----------------------------------------------------------------------

describe('定制需求详情 (operator)', () => {
  it('上传最终文件 asks first, naming the file and what the buyer receives; nothing is sent before 确认交付', async () => {
    const demand = adminDemand({ status: 'FINAL_PRODUCTION', revisionsUsed: 2, revisionsLeft: 0 });
    renderPage(<DemandsPage />, serveBoard([demand], adminDetails({ demand })));
    const drawer = await openDrawer(demand.sid);
    await within(drawer).findByText('上传最终文件');
    const input = drawer.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'.repeat(2048)], '终稿-金色.jpg', { type: 'image/jpeg' })] },
    });

    const confirm = (await screen.findByText('确认交付最终文件？')).closest<HTMLElement>('.ant-modal')!;
    expect(within(confirm).getByText('终稿-金色.jpg')).toBeTruthy();
    expect(confirm.textContent).toContain('独家授权证书');
    expect(confirm.textContent).toContain('交付后不能撤回');
    expect(uploads.calls).toEqual([]);

    fireEvent.click(within(confirm).getByRole('button', { name: '确认交付' }));
    await waitFor(() => expect(uploads.calls).toEqual([{ sid: demand.sid, kind: 'final', name: '终稿-金色.jpg' }]));
    expect(await screen.findByText('上传成功，已交付并通知买家')).toBeTruthy();
  });

  it('a PDF is refused before upload with what the upload takes', async () => {
    const demand = adminDemand({ status: 'DESIGNING' });
    renderPage(<DemandsPage />, serveBoard([demand], adminDetails({ demand, files: [] })));
    const drawer = await openDrawer(demand.sid);
    await within(drawer).findByText('上传初稿');
    const input = drawer.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], '初稿.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(/PDF 等文件请先导出为图片/)).toBeTruthy();
    expect(uploads.calls).toEqual([]);
  });

  it('发送报价 shows the amount and lead time, and sends only when confirmed', async () => {
    const demand = adminDemand({ status: 'QUOTE_REQUESTED', tier: 'super', orderSid: null, orderNo: null });
    renderPage(<DemandsPage />, serveBoard([demand], adminDetails({ demand, files: [] })));
    const drawer = await openDrawer(demand.sid);
    fireEvent.change(await within(drawer).findByRole('spinbutton', { name: '报价（元）' }), {
      target: { value: '1288' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: '发送报价' }));

    const pop = await screen.findByRole('tooltip');
    expect(pop.textContent).toContain('确认向买家报价 ¥1,288.00？');
    expect(pop.textContent).toContain('5 个工作日内交付初稿');
    expect(callsOf(calls, ADMIN_DESIGN_ROUTES.price, { id: demand.sid })).toHaveLength(0);
    fireEvent.click(within(pop).getByRole('button', { name: '发送报价' }));
    await waitFor(() => expect(callsOf(calls, ADMIN_DESIGN_ROUTES.price, { id: demand.sid })).toHaveLength(1));
    expect(callsOf(calls, ADMIN_DESIGN_ROUTES.price, { id: demand.sid })[0]!.body).toEqual({
      price: 128_800,
      lead_days: 5,
    });
  });

  it('draws the buyer’s pins as numbered markers on the draft, matched to the numbered notes', async () => {
    const demand = adminDemand({ status: 'REVISING', revisionsUsed: 1, revisionsLeft: 1 });
    const comment = (sid: string, x: number | null, y: number | null, body: string) => ({
      sid,
      file: DRAFT.sid,
      author: 'buyer' as const,
      authorName: 'buyer',
      x,
      y,
      body,
      createdAt: '2026-01-21T03:00:00.000Z',
    });
    renderPage(
      <DemandsPage />,
      serveBoard(
        [demand],
        adminDetails({
          demand,
          comments: [
            comment('cmt0000000000001', 0.3, 0.4, 'Logo 再大一点'),
            comment('cmt0000000000002', null, null, '整体再亮一些'),
            comment('cmt0000000000003', 0.7, 0.2, '这里换成金色'),
          ],
        }),
      ),
    );
    const drawer = await openDrawer(demand.sid);
    const picture = await within(drawer).findByRole('img', { name: '初稿' });
    const markers = [...picture.parentElement!.querySelectorAll<HTMLElement>('.gs-pin')];
    expect(markers.map((m) => [m.textContent, m.style.left, m.style.top])).toEqual([
      ['1', '30%', '40%'],
      ['2', '70%', '20%'],
    ]);
    expect(drawer.textContent).not.toContain('📍');
    const note = within(drawer).getByText('买家：这里换成金色').closest('.ant-space')!;
    expect(note.querySelector('.gs-pin-inline')?.textContent).toBe('2');
  });
});

// ---- the buyer's drawer -------------------------------------------------------------------------

describe('定制详情 (buyer)', () => {
  beforeEach(() => signIn());

  function serveDemand(details: TDemandDetails): ApiHandler {
    return (call) => {
      const demand = { id: details.demand.sid };
      if (isCall(call, DESIGN_ROUTES.details, demand)) return ok(details);
      if (isCall(call, DESIGN_ROUTES.comment, demand)) {
        return ok({
          sid: 'cmt0000000000009',
          file: DRAFT.sid,
          author: 'buyer',
          authorName: 'buyer',
          x: null,
          y: null,
          body: 'x',
          createdAt: DRAFT.createdAt,
        });
      }
      if (isCall(call, DESIGN_ROUTES.feedback, demand)) return ok({ ...details.demand, status: 'REVISING' });
      if (isCall(call, DESIGN_ROUTES.accept, demand)) return ok({ ...details.demand, status: 'FINAL_PRODUCTION' });
      if (isCall(call, DESIGN_ROUTES.withdraw, demand)) return ok({ ...details.demand, status: 'CANCELLED' });
      return undefined;
    };
  }

  it('a note typed but not added goes with the feedback, after a confirmation that counts it', async () => {
    const details = buyerDetails();
    renderPage(<DemandDetailsDrawer sid={details.demand.sid} onClose={() => undefined} />, serveDemand(details));
    fireEvent.change(await screen.findByRole('textbox', { name: '标注内容' }), { target: { value: 'Logo 再大一点' } });
    fireEvent.click(screen.getByRole('button', { name: /提交修改意见/ }));

    const pop = await screen.findByRole('tooltip');
    expect(pop.textContent).toContain('1 条标注将发给设计师');
    expect(pop.textContent).toContain('提交后还剩 1 次');
    expect(pop.textContent).toContain('尚未添加的意见也会一并提交');
    expect(callsOf(calls, DESIGN_ROUTES.feedback, { id: details.demand.sid })).toHaveLength(0);
    fireEvent.click(within(pop).getByRole('button', { name: '确认提交' }));

    await waitFor(() => expect(callsOf(calls, DESIGN_ROUTES.feedback, { id: details.demand.sid })).toHaveLength(1));
    const comments = callsOf(calls, DESIGN_ROUTES.comment, { id: details.demand.sid });
    expect(comments.map((c) => c.body)).toEqual([{ file: DRAFT.sid, x: null, y: null, body: 'Logo 再大一点' }]);
    // The note was recorded before the round was sent.
    expect(calls.indexOf(comments[0]!)).toBeLessThan(
      calls.indexOf(callsOf(calls, DESIGN_ROUTES.feedback, { id: details.demand.sid })[0]!),
    );
  });

  it('确认定稿 accepts the draft after saying what it means', async () => {
    const details = buyerDetails();
    renderPage(<DemandDetailsDrawer sid={details.demand.sid} onClose={() => undefined} />, serveDemand(details));
    fireEvent.click(await screen.findByRole('button', { name: '满意，确认定稿' }));
    const pop = await screen.findByRole('tooltip');
    expect(pop.textContent).toContain('定稿后不能再提修改意见');
    fireEvent.click(within(pop).getByRole('button', { name: '确认定稿' }));
    await waitFor(() => expect(callsOf(calls, DESIGN_ROUTES.accept, { id: details.demand.sid })).toHaveLength(1));
  });

  it('after the last revision the buyer reads when the final files come, with nothing left to answer', async () => {
    const details = buyerDetails({
      demand: demandOf({
        status: 'FINAL_PRODUCTION',
        revisionsUsed: 2,
        revisionsLeft: 0,
        stageDeadline: '2026-01-26T16:00:00.000Z',
      }),
    });
    renderPage(<DemandDetailsDrawer sid={details.demand.sid} onClose={() => undefined} />, serveDemand(details));
    expect(await screen.findByText('已定稿，设计师将于 2026-01-26 前交付最终文件')).toBeTruthy();
    expect(screen.getByText('待交付终稿')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交修改意见/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '满意，确认定稿' })).toBeNull();
  });

  it('撤回需求 asks first and says no money is involved', async () => {
    const details = buyerDetails({
      demand: demandOf({ status: 'QUOTE_REQUESTED', tier: 'super', orderSid: null, designer: null }),
      files: [],
    });
    renderPage(<DemandDetailsDrawer sid={details.demand.sid} onClose={() => undefined} />, serveDemand(details));
    fireEvent.click(await screen.findByRole('button', { name: '撤回需求' }));
    const pop = await screen.findByRole('tooltip');
    expect(pop.textContent).toContain('不能恢复');
    expect(pop.textContent).toContain('不会产生任何费用');
    expect(callsOf(calls, DESIGN_ROUTES.withdraw, { id: details.demand.sid })).toHaveLength(0);
    fireEvent.click(within(pop).getByRole('button', { name: '确认撤回' }));
    await waitFor(() => expect(callsOf(calls, DESIGN_ROUTES.withdraw, { id: details.demand.sid })).toHaveLength(1));
  });
});
