import {
  ErrorCode,
  type TAdminOrder,
  type TPaymentEvent,
  type TPaymentException,
  ADMIN_ORDER_ROUTES,
  ADMIN_PAYMENT_ROUTES,
  ADMIN_ORDER_API,
  ADMIN_REFUND_ROUTES,
  chinaDateOf,
  endpointUrl,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { OrdersPage } from '@/features/admin/routes/orders-page';
import { PaymentExceptionsPage } from '@/features/admin/routes/payment-exceptions-page';
import { TransfersPage } from '@/features/admin/routes/transfers-page';
import { bindNotifier } from '@/lib/notify';
import { type ApiCall, type ApiHandler, ok, serveApi, isCall } from './fake-api';

// ---- fixtures -------------------------------------------------------------------------------

function adminOrder(overrides: Partial<TAdminOrder> = {}): TAdminOrder {
  return {
    sid: 'ord00000000000001',
    orderNo: 'GS20260121103000123456',
    name: '素材授权 · 钻戒特写',
    orderType: 'material',
    status: 'PAYED',
    payWay: 'WECHAT',
    payTime: '2026-01-21T02:31:00.000Z',
    spec: 2,
    referer: null,
    couponCode: 'SAVE20',
    priceOrigin: 1_234_500,
    membetDiscount: 0,
    couponDiscount: 2_000,
    finalPrice: 1_232_500,
    materials: [{ sid: 'mat0000000000001', spec: 2, unitPrice: 1_234_500, thumbUrl: null, keywords: ['钻戒', '婚戒'] }],
    invoice: null,
    demand: null,
    user: 'usr0000000000001',
    auditStatus: 'NONE',
    auditMessage: null,
    createdAt: '2026-01-21T02:30:00.000Z',
    updatedAt: '2026-01-21T02:31:00.000Z',
    buyer: {
      sid: 'usr0000000000001',
      email: 'buyer@example.cn',
      mobile: null,
      username: null,
      company: '上海宝石贸易有限公司',
    },
    ownerSid: 'usr0000000000001',
    transferReference: null,
    paidGateway: 'wechat',
    tradeNo: '4200001234202601210000000001',
    paidAmount: 1_232_500,
    ...overrides,
  };
}

const TRANSFER_ORDER = adminOrder({
  sid: 'ord00000000000002',
  orderNo: 'GS20260122090000654321',
  status: 'CREATED',
  payWay: 'TRANSFER',
  payTime: null,
  couponCode: null,
  couponDiscount: 0,
  priceOrigin: 6_990_000,
  finalPrice: 6_990_000,
  transferReference: 'GS20260122090000654321',
  paidGateway: null,
  tradeNo: null,
  paidAmount: null,
});

const EVENT: TPaymentEvent = {
  id: 7,
  gateway: 'wechat',
  kind: 'notify',
  outTradeNo: 'PAY-OUT-0001',
  tradeNo: '4200001234202601210000000001',
  amount: 1_232_500,
  verified: true,
  outcome: 'settled',
  reason: null,
  createdAt: '2026-01-21T02:31:00.000Z',
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
  deliveries: 3,
  firstAt: '2026-01-20T04:00:00.000Z',
  lastAt: '2026-01-20T05:00:00.000Z',
  status: 'PENDING',
  note: null,
  operator: null,
  handledAt: null,
  refund: null,
};

// ---- a fetch that answers like the server ----------------------------------------------------

let calls: ApiCall[] = [];

function serve(handler: ApiHandler) {
  calls = serveApi(handler);
}

const listCalls = () => calls.filter((c) => isCall(c, ADMIN_ORDER_ROUTES.list));

// ---- rendering --------------------------------------------------------------------------------

function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    // As the app providers: no space inserted between two Chinese characters of a button.
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <App>
        <NotifierBinding />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            {page}
            <LocationProbe />
          </MemoryRouter>
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
  // Vitest runs without globals here, so Testing Library cannot unmount on its own.
  cleanup();
  vi.unstubAllGlobals();
});

// ---- 订单管理 -----------------------------------------------------------------------------------

