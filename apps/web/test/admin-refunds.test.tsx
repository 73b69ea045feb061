import {
  ADMIN_ORDER_ROUTES,
  ADMIN_PAYMENT_ROUTES,
  ADMIN_REFUND_ROUTES,
  ADMIN_ROUTES,
  chinaDateOf,
  ErrorCode,
  type OperatorRole,
  type TAdminOrder,
  type TAdminRefund,
  type TOperator,
  type TPaymentException,
  type TRefundPreview,
} from '@gemstock/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { OrdersPage } from '@/features/admin/routes/orders-page';
import { PaymentExceptionsPage } from '@/features/admin/routes/payment-exceptions-page';
import { TransfersPage } from '@/features/admin/routes/transfers-page';
import { orderStatusLabel, refundLineOf } from '@/lib/order-labels';
import { bindNotifier } from '@/lib/notify';
import { type ApiCall, type ApiHandler, isCall, ok, serveApi } from './fake-api';

// ---- fixtures -------------------------------------------------------------------------------

function operator(roles: OperatorRole[]): TOperator {
  return {
    sid: 'op00000000000001',
    username: 'wang',
    name: '王财务',
    lastLoginAt: null,
    roles,
    totpEnabled: false,
    mustChangePassword: false,
  };
}

const PAID: TAdminOrder = {
  sid: 'ord00000000000011',
  orderNo: 'GS20260121103000999999',
  name: '素材授权 · 钻戒特写',
  orderType: 'material',
  status: 'PAYED',
  payWay: 'WECHAT',
  payTime: '2026-01-21T02:31:00.000Z',
  spec: 2,
  referer: null,
  couponCode: null,
  priceOrigin: 29_800,
  membetDiscount: 0,
  couponDiscount: 0,
  finalPrice: 29_800,
  materials: [{ sid: 'mat0000000000011', spec: 2, unitPrice: 29_800, thumbUrl: null, keywords: ['钻戒'] }],
  invoice: null,
  demand: null,
  user: 'usr0000000000011',
  auditStatus: 'NONE',
  auditMessage: null,
  createdAt: '2026-01-21T02:30:00.000Z',
  updatedAt: '2026-01-21T02:31:00.000Z',
  buyer: {
    sid: 'usr0000000000011',
    email: 'buyer@example.cn',
    mobile: null,
    username: null,
    company: '上海宝石贸易有限公司',
  },
  ownerSid: 'usr0000000000011',
  transferReference: null,
  paidGateway: 'wechat',
  tradeNo: '4200001234202601210000000011',
  paidAmount: 29_800,
};

const PREVIEW: TRefundPreview = {
  orderSid: PAID.sid,
  orderNo: PAID.orderNo,
  refundable: true,
  refusal: null,
  received: 29_800,
  amount: 29_800,
  maxAmount: 29_800,
  amountEditable: false,
  channel: 'wechat',
  payee: { company: '上海宝石贸易有限公司', account: 'buyer@example.cn' },
  licences: [{ certNo: 'GS-20260121-7KQ2M9XA', materialSid: 'mat0000000000011', spec: 2 }],
  demandStatus: null,
  endsVip: false,
  lapsedCents: 0,
  refund: null,
};

const REFUND: TAdminRefund = {
  sid: 'rfd0000000000001',
  refundNo: 'RF20260122100000123456',
  orderSid: PAID.sid,
  orderNo: PAID.orderNo,
  exceptionId: null,
  channel: 'wechat',
  amount: 29_800,
  paid: 29_800,
  status: 'PROCESSING',
  gatewayRefundId: null,
  bankSerial: null,
  paidOutOn: null,
  reason: '买家误购',
  failure: null,
  operator: '王财务',
  createdAt: '2026-01-22T02:00:00.000Z',
  settledAt: null,
};

