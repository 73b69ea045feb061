import { OrderType, type TUserCoupon, COUPON_ROUTES } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CouponField } from '@/features/checkout/components/coupon-field';
import { couponScopeText } from '@/lib/coupon-text';
import { useSession } from '@/stores/session';

function coupon(values: Partial<TUserCoupon> & Pick<TUserCoupon, 'code' | 'type' | 'amount'>): TUserCoupon {
  return {
    sid: `sid-${values.code}`,
    name: null,
    startTime: null,
    endTime: '2030-06-30T16:00:00.000Z',
    scope: [],
    limit: 1,
    notify: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}

function replyWith(coupons: TUserCoupon[]) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 0, data: { coupons }, message: 'ok' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function renderField(onApply: (code: string) => Promise<string | null>, orderType: OrderType = OrderType.MATERIAL) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <CouponField
          appliedCode={null}
          discountCents={null}
          onApply={onApply}
          onClear={() => {}}
          orderType={orderType}
        />
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

async function openPicker() {
  fireEvent.click(await screen.findByRole('button', { name: /选择我的优惠券/ }));
  return screen.findByRole('dialog');
}

beforeEach(() => {
  useSession.getState().setToken('buyer-token');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

describe('coupon picker in the order drawer', () => {
  it('asks GET /api/user/code with the buyer token, and says so when there is nothing to use', async () => {
    const fetchMock = replyWith([]);
    vi.stubGlobal('fetch', fetchMock);
    renderField(vi.fn(async () => null));

    const dialog = await openPicker();
    expect(await within(dialog).findByText('暂时没有可用的优惠券')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(COUPON_ROUTES.usable.path);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer buyer-token');
  });

  it('lists the coupons covering this order, valued as the spec says, and applies the chosen one', async () => {
    vi.stubGlobal(
      'fetch',
      replyWith([
        coupon({ code: 'FIX5000', type: 1, amount: 5_000, name: '好评返券', scope: [OrderType.MATERIAL] }),
        coupon({ code: 'PCT20', type: 2, amount: 20 }),
        coupon({ code: 'CUSTOMONLY', type: 1, amount: 100, scope: [OrderType.CUSTOM] }),
      ]),
    );
    const onApply = vi.fn(async () => null);
    renderField(onApply);

    expect(await screen.findByRole('button', { name: '选择我的优惠券（2）' })).toBeTruthy();
    const dialog = await openPicker();
    expect(within(dialog).getByText('-¥50.00 优惠金额')).toBeTruthy();
    expect(within(dialog).getByText('好评返券')).toBeTruthy();
    expect(within(dialog).getByText('8 折')).toBeTruthy();
    expect(within(dialog).getByText(couponScopeText([OrderType.MATERIAL]))).toBeTruthy();
    expect(within(dialog).queryByText('CUSTOMONLY')).toBeNull();

    const pct = within(dialog).getByText('PCT20').closest('li');
    fireEvent.click(within(pct as HTMLElement).getByRole('button', { name: '使用' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('PCT20'));
    expect((screen.getByLabelText('优惠码') as HTMLInputElement).value).toBe('PCT20');
  });

  it('offers nothing for an order type no coupon covers', async () => {
    vi.stubGlobal(
      'fetch',
      replyWith([coupon({ code: 'CUSTOMONLY', type: 1, amount: 100, scope: [OrderType.CUSTOM] })]),
    );
    renderField(
      vi.fn(async () => null),
      OrderType.MATERIAL,
    );
    const dialog = await openPicker();
    expect(await within(dialog).findByText('暂时没有可用的优惠券')).toBeTruthy();
  });

  it("shows the server's refusal of a chosen coupon beside the field", async () => {
    vi.stubGlobal('fetch', replyWith([coupon({ code: 'OLD1', type: 1, amount: 100 })]));
    renderField(vi.fn(async () => '优惠码已过期'));
    const dialog = await openPicker();
    fireEvent.click(await within(dialog).findByRole('button', { name: '使用' }));
    expect(await screen.findByText('优惠码已过期')).toBeTruthy();
  });

  it('keeps the typed code working, and asks for a code when the field is empty', async () => {
    vi.stubGlobal('fetch', replyWith([]));
    const onApply = vi.fn(async () => null);
    renderField(onApply);
    const input = screen.getByLabelText('优惠码');
    const apply = screen.getByRole('button', { name: '使用' });

    fireEvent.click(apply);
    expect(await screen.findByText('请先输入优惠码')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: ' summer2026 ' } });
    fireEvent.click(apply);
    await waitFor(() => expect(onApply).toHaveBeenCalledWith('summer2026'));
  });
});
