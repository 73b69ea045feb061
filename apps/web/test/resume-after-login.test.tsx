import { LicenceType, type TUser, CART_ROUTES, MATERIAL_ROUTES, USER_ROUTES } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthDialog } from '@/features/auth/components/auth-dialog';
import DetailPage from '@/features/material/routes/detail-page';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { useCheckout } from '@/stores/checkout';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';
import { materialOf, userOf } from './factories';
import { type ApiCall, ok, serveApi, callsOf, isCall } from './fake-api';

// The page's parts load lazily: on a busy machine they take seconds. Every wait is for what is
// shown, never for time; this only lets a slow one finish.
configure({ asyncUtilTimeout: 15_000 });

/**
 * 立即购买, 加入购物车 and 定制 on a detail page ask a visitor to sign in first; signing in (or
 * registering) in that dialog carries on with the action, instead of leaving the visitor where
 * they clicked.
 */

const MATERIAL = materialOf({
  sid: 'mat0000000000001',
  keywords: ['钻戒', '婚戒'],
  authType: [LicenceType.STANDARD, LicenceType.EXTENDED],
});
const BUYER: TUser = userOf();

let calls: ApiCall[] = [];

function serve() {
  calls = serveApi((call) => {
    if (isCall(call, MATERIAL_ROUTES.detail, { id: MATERIAL.sid })) return ok(MATERIAL);
    if (isCall(call, MATERIAL_ROUTES.related, { id: MATERIAL.sid })) return ok({ materials: [], total: 0 });
    if (isCall(call, USER_ROUTES.login)) return ok({ access_token: 'new-token' });
    if (isCall(call, USER_ROUTES.register)) return ok({ access_token: 'new-token' });
    if (isCall(call, USER_ROUTES.me)) return ok({ user: BUYER, coupon: null, user_parent: null });
    if (isCall(call, CART_ROUTES.list)) return ok({ materials: [] });
    if (isCall(call, CART_ROUTES.add)) return ok({ count: 3 });
    return undefined;
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The detail page inside a layout that renders the auth dialog once, as the root layout does. */
function renderDetail() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <AuthDialog />
            <Where />
          </>
        ),
        children: [
          { path: '/detail/:sid', element: <DetailPage /> },
          { path: '/customize', element: <p>定制服务</p> },
        ],
      },
    ],
    { initialEntries: [`/detail/${MATERIAL.sid}`] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  useSession.getState().clear();
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'info').mockImplementation(() => {});
  serve();
});

afterEach(() => {
  cleanup();
  useCheckout.getState().close();
  useDialogs.getState().closeAuth();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

async function signInThroughDialog() {
  const dialog = await screen.findByRole('dialog', { name: '登录宝图' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: '邮箱' }), { target: { value: 'buyer@example.cn' } });
  fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Demo1234!' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /登\s*录/ }));
  await waitFor(() => expect(callsOf(calls, USER_ROUTES.login)).toHaveLength(1));
}

describe('an action that asked for the login goes on after it', () => {
  it('立即购买 opens the licence agreement of the chosen licence once signed in', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /立即购买/ }));
    expect(useCheckout.getState().step).toBeNull();

    await signInThroughDialog();
    await waitFor(() =>
      expect(useCheckout.getState().step).toEqual({
        kind: 'contract',
        lines: [{ sid: MATERIAL.sid, spec: LicenceType.STANDARD, title: '钻戒、婚戒图片', format: MATERIAL.format }],
      }),
    );
    // the visitor stays on the material they were buying
    expect(screen.getByTestId('where').textContent).toBe(`/detail/${MATERIAL.sid}`);
  });

  it('加入购物车 adds the chosen licence once signed in and says so', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('radio', { name: /扩展授权/ }));
    fireEvent.click(screen.getByRole('button', { name: /加入购物车/ }));
    expect(callsOf(calls, CART_ROUTES.add)).toHaveLength(0);

    await signInThroughDialog();
    await waitFor(() => expect(callsOf(calls, CART_ROUTES.add)).toHaveLength(1));
    expect(callsOf(calls, CART_ROUTES.add)[0]!.body).toEqual({ material: MATERIAL.sid, spec: LicenceType.EXTENDED });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已添加至购物车'));
    expect(useSession.getState().cartCount).toBe(3);
  });

  it('定制 opens the customization page of the material once signed in', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /定制/ }));
    await signInThroughDialog();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/customize?material=${MATERIAL.sid}`));
  });

  it('registering a new account in the same dialog carries on as well', async () => {
    renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: /立即购买/ }));
    const login = await screen.findByRole('dialog', { name: '登录宝图' });
    fireEvent.click(within(login).getByRole('button', { name: '立即注册' }));

    const dialog = await screen.findByRole('dialog', { name: '注册企业账号' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '邮箱' }), { target: { value: 'new@example.cn' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '验证码' }), { target: { value: '123456' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Demo1234!' } });
    for (const box of within(dialog).getAllByRole('checkbox')) fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: /注\s*册/ }));

    await waitFor(() => expect(callsOf(calls, USER_ROUTES.register)).toHaveLength(1));
    await waitFor(() => expect(useCheckout.getState().step?.kind).toBe('contract'));
  });
});