const EXCEPTION: TPaymentException = {
  id: 42,
  orderSid: 'ord00000000000003',
  orderNo: 'GS20260120120000111111',
  orderStatus: 'CANCELLED',
  gateway: 'alipay',
  outTradeNo: 'PAY-OUT-0042',
  tradeNo: '2026012022001400000000000042',
  amount: 39_800,
  reason: 'order_cancelled',
  deliveries: 1,
  firstAt: '2026-01-20T04:00:00.000Z',
  lastAt: '2026-01-20T04:00:00.000Z',
  status: 'PENDING',
  note: null,
  operator: null,
  handledAt: null,
  refund: null,
};

// ---- the server -----------------------------------------------------------------------------

let calls: ApiCall[] = [];

function serve(roles: OperatorRole[], handler: ApiHandler) {
  calls = serveApi((call) => {
    if (isCall(call, ADMIN_ROUTES.me)) return ok({ operator: operator(roles), warnings: { cluster: null } });
    return handler(call);
  });
}

const posts = () => calls.filter((c) => c.method === 'POST');

/** The paid order's drawer, its money record and its refund preview. */
function paidOrder(overrides: { preview?: TRefundPreview; refund?: TAdminRefund | null } = {}): ApiHandler {
  return (call) => {
    if (isCall(call, ADMIN_ORDER_ROUTES.list)) return ok({ total: 1, orders: [PAID] });
    if (isCall(call, ADMIN_ORDER_ROUTES.detail, { id: PAID.sid })) return ok({ order: PAID });
    if (isCall(call, ADMIN_PAYMENT_ROUTES.orderEvents, { id: PAID.sid })) return ok({ events: [] });
    if (isCall(call, ADMIN_REFUND_ROUTES.orderMoney, { id: PAID.sid })) {
      return ok({ received: 0, arrivals: [], refund: overrides.refund ?? null });
    }
    if (isCall(call, ADMIN_REFUND_ROUTES.orderPreview, { id: PAID.sid })) return ok(overrides.preview ?? PREVIEW);
    if (isCall(call, ADMIN_REFUND_ROUTES.refundOrder, { id: PAID.sid })) return ok({ refund: REFUND });
    return undefined;
  };
}

// ---- rendering --------------------------------------------------------------------------------

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