describe('订单管理', () => {
  it('lists the orders from the API with money formatted from cents', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 1, orders: [adminOrder()] }) : undefined));
    renderAt('/admin/orders', <OrdersPage />);

    expect(await screen.findByText('GS20260121103000123456')).toBeTruthy();
    expect(screen.getByText('上海宝石贸易有限公司')).toBeTruthy();
    expect(screen.getByText('buyer@example.cn')).toBeTruthy();
    expect(screen.getByText('¥12,325.00')).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(screen.getByText('共 1 个订单')).toBeTruthy();
  });

  it('sends the filters from the address and the search box as the query', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 0, orders: [] }) : undefined));
    renderAt('/admin/orders?status=CREATED&pay_way=TRANSFER&type=material&page=2', <OrdersPage />);

    await waitFor(() => expect(listCalls()).toHaveLength(1));
    const first = listCalls()[0]!.url.searchParams;
    expect(Object.fromEntries(first)).toEqual({
      status: 'CREATED',
      pay_way: 'TRANSFER',
      type: 'material',
      page: '2',
      page_size: '20',
    });
    expect(await screen.findByText('没有符合条件的订单，换个条件试试')).toBeTruthy();

    // A new search keeps the other filters and starts again at page 1.
    const search = screen.getByPlaceholderText('订单号、买家邮箱 / 手机号 / 用户名或企业');
    fireEvent.change(search, { target: { value: ' 上海宝石 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });

    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(Object.fromEntries(listCalls()[1]!.url.searchParams)).toEqual({
      q: '上海宝石',
      status: 'CREATED',
      pay_way: 'TRANSFER',
      type: 'material',
      page: '1',
      page_size: '20',
    });
  });

  it('sends the pay way picked in its filter, starting again at page 1', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 0, orders: [] }) : undefined));
    renderAt('/admin/orders?page=3', <OrdersPage />);
    await waitFor(() => expect(listCalls()).toHaveLength(1));

    // status, pay way, type: in that order after the search box
    const payWay = screen.getAllByRole('combobox')[1]!;
    fireEvent.mouseDown(payWay);
    fireEvent.click(await screen.findByTitle('对公转账'));

    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(Object.fromEntries(listCalls()[1]!.url.searchParams)).toEqual({
      pay_way: 'TRANSFER',
      page: '1',
      page_size: '20',
    });
    expect(screen.getByTestId('location').textContent).toBe('/admin/orders?pay_way=TRANSFER');
  });

  it('ignores a filter value the contract does not know instead of sending it', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 0, orders: [] }) : undefined));
    renderAt('/admin/orders?status=PAID&pay_way=CASH', <OrdersPage />);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    expect(listCalls()[0]!.url.searchParams.has('status')).toBe(false);
    expect(listCalls()[0]!.url.searchParams.has('pay_way')).toBe(false);
  });

  it('opens the order drawer from a row with the price breakdown and the payment timeline', async () => {
    const order = adminOrder();
    serve((call) => {
      if (isCall(call, ADMIN_ORDER_ROUTES.list)) return ok({ total: 1, orders: [order] });
      if (isCall(call, ADMIN_ORDER_ROUTES.detail, { id: order.sid })) return ok({ order });
      if (isCall(call, ADMIN_PAYMENT_ROUTES.orderEvents, { id: order.sid })) return ok({ events: [EVENT] });
      return undefined;
    });
    renderAt('/admin/orders', <OrdersPage />);

    fireEvent.click(await screen.findByText('GS20260121103000123456'));
    expect(screen.getByTestId('location').textContent).toBe(`/admin/orders?order=${order.sid}`);

    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('订单 GS20260121103000123456')).toBeTruthy();
    expect(within(drawer).getByText('原价')).toBeTruthy();
    expect(within(drawer).getAllByText('¥12,345.00').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('-¥20.00（SAVE20）')).toBeTruthy();
    expect(within(drawer).getByText('实付')).toBeTruthy();
    expect(within(drawer).getByText('mat0000000000001')).toBeTruthy();
    // one order number; the internal id beside it is named as such, not 订单编号
    expect(within(drawer).getByText('系统编号')).toBeTruthy();
    expect(within(drawer).queryByText('订单编号')).toBeNull();
    // the events API: a verified WeChat notification that settled the order
    expect(await within(drawer).findByText('支付通知')).toBeTruthy();
    expect(within(drawer).getByText('已入账')).toBeTruthy();
  });
});

// ---- 转账确认 -----------------------------------------------------------------------------------

