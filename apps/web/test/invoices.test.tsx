import {
  type TAdminInvoice,
  type TInvoice,
  type TOrderListItem,
  ADMIN_INVOICE_ROUTES,
  ORDER_ROUTES,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AdminInvoicesApi from '@/features/admin/api/invoices';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { InvoicesPage } from '@/features/admin/routes/invoices-page';
import { InvoiceDialog } from '@/features/records/components/invoice-dialog';
import { OrderInvoice } from '@/features/records/components/order-invoice';
import { bindNotifier, notify } from '@/lib/notify';
import { signIn, userOf } from './factories';
import { type ApiCall, type ApiHandler, ok, serveApi, isCall } from './fake-api';

/*
 * VAT invoices on both sides: the buyer's request (the merged total, a rejected 专票 asked again,
 * why a wallet-paid order has no 申请发票, a voided invoice) and the operator's queue (the PDF
 * checked beside the request before 确认开具, 作废 / 红冲, every column visible at 1440 px).
 */

// The console's PDF upload goes through XMLHttpRequest with progress; the test stands in for it.
const uploads = vi.hoisted(() => ({ calls: [] as { sid: string; name: string }[] }));
vi.mock('@/features/admin/api/invoices', async (importOriginal) => {
  const actual = await importOriginal<typeof AdminInvoicesApi>();
  return {
    ...actual,
    issueInvoice: vi.fn(async (sid: string, file: File) => {
      uploads.calls.push({ sid, name: file.name });
      return adminInvoiceOf({ sid, status: 'ISSUED' });
    }),
  };
});

// ---- fixtures -------------------------------------------------------------------------------

function invoiceOf(values: Partial<TInvoice> = {}): TInvoice {
  return {
    sid: 'inv0000000000001',
    type: 'ORDINARY',
    title: '上海鑫鎏珠宝有限公司',
    number: '91310000MA1FL0XX2F',
    key: null,
    status: 'REQUESTED',
    amount: 29_800,
    orderNos: ['GS20260121103000123456'],
    address: null,
    phone: null,
    bank: null,
    account: null,
    rejectReason: null,
    dueAt: '2026-02-04T15:59:59.999Z',
    issuedAt: null,
    voidReason: null,
    voidedAt: null,
    replaces: null,
    createdAt: '2026-01-21T02:31:00.000Z',
    updatedAt: '2026-01-21T02:31:00.000Z',
    ...values,
  };
}

function adminInvoiceOf(values: Partial<TAdminInvoice> = {}): TAdminInvoice {
  return {
    ...invoiceOf(),
    company: '上海鑫鎏珠宝有限公司',
    requestedBy: 'buyer@example.cn',
    overdue: false,
    providerIssued: false,
    replacedBySid: null,
    ...values,
  };
}

function orderOf(values: Partial<TOrderListItem> = {}): TOrderListItem {
  return {
    sid: 'ord0000000000001',
    orderNo: 'GS20260121103000123456',
    name: '素材授权 · 钻戒特写',
    orderType: 'material',
    status: 'PAYED',
    payWay: 'ALIPAY',
    payTime: '2026-01-21T02:31:00.000Z',
    spec: 2,
    referer: null,
    couponCode: null,
    priceOrigin: 29_800,
    membetDiscount: 0,
    couponDiscount: 0,
    finalPrice: 29_800,
    materials: [],
    invoice: null,
    demand: null,
    user: 'buyer00000000001',
    auditStatus: 'NONE',
    auditMessage: null,
    createdAt: '2026-01-21T02:30:00.000Z',
    updatedAt: '2026-01-21T02:31:00.000Z',
    fromSubAccount: false,
    buyer: null,
    ...values,
  };
}

const SPECIAL_DETAILS = {
  type: 'SPECIAL',
  address: '上海市黄浦区南京东路 100 号',
  phone: '021-63210000',
  bank: '招商银行上海南京东路支行',
  account: '121909876510601',
} as const;

// ---- rendering --------------------------------------------------------------------------------

let calls: ApiCall[] = [];
function serve(handler: ApiHandler) {
  calls = serveApi(handler);
}

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

function renderWith(page: ReactNode) {
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

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** antd names its dialogs by an id the test environment does not make unique: found by the title. */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  return heading.closest<HTMLElement>('[role=dialog]')!;
}

function pick(input: Element, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  localStorage.clear();
  uploads.calls = [];
  URL.createObjectURL = vi.fn(() => 'blob:fapiao');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(notify, 'success').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// ---- the buyer --------------------------------------------------------------------------------

describe('申请发票 (the buyer)', () => {
  beforeEach(() => signIn(userOf({ company: '上海鑫鎏珠宝有限公司', license: '91310000MA1FL0XX2F' })));

  it('shows the total of this order and the orders merged with it before submitting', async () => {
    const order = orderOf();
    const other = orderOf({ sid: 'ord0000000000002', orderNo: 'GS20260122090000654321', finalPrice: 19_900 });
    const third = orderOf({ sid: 'ord0000000000003', orderNo: 'GS20260123090000111111', finalPrice: 100_000 });
    serve((call) => (isCall(call, ORDER_ROUTES.list) ? ok({ total: 3, orders: [order, other, third] }) : undefined));
    renderWith(<InvoiceDialog order={order} open onClose={() => {}} />);
    const total = await screen.findByRole('status', { name: '发票金额合计' });
    expect(total.textContent).toContain('发票金额合计（1 个订单）');
    expect(total.textContent).toContain('¥298.00');

    const dialog = screen.getByRole('dialog');
    // the other paid orders have loaded
    await within(dialog).findByText('可选择其他已支付订单与本订单合开一张发票（最多 20 个订单）');
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByText(/GS20260122090000654321/));
    fireEvent.click(await screen.findByText(/GS20260123090000111111/));
    await waitFor(() => expect(total.textContent).toContain('发票金额合计（3 个订单）'));
    expect(total.textContent).toContain('¥1,497.00');
  });

  it('asks again for a rejected 专票 from its type and details, not from an empty 普票', async () => {
    const order = orderOf({
      invoice: invoiceOf({ ...SPECIAL_DETAILS, status: 'REJECTED', rejectReason: '开户银行与账号不一致' }),
    });
    serve((call) => (isCall(call, ORDER_ROUTES.list) ? ok({ total: 1, orders: [order] }) : undefined));
    renderWith(<InvoiceDialog order={order} open onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: '增值税专用发票' }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('注册地址').value).toBe(SPECIAL_DETAILS.address);
    expect(within(dialog).getByLabelText<HTMLInputElement>('注册电话').value).toBe(SPECIAL_DETAILS.phone);
    expect(within(dialog).getByLabelText<HTMLInputElement>('开户银行').value).toBe(SPECIAL_DETAILS.bank);
    expect(within(dialog).getByLabelText<HTMLInputElement>('银行账号').value).toBe(SPECIAL_DETAILS.account);
  });

  it('says why a wallet-paid order has no 申请发票, where the button would be', () => {
    renderWith(<OrderInvoice order={orderOf({ payWay: 'WALLET' })} />);
    expect(screen.getByText('余额支付的订单随充值订单开票，请在充值订单上申请发票')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请发票' })).toBeNull();
  });

  it('shows a merged invoice with its total, a reversed one as 已红冲 with the reason, and its re-issue', () => {
    const merged = invoiceOf({ amount: 149_700, orderNos: ['GS1', 'GS2', 'GS3'] });
    const { unmount } = renderWith(<OrderInvoice order={orderOf({ invoice: merged })} />);
    expect(screen.getByText('发票金额 ¥1,497.00（合并 3 个订单）')).toBeTruthy();
    unmount();

    const reversed = invoiceOf({ status: 'REVERSED', voidReason: '税号有误', voidedAt: '2026-01-25T02:00:00.000Z' });
    const second = renderWith(<OrderInvoice order={orderOf({ invoice: reversed })} />);
    expect(screen.getByText('普票已红冲')).toBeTruthy();
    expect(screen.getByText('原因：税号有误')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新申请发票' })).toBeTruthy();
    second.unmount();

    const reissue = invoiceOf({
      sid: 'inv0000000000002',
      replaces: { sid: 'inv0000000000001', status: 'VOIDED', voidReason: '抬头有误', voidedAt: null },
    });
    renderWith(<OrderInvoice order={orderOf({ invoice: reissue })} />);
    expect(screen.getByText('原发票已作废：抬头有误，正在重新开具')).toBeTruthy();
    expect(screen.getByText('普票开具中')).toBeTruthy();
  });
});

// ---- the operator -----------------------------------------------------------------------------

describe('发票管理 (the operator)', () => {
  beforeEach(() => useAdminSession.getState().setToken('operator-token'));

  const waiting = adminInvoiceOf({
    ...SPECIAL_DETAILS,
    amount: 49_600,
    orderNos: ['GS20260121103000123456', 'GS20260122090000654321'],
  });

  it('picking a PDF issues nothing: the file is shown beside the request, and only 确认开具 issues it', async () => {
    serve((call) => (isCall(call, ADMIN_INVOICE_ROUTES.list) ? ok({ total: 1, invoices: [waiting] }) : undefined));
    const { container } = renderWith(<InvoicesPage />);
    await screen.findByRole('columnheader', { name: '抬头 / 税号 / 类型' });
    await waitFor(() => expect(container.querySelector('.ant-table-row')).not.toBeNull());
    const input = container.querySelector('.ant-table-row input[type=file]')!;
    pick(input, new File([PDF], 'fapiao.pdf', { type: 'application/pdf' }));

    const review = await dialogTitled('核对并开具发票');
    expect(uploads.calls).toEqual([]);
    expect(within(review).getByRole('img', { name: '发票 PDF 预览' })).toBeTruthy();
    const request = within(review).getByText('发票申请').closest('.ant-descriptions')! as HTMLElement;
    for (const text of [
      '增值税专用发票',
      '上海鑫鎏珠宝有限公司',
      '91310000MA1FL0XX2F',
      '¥496.00',
      'GS20260121103000123456',
      'GS20260122090000654321',
      SPECIAL_DETAILS.bank,
      SPECIAL_DETAILS.account,
    ]) {
      expect(within(request).getAllByText(text).length).toBeGreaterThan(0);
    }
    const confirm = within(review).getByRole<HTMLButtonElement>('button', { name: '确认开具' });
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(uploads.calls).toEqual([{ sid: waiting.sid, name: 'fapiao.pdf' }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('发票已开具，已通知买家（上海鑫鎏珠宝有限公司）'));
  });

  it('a file that is not a PDF is named as such and cannot be issued', async () => {
    serve((call) => (isCall(call, ADMIN_INVOICE_ROUTES.list) ? ok({ total: 1, invoices: [waiting] }) : undefined));
    const { container } = renderWith(<InvoicesPage />);
    await screen.findByRole('columnheader', { name: '抬头 / 税号 / 类型' });
    await waitFor(() => expect(container.querySelector('.ant-table-row')).not.toBeNull());
    pick(
      container.querySelector('.ant-table-row input[type=file]')!,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], 'fapiao.png', { type: 'image/png' }),
    );
    const review = await dialogTitled('核对并开具发票');
    expect(await within(review).findByText('请上传 PDF 格式的发票文件')).toBeTruthy();
    expect(within(review).getByRole<HTMLButtonElement>('button', { name: '确认开具' }).disabled).toBe(true);
    expect(uploads.calls).toEqual([]);
  });

  it('作废 / 红冲 of an issued invoice sends the kind, the reason and the re-issue', async () => {
    const issued = adminInvoiceOf({ status: 'ISSUED', issuedAt: '2026-01-22T02:00:00.000Z', key: 'private/x.pdf' });
    serve((call) => {
      if (isCall(call, ADMIN_INVOICE_ROUTES.list)) return ok({ total: 1, invoices: [issued] });
      if (isCall(call, ADMIN_INVOICE_ROUTES.void, { id: issued.sid })) {
        return ok({
          voided: { ...issued, status: 'REVERSED', voidReason: '金额有误' },
          replacement: adminInvoiceOf({ sid: 'inv0000000000009' }),
        });
      }
      return undefined;
    });
    renderWith(<InvoicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '作废 / 红冲' }));
    const dialog = await dialogTitled('作废 / 红冲发票');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认红冲' }));
    expect(await within(dialog).findByText('请填写作废或红冲的原因')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('原因（买家可见）'), { target: { value: '金额有误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认红冲' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        kind: 'REVERSED',
        reason: '金额有误',
        reissue: true,
      }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('发票已红冲，已通知买家；重开申请已进入待开具'));
  });

  it('an e-invoice the provider issued can only be reversed', async () => {
    const issued = adminInvoiceOf({ status: 'ISSUED', issuedAt: '2026-01-22T02:00:00.000Z', providerIssued: true });
    serve((call) => (isCall(call, ADMIN_INVOICE_ROUTES.list) ? ok({ total: 1, invoices: [issued] }) : undefined));
    renderWith(<InvoicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '作废 / 红冲' }));
    const dialog = await dialogTitled('作废 / 红冲发票');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /作废/ }).disabled).toBe(true);
    expect(within(dialog).getByText('：电子发票服务商开具的发票只能红冲')).toBeTruthy();
  });

  it('fits every column beside the fixed 操作 column at 1440 px, without scrolling sideways', async () => {
    serve((call) => (isCall(call, ADMIN_INVOICE_ROUTES.list) ? ok({ total: 1, invoices: [waiting] }) : undefined));
    const { container } = renderWith(<InvoicesPage />);
    await screen.findByRole('columnheader', { name: '抬头 / 税号 / 类型' });
    await waitFor(() => expect(container.querySelector('.ant-table-row')).not.toBeNull());
    // 1440 − the 208 px menu − the content's and the card's padding (2 × 24 each)
    const available = 1440 - 208 - 48 - 48;
    const table = container.querySelector<HTMLElement>('.ant-table-content > table, .ant-table-body > table')!;
    expect(Number.parseFloat(table.style.width || table.style.minWidth)).toBeLessThanOrEqual(available);
    const widths = [...container.querySelectorAll<HTMLElement>('colgroup col')].map((col) =>
      Number.parseFloat(col.style.width || '0'),
    );
    expect(widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(available);
    for (const title of ['申请人 / 时间', '状态', '操作']) {
      expect(screen.getByRole('columnheader', { name: title })).toBeTruthy();
    }
  });
});
