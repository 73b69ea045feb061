import { type TOrderRewardSettingResponse, ORDER_REWARD_API } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdScope } from '@/app/antd-scope';
import { OrderRewardCard } from '@/features/admin/components/order-reward-card';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import { notify } from '@/lib/notify';
import { type ApiCall, ok, serveApi, isCall } from './fake-api';

/** 优惠券 › 下单奖励优惠券: the order coupon of spec §2, switched on and sized by an operator. */

const OFF: TOrderRewardSettingResponse = {
  setting: { enabled: false, type: 1, amount: 2_000, validDays: 30 },
  source: 'environment',
  updatedAt: null,
};

let calls: ApiCall[] = [];

beforeEach(() => {
  useAdminSession.getState().setToken('operator-token');
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
  calls = serveApi((call) => {
    if (isCall(call, ORDER_REWARD_API.setting)) return ok(OFF);
    if (isCall(call, ORDER_REWARD_API.save))
      return ok({ setting: call.body, source: 'console', updatedAt: '2026-11-28T04:00:00.000Z' });
    return undefined;
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useAdminSession.getState().clear();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntdScope>
        <OrderRewardCard />
      </AntdScope>
    </QueryClientProvider>,
  );
}

const puts = () => calls.filter((c) => c.method === 'PUT');

describe('下单奖励优惠券', () => {
  it('shows a default shop’s reward as off, from the environment, and switches it on with its amount and days', async () => {
    renderCard();
    const toggle = await screen.findByRole('switch', { name: '支付成功后赠送优惠券' }, { timeout: 10_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/当前沿用服务器环境变量 ORDER_REWARD_COUPON_\*/)).toBeTruthy();

    fireEvent.click(toggle);
    fireEvent.change(screen.getByLabelText('优惠金额'), { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('有效天数'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ enabled: true, type: 1, amount: 1_500, validDays: 7 });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('已开启下单奖励优惠券：-¥15.00 优惠金额，有效 7 天'),
    );
    expect(await screen.findByText(/最近修改/)).toBeTruthy();
  });

  it('refuses a negative amount or 0 days with a message instead of changing them', async () => {
    renderCard();
    const amount = await screen.findByLabelText('优惠金额', undefined, { timeout: 10_000 });
    fireEvent.change(amount, { target: { value: '-5' } });
    fireEvent.blur(amount);
    fireEvent.change(screen.getByLabelText('有效天数'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText(/优惠金额必须是 0.01 到/)).toBeTruthy();
    expect(screen.getByText('有效天数必须是 1 到 3650 之间的整数')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('-5');
    expect(puts()).toHaveLength(0);
  });
});