describe('转账确认', () => {
  it('asks the orders API for the transfer queue and shows each reference and amount', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 1, orders: [TRANSFER_ORDER] }) : undefined));
    renderAt('/admin/transfers', <TransfersPage />);

    expect(await screen.findAllByText('GS20260122090000654321')).not.toHaveLength(0);
    expect(screen.getByText('¥69,900.00')).toBeTruthy();
    const query = Object.fromEntries(listCalls()[0]!.url.searchParams);
    expect(query).toMatchObject({ status: 'CREATED', pay_way: 'TRANSFER', page: '1' });
  });

  it('confirms the funds with what arrived (amount, day, serial) and the note, says so and refreshes the queue', async () => {
    let confirmed = false;
    serve((call) => {
      if (isCall(call, ADMIN_ORDER_ROUTES.list)) {
        return ok(confirmed ? { total: 0, orders: [] } : { total: 1, orders: [TRANSFER_ORDER] });
      }
      if (isCall(call, ADMIN_REFUND_ROUTES.orderMoney, { id: TRANSFER_ORDER.sid })) {
        return ok({ received: 0, arrivals: [], refund: null });
      }
      if (isCall(call, ADMIN_ORDER_ROUTES.confirmTransfer, { id: TRANSFER_ORDER.sid })) {
        confirmed = true;
        return ok({
          order: { ...TRANSFER_ORDER, status: 'PAYED' },
          arrival: {
            id: 1,
            amount: TRANSFER_ORDER.finalPrice,
            arrivedOn: '2026-01-22',
            bankSerial: 'ICBC20260122001',
            outcome: 'settled',
            note: '1 月 22 日工行流水已到账',
            operator: null,
            createdAt: '2026-01-22T02:00:00.000Z',
          },
          received: TRANSFER_ORDER.finalPrice,
          due: 0,
          overpaid: 0,
        });
      }
      return undefined;
    });
    renderAt('/admin/transfers', <TransfersPage />);

    fireEvent.click(await screen.findByRole('button', { name: '确认到账' }));
    const dialog = await screen.findByRole('dialog');
    // The amount still due is filled in; the serial is the operator's to copy from the statement.
    expect(((await within(dialog).findByLabelText('实际到账金额')) as HTMLInputElement).value).toBe('69900.00');
    fireEvent.change(within(dialog).getByLabelText('银行流水号'), { target: { value: 'ICBC20260122001' } });
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '  1 月 22 日工行流水已到账  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      amount: 6_990_000,
      arrivedOn: chinaDateOf(new Date()),
      bankSerial: 'ICBC20260122001',
      note: '1 月 22 日工行流水已到账',
      acceptDifference: false,
    });

    expect(await screen.findByText('已确认到账，订单已完成')).toBeTruthy();
    expect(await screen.findByText('没有等待确认的对公转账')).toBeTruthy();
    expect(listCalls().length).toBeGreaterThanOrEqual(2);
  });

  it('requires a note before asking the server', async () => {
    serve((call) => (isCall(call, ADMIN_ORDER_ROUTES.list) ? ok({ total: 1, orders: [TRANSFER_ORDER] }) : undefined));
    renderAt('/admin/transfers', <TransfersPage />);

    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));

    expect(await within(dialog).findByText('请填写备注')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the API's Chinese message when the decision is refused and keeps the dialog open", async () => {
    serve((call) => {
      if (isCall(call, ADMIN_ORDER_ROUTES.list)) return ok({ total: 1, orders: [TRANSFER_ORDER] });
      if (call.method === 'POST') {
        const { code, http, message } = ErrorCode.TRANSFER_NOT_PENDING;
        return { status: http, body: { code, data: null, message } };
      }
      return undefined;
    });
    renderAt('/admin/transfers', <TransfersPage />);

    fireEvent.click(await screen.findByRole('button', { name: '驳回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '未收到款项' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认驳回' }));

    expect(await screen.findByText(ErrorCode.TRANSFER_NOT_PENDING.message)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(endpointUrl(ADMIN_ORDER_API.rejectTransfer, { params: { id: TRANSFER_ORDER.sid } }));
    expect(post.body).toEqual({ note: '未收到款项' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    // another operator may have decided it meanwhile: the queue is asked again
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});

// ---- 支付异常 -----------------------------------------------------------------------------------

describe('支付异常', () => {
  it('lists the exceptions with every field and links to the order', async () => {
    serve((call) =>
      isCall(call, ADMIN_PAYMENT_ROUTES.exceptions) ? ok({ total: 1, exceptions: [EXCEPTION] }) : undefined,
    );
    renderAt('/admin/payment-exceptions', <PaymentExceptionsPage />);

    expect(await screen.findByText('订单已取消后到账')).toBeTruthy();
    expect(screen.getByText('#42')).toBeTruthy();
    expect(screen.getByText('¥398.00')).toBeTruthy();
    expect(screen.getByText('支付宝')).toBeTruthy();
    expect(screen.getByText('已取消')).toBeTruthy();
    expect(screen.getByText('PAY-OUT-0042')).toBeTruthy();
    expect(screen.getByText('2026012022001400000000000042')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'GS20260120120000111111' });
    expect(link.getAttribute('href')).toBe('/admin/orders?order=ord00000000000003');
    // 待处理 first: what still needs an operator.
    expect(calls[0]!.url.search).toBe('?page=1&page_size=20&status=PENDING');
  });

  it('says so when there is none', async () => {
    serve((call) => (isCall(call, ADMIN_PAYMENT_ROUTES.exceptions) ? ok({ total: 0, exceptions: [] }) : undefined));
    renderAt('/admin/payment-exceptions', <PaymentExceptionsPage />);
    expect(await screen.findByText('没有待处理的支付异常')).toBeTruthy();
  });
});
