import { OrderType, PayWay, type TOrder, ORDER_ROUTES, PAYMENT_ROUTES } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutHost } from '@/features/checkout/components/checkout-host';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { signIn, userOf } from './factories';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

// The page's parts load lazily: on a busy machine they take seconds. Every wait is for what is
// shown, never for time; this only lets a slow one finish.
configure({ asyncUtilTimeout: 15_000 });

/**
 * The order drawer of a custom order starts from what the buyer chose on /customize before the
 * order existed: the pay way (down to the Alipay tab) and the coupon.
 */

const ORDER = {
  sid: 'ord0000000000001',
  orderNo: 'GS202611280001',
  name: '高级定制',
  orderType: OrderType.CUSTOM,
  priceOrigin: 99_900,
  payWay: null,
  couponCode: null,
  auditStatus: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  materials: [],
} as unknown as TOrder;

let calls: ApiCall[] = [];

beforeEach(() => {
  queryClient.clear();
  signIn(userOf({ walletBalance: 500_000 }));
  calls = serveApi((call) => {
    if (isCall(call, ORDER_ROUTES.payPreview, { id: ORDER.sid })) {
      const body = call.body as { code: string | null; pay_way: PayWay };
      const coupon = body.code ? 10_000 : 0;
      return ok({ price_origin: 99_900, discount_member: 0, discount_coupon: coupon, price: 99_900 - coupon });
    }
    if (
      isCall(call, PAYMENT_ROUTES.alipay, { id: ORDER.sid }) ||
      isCall(call, PAYMENT_ROUTES.wechat, { id: ORDER.sid })
    )
      return ok({
        link: 'https://pay.example/x',
        channel: 'pc',
        amount: 89_900,
        expiresAt: '2030-01-01T00:00:00.000Z',
      });
    if (isCall(call, PAYMENT_ROUTES.status, { id: ORDER.sid })) return ok({ status: 'WAITING', coupon: null });
    return undefined;
  });
});

afterEach(() => {
  cleanup();
  useCheckout.getState().close();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

function renderHost() {
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter>
          <CheckoutHost />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the order drawer with what the buyer chose before the order', () => {
  it('opens on the chosen Alipay with the coupon applied, though the balance would cover it', async () => {
    renderHost();
    useCheckout.getState().openOrder(ORDER, { payWay: PayWay.ALIPAY, code: 'GS2026' });
    const drawer = await screen.findByRole('dialog', { name: '确认订单' });
    await waitFor(() =>
      expect(within(drawer).getByRole('radio', { name: /在线支付/ })).toHaveProperty('checked', true),
    );
    const previews = () => calls.filter((c) => c.url.pathname.endsWith('/pay_preview'));
    await waitFor(() => expect(previews().at(-1)!.body).toMatchObject({ code: 'GS2026', pay_way: 'WECHAT' }));

    fireEvent.click(await within(drawer).findByRole('button', { name: '去支付' }));
    await waitFor(() =>
      expect(useCheckout.getState().step).toMatchObject({ kind: 'online', code: 'GS2026', tab: 'alipay' }),
    );
    const online = await screen.findByRole('dialog', { name: '在线支付' });
    expect(
      within(online)
        .getByRole('tab', { name: /支付宝/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('without a choice follows the default rule: the wallet when the balance covers the price', async () => {
    renderHost();
    useCheckout.getState().openOrder(ORDER, { payWay: null, code: null });
    const drawer = await screen.findByRole('dialog', { name: '确认订单' });
    await waitFor(() =>
      expect(within(drawer).getByRole('radio', { name: /余额支付/ })).toHaveProperty('checked', true),
    );
  });

  it('a chosen wallet the balance does not cover gives way to the default', async () => {
    signIn(userOf({ walletBalance: 100 }));
    renderHost();
    useCheckout.getState().openOrder(ORDER, { payWay: PayWay.WALLET, code: null });
    const drawer = await screen.findByRole('dialog', { name: '确认订单' });
    await waitFor(() =>
      expect(within(drawer).getByRole('radio', { name: /在线支付/ })).toHaveProperty('checked', true),
    );
  });
});
