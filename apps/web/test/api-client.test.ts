import { CART_ROUTES, COMMON_ROUTES, ORDER_ROUTES, STORAGE_KEYS, USER_ROUTES } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, callApi } from '@/lib/api-client';
import { setNavigator } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { useDialogs } from '@/stores/dialogs';
import { useSession } from '@/stores/session';

function reply(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn(async () => new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
}

const navigate = vi.fn<(to: string) => void>();
let toast: ReturnType<typeof vi.spyOn>;

function signIn() {
  useSession.getState().setToken('token-abc');
  useSession.getState().setCartCount(3);
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
  useDialogs.setState({
    auth: { open: false, mode: 'login' },
    afterLogin: null,
    company: { open: false, onSaved: null },
  });
  navigate.mockReset();
  setNavigator(navigate);
  toast = vi.spyOn(notify, 'error').mockImplementation(() => {});
  window.history.replaceState(null, '', '/question?source=xhs');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api-client envelope', () => {
  it('unwraps data on code 0 and sends the bearer token', async () => {
    signIn();
    const fetchMock = reply(200, { code: 0, data: { keywords: ['钻戒'] }, message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);

    await expect(callApi(COMMON_ROUTES.hotKeywords)).resolves.toEqual({ keywords: ['钻戒'] });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-abc');
    expect(toast).not.toHaveBeenCalled();
  });

  it('sends JSON bodies and no Authorization header when logged out', async () => {
    const fetchMock = reply(200, { code: 0, data: { access_token: 't' }, message: '' });
    vi.stubGlobal('fetch', fetchMock);

    await callApi(USER_ROUTES.login, { body: { email: 'a@b.cn', password: 'x' } });

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(USER_ROUTES.login.path);
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.cn', password: 'x' }));
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('api-client error policy (spec §8)', () => {
  it('1000: no toast, opens the login dialog remembering the current page', async () => {
    vi.stubGlobal('fetch', reply(401, { code: 1000, data: null, message: '请先登录' }));

    const error = await callApi(CART_ROUTES.list).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).reason).toBe('no-auth');
    expect(toast).not.toHaveBeenCalled();
    expect(useDialogs.getState().auth).toEqual({ open: true, mode: 'login' });
    expect(useDialogs.getState().afterLogin).toEqual({ kind: 'navigate', to: '/question?source=xhs' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([2002, 2003])('%i: no toast, logs out (token, user, cart) and goes home', async (code) => {
    signIn();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-abc');
    vi.stubGlobal('fetch', reply(401, { code, data: null, message: '登录已过期，请重新登录' }));

    const error = await callApi(USER_ROUTES.me).catch((e: unknown) => e);

    expect((error as ApiError).code).toBe(code);
    expect((error as ApiError).reason).toBe('logged-out');
    expect(toast).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().user).toBeNull();
    expect(useSession.getState().cartCount).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(useDialogs.getState().auth.open).toBe(false);
  });

  it('1012: opens the company dialog without a toast', async () => {
    signIn();
    vi.stubGlobal('fetch', reply(403, { code: 1012, data: null, message: '请先完善企业信息' }));

    const error = await callApi(ORDER_ROUTES.placeWallet, { body: { price: 10_000 } }).catch((e: unknown) => e);

    expect((error as ApiError).reason).toBe('no-company');
    expect(useDialogs.getState().company.open).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('any other code: toasts the server message once and keeps the session', async () => {
    signIn();
    vi.stubGlobal('fetch', reply(401, { code: 2001, data: null, message: '账号或密码错误' }));

    await expect(callApi(USER_ROUTES.login, { body: { username: 'buyer', password: 'x' } })).rejects.toMatchObject({
      code: 2001,
      message: '账号或密码错误',
    });

    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('账号或密码错误');
    expect(useSession.getState().token).toBe('token-abc');
    expect(useDialogs.getState().auth.open).toBe(false);
  });

  it('carries field errors for forms', async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, {
        code: 1001,
        data: { fields: [{ path: 'email', message: '请输入正确的邮箱' }] },
        message: '请求参数不正确',
      }),
    );

    const error = (await callApi(USER_ROUTES.login, { body: { email: 'not-an-email', password: 'x' } }).catch(
      (e: unknown) => e,
    )) as ApiError;

    expect(error.fields).toEqual([{ path: 'email', message: '请输入正确的邮箱' }]);
    expect(toast).toHaveBeenCalledWith('请求参数不正确');
  });

  it('a non-envelope answer (proxy error page) toasts a network message', async () => {
    vi.stubGlobal('fetch', reply(502, '<html>Bad Gateway</html>'));

    const error = (await callApi(USER_ROUTES.me).catch((e: unknown) => e)) as ApiError;

    expect(error.code).toBe(NETWORK_ERROR_CODE);
    expect(error.status).toBe(502);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('quiet requests only throw', async () => {
    signIn();
    vi.stubGlobal('fetch', reply(401, { code: 2003, data: null, message: '登录已过期' }));

    await expect(callApi(USER_ROUTES.me, {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);

    expect(useSession.getState().token).toBe('token-abc');
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });
});
