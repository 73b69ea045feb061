import { OrderStatus, OrderType, type TOrder, ORDER_ROUTES, PAYMENT_ROUTES, USER_ROUTES } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutHost } from '@/features/checkout/components/checkout-host';
import { TOUCH_ONLY_QUERY } from '@/features/checkout/lib/pay-channel';
import PayReturnPage from '@/features/checkout/routes/pay-return-page';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { signedInForEachTest } from './factories';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

/**
 * Paying on a phone (decision 0026): a touch-only screen declares the `h5` channel and is
 * offered the gateway's mobile page, opened in the same tab, instead of a QR code it cannot
 * scan; the page the gateway sends it back to waits for the result and goes on when paid.
 */

const ORDER = {
  sid: 'ord0000000000001',
  orderNo: 'GS202611280001',
  name: '珠宝素材授权',
  orderType: OrderType.MATERIAL,
  status: OrderStatus.CREATED,
  priceOrigin: 29_800,
  payWay: null,
  couponCode: null,
  auditStatus: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  materials: [],
} as unknown as TOrder;

const H5_LINK = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&redirect_url=x';
const QR_LINK = 'weixin://wxpay/bizpayurl?pr=abc';

signedInForEachTest();

let calls: ApiCall[] = [];
let payStatus: 'WAITING' | 'SUCCESS' | 'FAIL' = 'WAITING';

/** The device as CSS media queries see it: a phone has no hover and a coarse pointer. */
function deviceIs(kind: 'phone' | 'computer') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: kind === 'phone' && query === TOUCH_ONLY_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  queryClient.clear();
  payStatus = 'WAITING';
  calls = serveApi((call) => {
    if (
      isCall(call, PAYMENT_ROUTES.wechat, { id: ORDER.sid }) ||
      isCall(call, PAYMENT_ROUTES.alipay, { id: ORDER.sid })
    ) {
      const { channel } = call.body as { channel: 'qr' | 'h5' };
      const link = channel === 'h5' ? H5_LINK : QR_LINK;
      return ok({ link, channel, amount: 29_800, expiresAt: '2030-01-01T00:00:00.000Z' });
    }
    if (isCall(call, PAYMENT_ROUTES.status, { id: ORDER.sid })) return ok({ status: payStatus, coupon: null });
    if (isCall(call, ORDER_ROUTES.detail, { id: ORDER.sid })) return ok({ order: ORDER });
    if (isCall(call, USER_ROUTES.me)) return ok({ user: null });
    return undefined;
  });
});

afterEach(() => {
  useCheckout.getState().close();
});

function CurrentAddress() {
  const location = useLocation();
  return <output aria-label="当前地址">{`${location.pathname}${location.search}`}</output>;
}

function renderApp(page: ReactNode, at = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/pay/return" element={page} />
            <Route path="*" element={null} />
          </Routes>
          <CheckoutHost />
          <CurrentAddress />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const payCalls = () => calls.filter((c) => c.method === 'POST' && /\/(wechat|alipay)$/.test(c.url.pathname));

describe('the online pay drawer', () => {
  it('on a phone asks for the h5 channel and opens WeChat Pay in this tab, with no QR code', async () => {
    deviceIs('phone');
    renderApp(null);
    useCheckout.getState().go({ kind: 'online', order: ORDER, code: null, referer: null });
    await screen.findByRole('dialog', { name: '在线支付' });
    // the drawer's element is asked for again each time: antd may draw it anew as it opens
    const drawer = () => screen.getByRole('dialog', { name: '在线支付' });
    // (antd's loading icon may linger, named "loading", while its leaving motion never ends here)
    const goPay = await waitFor(() => within(drawer()).getByRole('link', { name: /去微信支付$/ }));
    expect(goPay.getAttribute('href')).toBe(H5_LINK);
    // the gateway's page replaces ours and sends the browser back: never a new tab
    expect(goPay.getAttribute('target')).toBeNull();
    expect(within(drawer()).queryByRole('img', { name: '请使用微信扫一扫完成支付' })).toBeNull();
    expect(payCalls()[0]).toMatchObject({ body: { code: null, referer: null, channel: 'h5' } });
  });

  it('on a computer stays the QR code of the qr channel', async () => {
    deviceIs('computer');
    renderApp(null);
    useCheckout.getState().go({ kind: 'online', order: ORDER, code: null, referer: null });
    const drawer = await screen.findByRole('dialog', { name: '在线支付' });
    await waitFor(() => expect(payCalls()[0]).toMatchObject({ body: { channel: 'qr' } }));
    expect(within(drawer).queryByRole('link', { name: /去微信支付/ })).toBeNull();
    expect(within(drawer).getByText('请使用微信扫一扫完成支付')).toBeTruthy();
  });
});

describe('/pay/return, where the gateway sends the phone back', () => {
  it('waits for the result, then goes on to the order’s records once paid', async () => {
    deviceIs('phone');
    renderApp(<PayReturnPage />, `/pay/return?order=${ORDER.sid}`);
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(calls.some((c) => isCall(c, PAYMENT_ROUTES.status, { id: ORDER.sid }))).toBe(true);
    payStatus = 'SUCCESS';
    await queryClient.refetchQueries({ queryKey: ['user', 'pay-status', ORDER.sid] });
    await waitFor(() => expect(screen.getByRole('status', { name: '当前地址' }).textContent).toBe('/record/ordinary'));
  });

  it('after a failed payment says so and offers to pay again', async () => {
    deviceIs('phone');
    payStatus = 'FAIL';
    renderApp(<PayReturnPage />, `/pay/return?order=${ORDER.sid}`);
    expect(await screen.findByText('支付未完成')).toBeTruthy();
    screen.getByRole('button', { name: '重新支付' }).click();
    expect(useCheckout.getState().step).toMatchObject({ kind: 'order', order: { sid: ORDER.sid } });
  });
});