function renderAt(url: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <NotifierBinding />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useAdminSession.getState().setToken('operator-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The dialog whose title reads `title`, once it has opened. */
async function dialogTitled(title: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-modal-title *' });
  return heading.closest<HTMLElement>('[role="dialog"]')!;
}

async function openRefundDialog() {
  renderAt(`/admin/orders?order=${PAID.sid}`, <OrdersPage />);
  const drawer = await screen.findByRole('dialog');
  fireEvent.click(await within(drawer).findByRole('button', { name: '退款' }));
  // the refund dialog by its title: the last dialog found could still be the drawer
  return dialogTitled(/^退款 · 订单/);
}

// ---- 退款 -------------------------------------------------------------------------------------

describe('退款 of a paid order', () => {
  it('says what will happen before it does: the amount, to whom, through which channel, which licences end', async () => {
    serve(['finance'], paidOrder());
    const dialog = await openRefundDialog();

    expect(await within(dialog).findByText('退款 · 订单 GS20260121103000999999')).toBeTruthy();
    expect(within(dialog).getByText('原路退回微信')).toBeTruthy();
    expect(within(dialog).getAllByText(/上海宝石贸易有限公司（buyer@example.cn）/).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('以下 1 个授权立即终止：原图下载与证书核验均失效')).toBeTruthy();
    expect(within(dialog).getByText('GS-20260121-7KQ2M9XA')).toBeTruthy();
    expect(within(dialog).getByText('确认后立即生效，无法撤销')).toBeTruthy();

    // The reason is required: nothing is sent without it.
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款 ¥298.00' }));
    expect(await within(dialog).findByText('请填写退款原因')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('退款原因'), { target: { value: ' 买家误购 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款 ¥298.00' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = posts()[0]!.body as { idempotencyKey: string; reason: string };
    expect(body.reason).toBe('买家误购');
    expect(body.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('已提交退款，等待支付渠道处理')).toBeTruthy();
  });

  it('an order that cannot be refunded says why, and the button stays off', async () => {
    const refused: TRefundPreview = {
      ...PREVIEW,
      refundable: false,
      refusal: { code: ErrorCode.REFUND_LICENCE_UPGRADED.code, message: ErrorCode.REFUND_LICENCE_UPGRADED.message },
      licences: [],
    };
    serve(['finance'], paidOrder({ preview: refused }));
    const dialog = await openRefundDialog();
    expect(await within(dialog).findByText(ErrorCode.REFUND_LICENCE_UPGRADED.message)).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: '确认退款' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
  });

  it('a design whose drafts were seen asks for the amount agreed with the buyer, at most what was received', async () => {
    serve(['finance'], paidOrder({ preview: { ...PREVIEW, amountEditable: true, demandStatus: 'DRAFT_REVIEW' } }));
    const dialog = await openRefundDialog();
    expect(await within(dialog).findByText('待反馈')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/退款金额/), { target: { value: '120.5' } });
    fireEvent.change(within(dialog).getByLabelText('退款原因'), { target: { value: '按进度退一半' } });
    fireEvent.click(await within(dialog).findByRole('button', { name: '确认退款 ¥120.50' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ amount: 12_050, reason: '按进度退一半' });
  });

  it('a 客服 operator reads the order but is offered no refund', async () => {
    serve(['service'], paidOrder());
    renderAt(`/admin/orders?order=${PAID.sid}`, <OrdersPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('订单 GS20260121103000999999')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '退款' })).toBeNull();
  });

  it('a refund the gateway refused offers 登记线下退款, which records the serial and the day', async () => {
    const failed = { ...REFUND, status: 'FAILED' as const, failure: 'NOT_ENOUGH 基本账户余额不足' };
    serve(['finance'], (call) => {
      if (isCall(call, ADMIN_REFUND_ROUTES.paidOut, { id: REFUND.sid })) {
        return ok({ refund: { ...failed, status: 'SUCCEEDED', channel: 'transfer', bankSerial: 'RFB0001' } });
      }
      return paidOrder({ refund: failed })(call);
    });
    renderAt(`/admin/orders?order=${PAID.sid}`, <OrdersPage />);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('退款失败', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(drawer).getByText('NOT_ENOUGH 基本账户余额不足')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '重新发起' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '登记线下退款' }));
    const dialog = await dialogTitled('登记线下退款');
    expect(await within(dialog).findByText(/记录 ¥298.00 已通过银行转账退给买家/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('退款银行流水号'), { target: { value: 'RFB0001' } });
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已网银转账退回' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认已退 ¥298.00' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({
      bankSerial: 'RFB0001',
      paidOutOn: chinaDateOf(new Date()),
      note: '已网银转账退回',
    });
  });
});

// ---- 确认到账 with an amount that differs ------------------------------------------------------

const TRANSFER: TAdminOrder = {
  ...PAID,
  sid: 'ord00000000000012',
  orderNo: 'GS20260122090000654321',
  status: 'CREATED',
  payWay: 'TRANSFER',
  payTime: null,
  finalPrice: 100_000,
  transferReference: 'GS20260122090000654321',
  paidGateway: null,
  tradeNo: null,
  paidAmount: null,
};

describe('确认到账', () => {
  function transferQueue(received: number): ApiHandler {
    return (call) => {
      if (isCall(call, ADMIN_ORDER_ROUTES.list)) return ok({ total: 1, orders: [TRANSFER] });
      if (isCall(call, ADMIN_REFUND_ROUTES.orderMoney, { id: TRANSFER.sid })) {
        return ok({ received, arrivals: [], refund: null });
      }
      return undefined;
    };
  }

  it('an amount short of what is due asks for the decision first: recorded as a partial arrival', async () => {
    serve(['finance'], transferQueue(0));
    renderAt('/admin/transfers', <TransfersPage />);
    fireEvent.click(await screen.findByRole('button', { name: '确认到账' }));
    const dialog = await screen.findByRole('dialog');
    const amount = (await within(dialog).findByLabelText('实际到账金额')) as HTMLInputElement;
    expect(amount.value).toBe('1000.00');
    fireEvent.change(amount, { target: { value: '600' } });
    fireEvent.change(within(dialog).getByLabelText('银行流水号'), { target: { value: 'ICBC0001' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '第一笔' } });
    expect(
      await within(dialog).findByText('到账金额比待收金额少 ¥400.00：记为部分到账，订单继续等待余款，不会完成。'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));
    expect(await within(dialog).findByText('请确认按上述方式处理')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ amount: 60_000, bankSerial: 'ICBC0001', acceptDifference: true });
  });

  it('shows what arrived before and fills in only what is still due', async () => {
    serve(['finance'], transferQueue(60_000));
    renderAt('/admin/transfers', <TransfersPage />);
    fireEvent.click(await screen.findByRole('button', { name: '确认到账' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('¥600.00，尚差 ¥400.00')).toBeTruthy();
    expect(((await within(dialog).findByLabelText('实际到账金额')) as HTMLInputElement).value).toBe('400.00');
  });
});

// ---- 支付异常 -----------------------------------------------------------------------------------

describe('支付异常 actions', () => {
  it('退款 confirms the amount and the channel, then sends the refund with its key', async () => {
    serve(['finance'], (call) => {
      if (isCall(call, ADMIN_PAYMENT_ROUTES.exceptions)) return ok({ total: 1, exceptions: [EXCEPTION] });
      if (isCall(call, ADMIN_REFUND_ROUTES.refundException, { id: '42' })) {
        return ok({
          exception: {
            ...EXCEPTION,
            status: 'REFUNDED',
            refund: { ...REFUND, channel: 'alipay', status: 'SUCCEEDED' },
          },
        });
      }
      return undefined;
    });
    renderAt('/admin/payment-exceptions', <PaymentExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/¥398.00 将通过支付宝原路退回付款人/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('退款原因'), { target: { value: '订单取消后付款' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认退款 ¥398.00' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({
      reason: '订单取消后付款',
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await screen.findByText('退款成功')).toBeTruthy();
  });

  it('已处理 needs a note; the list filters by state in the address', async () => {
    serve(['finance'], (call) => {
      if (isCall(call, ADMIN_PAYMENT_ROUTES.exceptions)) return ok({ total: 1, exceptions: [EXCEPTION] });
      if (isCall(call, ADMIN_REFUND_ROUTES.handleException, { id: '42' })) {
        return ok({ exception: { ...EXCEPTION, status: 'HANDLED', note: '已人工处理' } });
      }
      return undefined;
    });
    renderAt('/admin/payment-exceptions', <PaymentExceptionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '已处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '已在商户平台退款' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ note: '已在商户平台退款' });

    fireEvent.click(screen.getByText('已退款'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => isCall(c, ADMIN_PAYMENT_ROUTES.exceptions))
          .at(-1)!
          .url.searchParams.get('status'),
      ).toBe('REFUNDED'),
    );
  });
});

// ---- 我的订单 -------------------------------------------------------------------------------------

describe('a refunded order as the buyer reads it', () => {
  it('reads 退款中 until the money is back, then 已退款 with the amount and where it went', () => {
    const processing = {
      amount: 29_800,
      status: 'PROCESSING' as const,
      channel: 'wechat' as const,
      createdAt: '',
      settledAt: null,
    };
    expect(orderStatusLabel({ status: 'REFUNDED', demand: null, refund: processing }).text).toBe('退款中');
    const done = { ...processing, status: 'SUCCEEDED' as const };
    expect(orderStatusLabel({ status: 'REFUNDED', demand: null, refund: done }).text).toBe('已退款');
    expect(refundLineOf(done)).toEqual({ status: '已退款', channel: '原路退回微信' });
    // A refusal at the gateway is the operator's to resolve: the buyer still reads 退款中.
    expect(refundLineOf({ ...processing, status: 'FAILED' }).status).toBe('退款中');
  });
});
