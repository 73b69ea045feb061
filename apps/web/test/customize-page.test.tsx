import type { TOrder } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CustomizePage from '@/features/customize/routes/customize-page';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { materialOf, userOf } from './factories';
import { type ApiCall, ok, serveApi } from './fake-api';

/**
 * /customize without antd: the advanced tier is ordered here (uploads, the brief, the price the
 * server estimates, the agreement), the quoted tiers send a brief that must say enough.
 */

const MATERIAL = materialOf({ sid: 'mat0000000000001', keywords: ['钻戒', '婚戒'] });
const ORDER = { sid: 'ord0000000000001' } as TOrder;

let calls: ApiCall[] = [];

function serve() {
  calls = serveApi((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === `/api/material/${MATERIAL.sid}`) return ok(MATERIAL);
    if (path === '/api/order/place/custom/preview') {
      const body = call.body as { code: string | null };
      return ok({ price_origin: 99_900, discount_member: 0, discount_coupon: body.code ? 10_000 : 0, price: 89_900 });
    }
    if (path === '/api/order/place/custom') return ok({ order: ORDER });
    if (path === '/api/user/demand/quote') return ok({ sid: 'dem0000000000001' });
    if (path === '/api/common/oss_sts_token')
      return ok({ upload_url: '/api/common/upload/local', fields: { key: 'k' }, key: 'private/p.png' });
    if (path === '/api/common/upload/check')
      return ok({ key: 'private/p.png', width: 900, height: 900, bytes: 2048, content_type: 'image/png' });
    return undefined;
  });
}

/** Storage accepts every file at once. */
class StorageXhr {
  upload = { onprogress: null };
  status = 204;
  responseText = '';
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    setTimeout(() => this.onload?.(), 0);
  }
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/customize" element={<CustomizePage />} />
          <Route path="*" element={<p>其他页面</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);

beforeEach(() => {
  queryClient.clear();
  useSession.getState().setUser(userOf());
  vi.stubGlobal('XMLHttpRequest', StorageXhr);
  URL.createObjectURL = vi.fn(() => 'blob:product');
  URL.revokeObjectURL = vi.fn();
  serve();
});

afterEach(() => {
  cleanup();
  useCheckout.getState().close();
  vi.unstubAllGlobals();
});

