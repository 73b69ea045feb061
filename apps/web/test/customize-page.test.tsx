import {
  type TOrder,
  DESIGN_ROUTES,
  MATERIAL_ROUTES,
  ORDER_ROUTES,
  UPLOAD_PATHS,
  UPLOAD_ROUTES,
} from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft } from '@/features/customize/lib/custom-draft';
import CustomizePage from '@/features/customize/routes/customize-page';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { useSession } from '@/stores/session';
import { materialOf, userOf } from './factories';

const BUYER = userOf();
import { type ApiCall, ok, serveApi, callsOf, isCall } from './fake-api';

// The page's parts load lazily: on a busy machine they take seconds. Every wait is for what is
// shown, never for time; this only lets a slow one finish.
configure({ asyncUtilTimeout: 15_000 });

/**
 * /customize without antd: the advanced tier is ordered here (uploads, the brief, the price the
 * server estimates, the agreement), the quoted tiers send a brief that must say enough.
 */

const MATERIAL = materialOf({ sid: 'mat0000000000001', keywords: ['钻戒', '婚戒'] });
const ORDER = { sid: 'ord0000000000001' } as TOrder;

let calls: ApiCall[] = [];

function serve() {
  calls = serveApi((call) => {
    if (isCall(call, MATERIAL_ROUTES.detail, { id: MATERIAL.sid })) return ok(MATERIAL);
    if (isCall(call, ORDER_ROUTES.placeCustomPreview)) {
      const body = call.body as { code: string | null };
      return ok({ price_origin: 99_900, discount_member: 0, discount_coupon: body.code ? 10_000 : 0, price: 89_900 });
    }
    if (isCall(call, ORDER_ROUTES.placeCustom)) return ok({ order: ORDER });
    if (isCall(call, DESIGN_ROUTES.requestQuote)) return ok({ sid: 'dem0000000000001' });
    if (isCall(call, UPLOAD_ROUTES.token))
      return ok({ upload_url: UPLOAD_PATHS.local, fields: { key: 'k' }, key: 'private/p.png' });
    if (isCall(call, UPLOAD_ROUTES.check))
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

/** The page in the app's kind of router (a data router: leaving can be blocked), with a link out. */
function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/">首页</Link>
            <Outlet />
            <Where />
          </>
        ),
        children: [
          { path: '/customize', element: <CustomizePage /> },
          { path: '*', element: <p>其他页面</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

async function uploadProduct() {
  fireEvent.drop(screen.getByRole('button', { name: '上传产品图' }), {
    dataTransfer: { files: [new File([new Uint8Array(2048)], 'ring.png', { type: 'image/png' })] },
  });
  await screen.findByRole('img', { name: '产品图预览' });
}

/** Whether closing or reloading the tab now makes the browser ask first. */
function unloadIsAsked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  queryClient.clear();
  useSession.getState().setUser(BUYER);
  vi.stubGlobal('XMLHttpRequest', StorageXhr);
  URL.createObjectURL = vi.fn(() => 'blob:product');
  URL.revokeObjectURL = vi.fn();
  serve();
});

afterEach(() => {
  cleanup();
  clearDraft(BUYER.sid, MATERIAL.sid);
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
    expect(callsOf(calls, ORDER_ROUTES.placeCustomPreview)[0]!.body).toMatchObject({
      material: MATERIAL.sid,
      product_key: null,
      code: null,
      pay_way: 'WECHAT',
    });

    fireEvent.click(within(screen.getByRole('radiogroup', { name: '预估支付方式' })).getByLabelText('余额支付'));
    await waitFor(() =>
      expect(callsOf(calls, ORDER_ROUTES.placeCustomPreview).at(-1)!.body).toMatchObject({ pay_way: 'WALLET' }),
    );

    fireEvent.change(screen.getByRole('textbox', { name: '优惠券码' }), { target: { value: ' GS2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('优惠券')).toBeTruthy();
    expect(callsOf(calls, ORDER_ROUTES.placeCustomPreview).at(-1)!.body).toMatchObject({
      code: 'GS2026',
      pay_way: 'WALLET',
    });
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
    await waitFor(() => expect(callsOf(calls, ORDER_ROUTES.placeCustom)).toHaveLength(1));
    expect(callsOf(calls, ORDER_ROUTES.placeCustom)[0]!.body).toEqual({
      material: MATERIAL.sid,
      source: null,
      product_key: 'private/p.png',
      logo_key: null,
      detail: { direction: '节日海报', gender: '女士', title: '新品上市' },
    });
    // no pay way was picked here: the order drawer applies its own default
    await waitFor(() =>
      expect(useCheckout.getState().step).toEqual({
        kind: 'order',
        order: ORDER,
        preset: { payWay: null, code: null },
      }),
    );
  });

  it('says under 提交定制并支付 what it still waits for, until nothing is missing', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    await screen.findByText('预计实付');
    const submit = screen.getByRole('button', { name: '提交定制并支付' }) as HTMLButtonElement;
    const reason = () => document.getElementById(submit.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(submit.disabled).toBe(true);
    expect(reason()).toBe('提交前请先上传产品图，并勾选同意《定制服务协议》与《授权许可使用协议》');

    fireEvent.click(screen.getByRole('checkbox', { name: /定制服务协议/ }));
    expect(reason()).toBe('提交前请先上传产品图');

    await uploadProduct();
    expect(submit.disabled).toBe(false);
    expect(submit.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/提交前请先/)).toBeNull();
  });

  it('keeps what was typed, uploaded and picked when the buyer leaves and comes back', async () => {
    const { router } = renderAt(`/customize?material=${MATERIAL.sid}`);
    await screen.findByText('预计实付');
    fireEvent.change(screen.getByLabelText(/主标题/), { target: { value: '新品上市' } });
    fireEvent.change(screen.getByLabelText(/设计方向/), { target: { value: '节日海报' } });
    await uploadProduct();
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '预估支付方式' })).getByLabelText('支付宝'));

    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: '离开当前页面？' })).getByRole('button', { name: '离开' }),
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.queryByLabelText(/主标题/)).toBeNull();

    // back to the form (the browser's back, then forward, does the same)
    await act(() => router.navigate(-1));
    expect(await screen.findByText('已恢复您上次未提交的定制内容')).toBeTruthy();
    expect((screen.getByLabelText(/主标题/) as HTMLInputElement).value).toBe('新品上市');
    expect((screen.getByLabelText(/设计方向/) as HTMLSelectElement).value).toBe('节日海报');
    expect(screen.getByRole('img', { name: '产品图预览' })).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: '预估支付方式' })).getByLabelText('支付宝')).toHaveProperty(
      'checked',
      true,
    );
    // the restored upload is the one the order will use
    await waitFor(() =>
      expect(callsOf(calls, ORDER_ROUTES.placeCustomPreview).at(-1)!.body).toMatchObject({
        product_key: 'private/p.png',
        pay_way: 'ALIPAY',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: '清空重填' }));
    expect((screen.getByLabelText(/主标题/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('img', { name: '产品图预览' })).toBeNull();
  });

  it('asks before leaving with unsaved input, in the app and when the tab closes', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    await screen.findByText('预计实付');
    expect(unloadIsAsked()).toBe(false);

    fireEvent.change(screen.getByLabelText(/副标题/), { target: { value: '限时礼遇' } });
    expect(unloadIsAsked()).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    const ask = await screen.findByRole('dialog', { name: '离开当前页面？' });
    expect(ask.textContent).toContain('您的定制尚未提交');
    fireEvent.click(within(ask).getByRole('button', { name: '继续填写' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '离开当前页面？' })).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe(`/customize?material=${MATERIAL.sid}`);
    expect((screen.getByLabelText(/副标题/) as HTMLInputElement).value).toBe('限时礼遇');

    // another tier is the same page: no question
    fireEvent.click(screen.getByRole('radio', { name: '超级定制' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain('tier=super'));
    expect(screen.queryByRole('dialog', { name: '离开当前页面？' })).toBeNull();
  });

  it('carries the pay way and coupon picked here into the order drawer, and leaves no draft behind', async () => {
    const { router } = renderAt(`/customize?material=${MATERIAL.sid}`);
    await screen.findByText('预计实付');
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '预估支付方式' })).getByLabelText('支付宝'));
    fireEvent.change(screen.getByRole('textbox', { name: '优惠券码' }), { target: { value: 'GS2026' } });
    fireEvent.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('优惠券')).toBeTruthy();
    await uploadProduct();
    fireEvent.click(screen.getByRole('checkbox', { name: /定制服务协议/ }));
    fireEvent.click(screen.getByRole('button', { name: '提交定制并支付' }));

    await waitFor(() =>
      expect(useCheckout.getState().step).toEqual({
        kind: 'order',
        order: ORDER,
        preset: { payWay: 'ALIPAY', code: 'GS2026' },
      }),
    );
    // the order holds it all now: leaving asks nothing, and the form starts empty next time
    expect(unloadIsAsked()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: '首页' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    await act(() => router.navigate(-1));
    await screen.findByText('预计实付');
    expect(screen.queryByText('已恢复您上次未提交的定制内容')).toBeNull();
    expect(screen.queryByRole('img', { name: '产品图预览' })).toBeNull();
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
    expect(callsOf(calls, DESIGN_ROUTES.requestQuote)).toHaveLength(0);

    fireEvent.change(brief, { target: { value: '为新品婚戒做一组节日主题海报，三张，红金配色' } });
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    await waitFor(() => expect(callsOf(calls, DESIGN_ROUTES.requestQuote)).toHaveLength(1));
    expect(callsOf(calls, DESIGN_ROUTES.requestQuote)[0]!.body).toEqual({
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

  it('a brief over 2,000 characters is kept whole and counted, and refused with the limit named', async () => {
    renderAt(`/customize?material=${MATERIAL.sid}`);
    fireEvent.click(await screen.findByRole('radio', { name: '超级定制' }));
    const brief = await screen.findByLabelText('需求描述');
    expect(screen.getByText('0 / 2000')).toBeTruthy();
    const long = '为新品婚戒做一组节日主题海报，红金配色。'.repeat(125);
    expect(long).toHaveLength(2500);
    fireEvent.change(brief, { target: { value: long } });

    expect((brief as HTMLTextAreaElement).value).toBe(long);
    expect(brief.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('2500 / 2000').className).toContain('is-over');
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    expect(await screen.findByText('不能超过 2000 个字符')).toBeTruthy();
    expect(callsOf(calls, DESIGN_ROUTES.requestQuote)).toHaveLength(0);
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
    expect(callsOf(calls, DESIGN_ROUTES.requestQuote)).toHaveLength(0);

    fireEvent.change(duration, { target: { value: '30' } });
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '画幅' })).getByRole('radio', { name: '1:1' }));
    fireEvent.click(screen.getByRole('button', { name: '提交需求，等待报价' }));
    await waitFor(() => expect(callsOf(calls, DESIGN_ROUTES.requestQuote)).toHaveLength(1));
    expect(callsOf(calls, DESIGN_ROUTES.requestQuote)[0]!.body).toMatchObject({
      tier: 'ai_video',
      duration: 30,
      aspect_ratio: '1:1',
    });
  });
});
