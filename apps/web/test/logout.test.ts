import { USER_ROUTES } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/api/logout';
import { setNavigator } from '@/lib/navigation';
import { notify } from '@/lib/notify';
import { useSession } from '@/stores/session';

function reply(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => {
  localStorage.clear();
  useSession.getState().clear();
  setNavigator(vi.fn());
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('退出登录', () => {
  it('asks the server to revoke the token, then forgets the session', async () => {
    useSession.getState().setToken('token-abc');
    const fetchMock = reply(200, { code: 0, data: null, message: 'ok' });
    vi.stubGlobal('fetch', fetchMock);

    await logout();

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(USER_ROUTES.logout.path);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-abc');
    expect(useSession.getState().token).toBeNull();
  });

  it('signs out here even when the server cannot be reached, without an error toast', async () => {
    useSession.getState().setToken('token-abc');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );

    await logout();

    expect(useSession.getState().token).toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