describe('/customize', () => {
  it('without a material asks for one and links to the catalogue', () => {
    renderAt('/customize');
    expect(screen.getByRole('heading', { name: '请先选择一张素材' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去挑选素材' }).getAttribute('href')).toBe('/');
  });

  it('estimates the price for the chosen pay way and coupon', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    const paid = await screen.findByText('预计实付');
    expect(paid.nextElementSibling!.textContent).toBe('¥899.00');
    expect(posts('/api/order/place/custom/preview')[0]!.body).toMatchObject({
      material: MATERIAL.sid,
      product_key: null,
      code: null,
      pay_way: 'WECHAT',
    });

    fireEvent.click(within(screen.getByRole('radiogroup', { name: '预估支付方式' })).getByLabelText('余额支付'));
    await waitFor(() =>
      expect(posts('/api/order/place/custom/preview').at(-1)!.body).toMatchObject({ pay_way: 'WALLET' }),
    );

    fireEvent.change(screen.getByRole('textbox', { name: '优惠券码' }), { target: { value: ' GS2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('优惠券')).toBeTruthy();
    expect(posts('/api/order/place/custom/preview').at(-1)!.body).toMatchObject({ code: 'GS2026', pay_way: 'WALLET' });
  });

  it('orders only with a product photo and the agreement, and opens the order drawer', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    await screen.findByText('预计实付');
    const submit = screen.getByRole('button', { name: '提交定制并支付' }) as HTMLButtonElement;
    const agreement = screen.getByRole('checkbox', { name: /定制服务协议/ });
    fireEvent.click(agreement);
    // agreed, but the product photo is required
    expect(submit.disabled).toBe(true);

    fireEvent.change(screen.getByLabelText(/主标题/), { target: { value: '新品上市' } });
    const sketch = screen.getByRole('figure', { name: '定制效果示意' });
    expect(within(sketch).getByText('新品上市')).toBeTruthy();
    expect(screen.getByText('4 / 40')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/设计方向/), { target: { value: '节日海报' } });
    fireEvent.click(screen.getByRole('radio', { name: '女士' }));

    const box = screen.getByRole('button', { name: '上传产品图' });
    fireEvent.drop(box, {
      dataTransfer: { files: [new File([new Uint8Array(2048)], 'ring.png', { type: 'image/png' })] },
    });
    expect(await within(sketch).findByRole('img', { name: '您的产品图（示意位置）' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: '产品图预览' })).toBeTruthy();
    expect(submit.disabled).toBe(false);

    fireEvent.click(agreement);
    expect(submit.disabled).toBe(true);
    fireEvent.click(agreement);
    fireEvent.click(submit);
    await waitFor(() => expect(posts('/api/order/place/custom')).toHaveLength(1));
    expect(posts('/api/order/place/custom')[0]!.body).toEqual({
      material: MATERIAL.sid,
      source: null,
      product_key: 'private/p.png',
      logo_key: null,
      detail: { direction: '节日海报', gender: '女士', title: '新品上市' },
    });
    await waitFor(() => expect(useCheckout.getState().step).toEqual({ kind: 'order', order: ORDER }));
  });

  it('a super customization needs a brief of at least 10 characters, then asks for a quote', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    fireEvent.click(await screen.findByRole('radio', { name: '超级定制' }));
    const brief = await screen.findByLabelText('需求描述');
    expect(screen.getByTestId('where').textContent).toContain('tier=super');
    // the advanced tier's sketch of the product is not shown for a brief
    expect(screen.queryByRole('textbox', { name: /主标题/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    expect(await screen.findByText('请描述您的定制需求')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(brief));
    fireEvent.change(brief, { target: { value: '三张海报' } });
    expect(await screen.findByText('请描述您的定制需求（至少 10 个字）')).toBeTruthy();
    expect(posts('/api/user/demand/quote')).toHaveLength(0);

    fireEvent.change(brief, { target: { value: '为新品婚戒做一组节日主题海报，三张，红金配色' } });
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    await waitFor(() => expect(posts('/api/user/demand/quote')).toHaveLength(1));
    expect(posts('/api/user/demand/quote')[0]!.body).toEqual({
      tier: 'super',
      material: MATERIAL.sid,
      brief: '为新品婚戒做一组节日主题海报，三张，红金配色',
      references: [],
      duration: null,
      aspect_ratio: null,
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/record/customize?demand=dem0000000000001'),
    );
  });

  it('an AI video brief takes a duration of 5–120 seconds and an aspect ratio', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}&tier=ai_video`);
    const duration = (await screen.findByLabelText('视频时长（秒）')) as HTMLInputElement;
    expect(duration.value).toBe('15');
    fireEvent.change(screen.getByLabelText('需求描述'), { target: { value: '一段 15 秒的钻戒旋转展示视频' } });
    fireEvent.change(duration, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    expect(await screen.findByText('视频时长需在 5 到 120 秒之间')).toBeTruthy();
    fireEvent.change(duration, { target: { value: '' } });
    expect(await screen.findByText('请填写视频时长')).toBeTruthy();
    expect(posts('/api/user/demand/quote')).toHaveLength(0);

    fireEvent.change(duration, { target: { value: '30' } });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '画幅' })).getByRole('radio', { name: '1:1' }));
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    await waitFor(() => expect(posts('/api/user/demand/quote')).toHaveLength(1));
    expect(posts('/api/user/demand/quote')[0]!.body).toMatchObject({
      tier: 'ai_video',
      duration: 30,
      aspect_ratio: '1:1',
    });
  });
});
