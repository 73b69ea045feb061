import { type TAdminCoupon, type TAdminCouponGrantResponse, ADMIN_COUPON_API, endpointUrl } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { CouponGrantModal } from '@/features/admin/components/coupon-grant-modal';
import { useAdminSession } from '@/features/admin/lib/admin-session';

const coupon: TAdminCoupon = {
  sid: 'c1',
  code: 'GIFT2026',
  name: '老客回馈',
  note: null,
  type: 1,
  amount: 3_000,
  scope: ['material'],
  limit: 100,
  redeemedCount: 0,
  startTime: '2026-11-01T00:00:00.000Z',
  endTime: '2026-12-01T00:00:00.000Z',
  status: 'active',
  owner: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const answer: TAdminCouponGrantResponse = {
  issued: [
    {
      account: { sid: 'u1', username: null, email: null, mobile: '13800000001', company: null },
      couponSid: 'k1',
      code: 'ABCD2345EF',
    },
  ],
  alreadyIssued: [],
  unknownMobiles: ['13900000000'],
  unknownSids: [],
};

describe('发放给用户 dialog', () => {
  let calls: { url: string; body: { grantKey: string; mobiles: string[] } }[];

  beforeEach(() => {
    // the first attempt fails with a 502 and the api-client toasts it: antd's static message would outlive the test
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    calls = [];
    useAdminSession.getState().setToken('operator-token');
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) as { grantKey: string; mobiles: string[] } });
        if (first) {
          first = false;
          return new Response('bad gateway', { status: 502 });
        }
        return new Response(JSON.stringify({ code: 0, data: answer, message: 'ok' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useAdminSession.getState().clear();
  });

  it('sends the mobiles, retries with the same grant key, and shows issued and unknown accounts', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <CouponGrantModal coupon={coupon} onClose={() => {}} />
        </ConfigProvider>
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '用户手机号' }), {
      target: { value: '13800000001\n13900000000, 13800000001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '发放' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(await within(dialog).findByRole('button', { name: '发放' }));
    expect(await within(dialog).findByText('已发放 1 张')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toContain(endpointUrl(ADMIN_COUPON_API.grant, { params: { sid: 'c1' } }));
    expect(calls[0]!.body.mobiles).toEqual(['13800000001', '13900000000']);
    expect(calls[1]!.body.grantKey).toBe(calls[0]!.body.grantKey);
    expect(within(dialog).getByText('1 个手机号未找到对应账号')).toBeTruthy();
    expect(within(dialog).getByText('ABCD2345EF')).toBeTruthy();
  });
});
