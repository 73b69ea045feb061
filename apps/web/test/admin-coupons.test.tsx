import {
  COUPON_NAME_MAX_LENGTH,
  ADMIN_ROUTES,
  type TAdminCoupon,
  type TAdminCouponDetailResponse,
  ZAdminCouponCreateRequest,
} from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CouponDetailDrawer } from '@/features/admin/components/coupon-detail-drawer';
import { useAdminSession } from '@/features/admin/lib/admin-session';
import {
  type CouponFormValues,
  couponFormFieldOf,
  initialCouponValues,
  toCreateRequest,
  yuanInputToCents,
} from '@/features/admin/lib/coupon-form';

// what the operator picks: China's wall clock (the pickers show it whatever the browser's zone)
const START = dayjs('2026-11-11T00:00:00');
const END = dayjs('2026-12-11T23:59:59');

function values(change: Partial<CouponFormValues> = {}): CouponFormValues {
  return { ...initialCouponValues(START), name: ' 双十一满减 ', validity: [START, END], ...change };
}

describe('coupon form → POST /api/admin/coupons', () => {
  it('turns the yuan typed into cents from its digits, never through a float', () => {
    expect(yuanInputToCents('0.1')).toBe(10);
    expect(yuanInputToCents('19.99')).toBe(1_999);
    expect(yuanInputToCents('0.07')).toBe(7);
    expect(yuanInputToCents('1000000')).toBe(100_000_000);
    expect(yuanInputToCents('1.005')).toBeNull();
    expect(yuanInputToCents('-5')).toBeNull();
    expect(yuanInputToCents(null)).toBeNull();
  });

  it('sends a fixed-amount coupon in cents with its own code, and the server schema accepts it', () => {
    const body = toCreateRequest(
      values({ amountYuan: '50.5', code: 'VIP2026', prefix: 'IGNORED', scope: ['material'], limit: 100, note: ' ' }),
    );
    expect(body).toEqual({
      name: '双十一满减',
      note: null,
      type: 1,
      amount: 5_050,
      scope: ['material'],
      limit: 100,
      startTime: '2026-11-10T16:00:00.000Z',
      endTime: '2026-12-11T15:59:59.000Z',
      code: 'VIP2026',
    });
    expect(ZAdminCouponCreateRequest.safeParse(body).success).toBe(true);
  });

  it('sends a percentage as percent off, and a batch as a count with its prefix and no code', () => {
    const body = toCreateRequest(values({ mode: 'batch', type: 2, percent: 20, count: 200, prefix: 'S11', code: 'X' }));
    expect(body).toMatchObject({ type: 2, amount: 20, count: 200, prefix: 'S11' });
    expect(body).not.toHaveProperty('code');
    expect(ZAdminCouponCreateRequest.safeParse(body).success).toBe(true);
  });

  it('sends an unreadable amount as -1 so the server explains it', () => {
    expect(toCreateRequest(values({ amountYuan: 'abc' })).amount).toBe(-1);
    expect(ZAdminCouponCreateRequest.safeParse(toCreateRequest(values({ amountYuan: null }))).success).toBe(false);
  });

  it("puts the server's field errors on the form's fields", () => {
    expect(couponFormFieldOf('amount', 1)).toBe('amountYuan');
    expect(couponFormFieldOf('amount', 2)).toBe('percent');
    expect(couponFormFieldOf('endTime', 1)).toBe('validity');
    expect(couponFormFieldOf('code', 1)).toBe('code');
    expect(couponFormFieldOf('whatever', 1)).toBeNull();
  });
});

describe('coupon detail drawer', () => {
  const coupon: TAdminCoupon = {
    sid: 'c1',
    code: 'USE-ME-1',
    name: '首单立减',
    note: null,
    type: 1,
    amount: 1_000,
    scope: [],
    limit: 0,
    redeemedCount: 1,
    startTime: '2026-11-01T00:00:00.000Z',
    endTime: '2026-12-01T00:00:00.000Z',
    status: 'active',
    owner: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
  const detail: TAdminCouponDetailResponse = {
    coupon,
    redemptions: [
      {
        account: {
          sid: 'u1',
          username: null,
          email: 'buyer@example.com',
          mobile: null,
          company: '上海鑫鎏珠宝有限公司',
        },
        orderSid: 'o1',
        orderNo: 'GS202611110001',
        createdAt: '2026-11-11T02:00:00.000Z',
      },
    ],
  };

  let sentBodies: string[] = [];

  async function renderDrawer() {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConfigProvider button={{ autoInsertSpace: false }}>
          <CouponDetailDrawer sid="c1" onClose={() => {}} />
        </ConfigProvider>
      </QueryClientProvider>,
    );
    return screen.findByRole('dialog');
  }

  beforeEach(() => {
    useAdminSession.getState().setToken('operator-token');
    sentBodies = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method && init.method !== 'GET') sentBodies.push(String(init.body));
        // a 财务 operator: ending a coupon is theirs (and 管理员's)
        const me = {
          operator: { sid: 'op1', username: 'li', name: null, lastLoginAt: null, roles: ['finance'] },
          warnings: { cluster: null },
        };
        const data = url.startsWith(ADMIN_ROUTES.me.path) ? me : detail;
        return new Response(JSON.stringify({ code: 0, data, message: 'ok' }), {
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

  it('shows the terms and who used the coupon on which order', async () => {
    const drawer = await renderDrawer();
    expect(await within(drawer).findByText('-¥10.00 优惠金额')).toBeTruthy();
    expect(within(drawer).getByText('素材授权、定制服务（不含超级定制报价）')).toBeTruthy();
    expect(within(drawer).getByText('1 / 不限')).toBeTruthy();
    expect(within(drawer).getByText('buyer@example.com')).toBeTruthy();
    expect(within(drawer).getByText('上海鑫鎏珠宝有限公司')).toBeTruthy();
    expect(within(drawer).getByText('GS202611110001')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: '立即结束' })).toBeTruthy();
  });

  it('keeps an over-long name in the open editor with the refusal, sends nothing, and saves it once shortened', async () => {
    const drawer = await renderDrawer();
    fireEvent.click(await within(drawer).findByRole('button', { name: '修改名称' }));
    const typed = '双十一'.repeat(Math.ceil((COUPON_NAME_MAX_LENGTH + 1) / 3));
    const box = within(drawer).getByRole('textbox');
    fireEvent.change(box, { target: { value: typed } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
    expect((await within(drawer).findByRole('alert')).textContent).toContain('未保存');
    // still open, with every character typed
    expect((within(drawer).getByRole('textbox') as HTMLTextAreaElement).value).toBe(typed);
    expect(sentBodies).toEqual([]);

    const shortened = typed.slice(0, COUPON_NAME_MAX_LENGTH);
    fireEvent.change(within(drawer).getByRole('textbox'), { target: { value: shortened } });
    fireEvent.keyDown(within(drawer).getByRole('textbox'), { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(within(drawer).getByRole('textbox'), { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(sentBodies).toHaveLength(1));
    expect(JSON.parse(sentBodies[0]!)).toMatchObject({ name: shortened });
  });
});
